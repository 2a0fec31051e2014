import type { ProductSummary } from '@habi/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

// A swipeable row on phones, five columns from 1024 px.
const rowClass =
  '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:grid lg:grid-cols-5 lg:gap-6 lg:overflow-visible lg:px-0 lg:pb-0';
const itemClass = 'w-[44%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-auto';
const CARD_SIZES = '(min-width: 1024px) 230px, (min-width: 640px) 30vw, 45vw';

interface ProductRowProps {
  id: string;
  eyebrow: string;
  title: string;
  description: string;
  query: Pick<UseQueryResult<ProductSummary[]>, 'data' | 'isPending' | 'isError' | 'refetch'>;
  action?: ReactNode;
}

/** A titled home section of five product cards: Latest Collections, Best Collections. */
export function ProductRow({ id, eyebrow, title, description, query, action }: ProductRowProps) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex max-w-xl flex-col gap-2">
          <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>
          <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
          <p className="text-muted">{description}</p>
        </div>
        {action}
      </div>
      {query.isPending ? (
        <div className="relative">
          <div aria-hidden="true" className={rowClass}>
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ProductCardSkeleton key={i} className={itemClass} />
            ))}
          </div>
          <div className="absolute inset-0 grid place-items-center">
            <Loading className="rounded-full bg-paper px-5 py-2.5 shadow-sm" />
          </div>
        </div>
      ) : query.isError ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-line bg-white p-6">
          <p className="text-ink-soft">We couldn't load these products just now.</p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={rowClass}>
          {/* Below Home's hero, the page's main image: these load lazily, after it. */}
          {query.data?.map((product) => (
            <li key={product._id} className={itemClass}>
              <ProductCard product={product} sizes={CARD_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
