import type { ProductSummary } from '@habi/shared';
import { Loading } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { InTurn } from '../../../lib/hydrate-in-turn.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

/**
 * Columns at least 10rem (13rem on wide screens) wide that share the row: a card stays under
 * 250 px wide however wide the window, so a card is never taller than 300 px.
 */
const gridClass =
  'grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-x-4 gap-y-8 lg:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] lg:gap-x-6 lg:gap-y-10';

const CARD_SIZES = '(min-width: 1024px) 220px, (min-width: 640px) 25vw, 45vw';

interface ProductGridProps {
  products: ProductSummary[];
  className?: string;
  'aria-busy'?: boolean;
}

export function ProductGrid({ products, className, 'aria-busy': busy }: ProductGridProps) {
  return (
    <ul className={cn(gridClass, className)} aria-busy={busy}>
      {products.map((product, index) => (
        <li key={product._id}>
          <InTurn>
            <ProductCard product={product} sizes={CARD_SIZES} priority={index < 4} />
          </InTurn>
        </li>
      ))}
    </ul>
  );
}

/** The grid's shape while the first page loads, announced as 'Loading...'. */
export function ProductGridSkeleton({ count = 12 }: { count?: number }) {
  return (
    <div>
      <Loading className="sr-only" />
      <div className={gridClass}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
