import { PAGE_HEADS, parseCollectionFilters } from '@habi/shared';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { InTurn } from '../../../lib/hydrate-in-turn.tsx';
import { infiniteProductsQueryOptions, listingFilters, useInfiniteProducts } from '../api/get-products.ts';
import { ActiveFilters } from '../components/active-filters.tsx';
import { EmptyResults } from '../components/empty-results.tsx';
import { FiltersPanel } from '../components/filters-panel.tsx';
import { ProductGrid, ProductGridSkeleton } from '../components/product-grid.tsx';
import { SortSelect } from '../components/sort-select.tsx';
import { useProductFilters } from '../hooks/use-product-filters.ts';
import { productsUrl } from '../utils/filters.ts';

/** Server rendering: the first page of what the URL asks for. */
export function prefetch(queryClient: QueryClient, url: URL) {
  return queryClient.prefetchInfiniteQuery(
    infiniteProductsQueryOptions(listingFilters(parseCollectionFilters(url.searchParams))),
  );
}

/**
 * Product listing. The server searches, filters, sorts and pages (24 at a time,
 * `x-next-cursor`), so the page stays fast with a catalogue of any size; the search, filters and
 * sort live in the URL.
 */
export default function ProductsPage() {
  useDocumentTitle(PAGE_HEADS['/products'].title);
  const { filters, update, clearFilters } = useProductFilters();
  const query = useInfiniteProducts(listingFilters(filters));
  const products = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 sm:px-6 sm:pt-14 lg:px-8">
      <header className="flex flex-col gap-6 border-b border-line pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Shop</p>
          <h1 className="text-4xl font-semibold sm:text-5xl">Products Collections</h1>
          {filters.q ? (
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <p className="text-lg text-ink-soft">
                Results for <span className="font-semibold text-ink">“{filters.q}”</span>
              </p>
              <Link
                to={productsUrl({ ...filters, q: undefined })}
                className="text-sm font-semibold text-accent-dark underline underline-offset-4 hover:text-ink"
              >
                Clear search
              </Link>
            </div>
          ) : (
            <p className="max-w-lg text-muted">Clothing, shoes and accessories for men, women and kids.</p>
          )}
        </div>
        <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} />
      </header>

      <div className="mt-8 flex flex-col gap-8 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-12">
        <InTurn>
          <FiltersPanel filters={filters} onChange={update} onClear={clearFilters} />
        </InTurn>

        <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-6">
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          <div className="flex min-h-8 flex-wrap items-center justify-between gap-3">
            <ActiveFilters filters={filters} onChange={update} />
            <p aria-live="polite" className="text-sm text-muted">
              {query.isSuccess &&
                (query.hasNextPage
                  ? `Showing ${products.length} products`
                  : `${products.length} ${products.length === 1 ? 'product' : 'products'}`)}
            </p>
          </div>

          {query.isPending ? (
            <ProductGridSkeleton />
          ) : query.isError && products.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-2xl border border-line bg-white px-6 py-16 text-center">
              <h2 className="text-2xl font-semibold">We couldn't load the collection.</h2>
              <p className="text-muted">Check your connection and try again.</p>
              <Button variant="secondary" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </div>
          ) : products.length === 0 ? (
            <EmptyResults filters={filters} onClearFilters={clearFilters} />
          ) : (
            <>
              <ProductGrid
                products={products}
                aria-busy={query.isPlaceholderData}
                className={cn('transition-opacity', query.isPlaceholderData && 'opacity-60')}
              />
              {query.hasNextPage && (
                <div className="flex justify-center pt-4">
                  <Button
                    variant="secondary"
                    size="lg"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage || query.isPlaceholderData}
                    className="min-w-44"
                  >
                    {query.isFetchingNextPage ? (
                      <>
                        <Spinner className="size-4" /> Loading...
                      </>
                    ) : (
                      'Load more'
                    )}
                  </Button>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
