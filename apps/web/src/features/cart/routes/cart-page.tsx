import { PAGE_HEADS } from '@habi/shared';
import { ArrowRight } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { hasSavedLines, useCartCount, useSavedCart } from '../../../lib/cart-store.ts';
import { paths } from '../../../lib/paths.ts';

const loadReview = () => import('../components/cart-review.tsx');
const CartReview = lazy(loadReview);
// The lines' code (checkout, addresses, the discount code's form and validation) is asked for
// with the page's own when the cart has lines; an empty cart never loads it.
if (typeof window !== 'undefined' && hasSavedLines()) void loadReview();

/**
 * Until the app has read the cart (the server's page, and hydration) the page holds both its
 * states: parts marked `data-cart-shows` are shown by the stylesheet as the head's script found
 * the browser's cart (@habi/shared cart-storage.ts, index.css). Once read, the marks go and the
 * page shows what the cart holds.
 */
type Shows = 'empty' | 'lines';

function PageHeading({ count }: { count: number | null }) {
  const shows = (state: Shows) => (count === null ? state : undefined);
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b border-line pb-6 sm:mb-10">
      <div>
        <h1 className="text-3xl font-semibold sm:text-4xl">Shopping Cart</h1>
        <p className="mt-2 text-sm text-muted">
          {count ? (
            <span>{`${count} ${count === 1 ? 'item' : 'items'} in your cart`}</span>
          ) : (
            <span data-cart-shows={shows('empty')}>Nothing here yet.</span>
          )}
          {count === null && (
            <span
              data-cart-shows="lines"
              className="inline-block h-4 w-32 animate-pulse rounded bg-sand align-middle"
            >
              <span className="sr-only">Loading...</span>
            </span>
          )}
        </p>
      </div>
      {count !== 0 && (
        <Link
          data-cart-shows={shows('lines')}
          to={paths.products}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent-dark underline-offset-4 hover:underline"
        >
          Continue shopping
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      )}
    </div>
  );
}

/** The lines' place while their code loads: the review's heading, a line, the sign-in box and the summary, each about its size. */
function LinesSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem] xl:gap-10">
      <section aria-labelledby="review-heading" className="min-w-0">
        <h2 id="review-heading" className="text-2xl font-semibold">
          Review your Cart
        </h2>
        <div
          role="status"
          className="mt-5 h-[32rem] animate-pulse rounded-2xl border border-line bg-white md:h-[22rem]"
        >
          <span className="sr-only">Loading...</span>
        </div>
      </section>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="h-48 animate-pulse rounded-2xl border border-line bg-white" />
        <div className="h-[31.5rem] animate-pulse rounded-2xl border border-line bg-white" />
      </div>
    </div>
  );
}

/** Cart and checkout: the lines, the address box for shoppers and the order summary. */
export default function CartPage() {
  const lines = useSavedCart();
  useDocumentTitle(PAGE_HEADS['/cart'].title);
  const count = useCartCount();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-14">
      <PageHeading count={count} />
      {lines?.length ? (
        <Suspense fallback={<LinesSkeleton />}>
          <CartReview lines={lines} />
        </Suspense>
      ) : (
        <div
          data-cart-shows={lines ? undefined : 'empty'}
          className="rounded-2xl border border-line bg-white"
        >
          <EmptyState title="Cart is currently empty." className="py-20">
            <Link
              to={paths.products}
              className="inline-flex items-center gap-2 text-base font-semibold text-accent-dark underline underline-offset-4 hover:text-accent"
            >
              Browse the collection to add products to your cart.
              <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
            </Link>
          </EmptyState>
        </div>
      )}
      {lines === null && (
        <div data-cart-shows="lines">
          <LinesSkeleton />
        </div>
      )}
    </div>
  );
}
