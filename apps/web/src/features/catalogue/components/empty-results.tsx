import { CATEGORIES, type CollectionFilters, HOME_COLLECTION_SIZE, SUBCATEGORIES } from '@habi/shared';
import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useProducts } from '../api/get-products.ts';
import { productsUrl } from '../utils/filters.ts';

import { ProductGrid } from './product-grid.tsx';

interface EmptyResultsProps {
  filters: CollectionFilters;
  onClearFilters(): void;
}

/**
 * The listing when nothing matches: a way back for filters, and for a search also the
 * categories and the newest products to carry on from, so the shopper never meets a blank page.
 */
export function EmptyResults({ filters, onClearFilters }: EmptyResultsProps) {
  const filtering = filters.category.length + filters.subCategory.length > 0;
  if (filters.q) {
    return (
      <div className="flex flex-col gap-12">
        <Message title={`No results for “${filters.q}”`}>
          <p className="max-w-md text-ink-soft">
            {filtering
              ? 'Nothing matches these words with the filters chosen. Clear the filters, or search for something else.'
              : 'Check the spelling, try a more general word such as “shirt” or “sneakers”, or start from a category below.'}
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to={productsUrl({ ...filters, q: undefined })}>Clear search</Link>
            </Button>
            {filtering && (
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            )}
          </div>
        </Message>
        <SearchSuggestions />
      </div>
    );
  }
  return (
    <Message title={filtering ? 'No products match these filters' : 'New pieces are on their way'}>
      {filtering ? (
        <>
          <p className="max-w-sm text-ink-soft">
            Try fewer categories or subcategories, or clear the filters to see the whole collection.
          </p>
          <Button onClick={onClearFilters}>Clear filters</Button>
        </>
      ) : (
        <p className="max-w-sm text-ink-soft">The collection is being restocked. Check back soon.</p>
      )}
    </Message>
  );
}

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-3xl bg-sand/60 px-6 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-paper text-accent">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}

const pillClass =
  'inline-flex h-11 items-center rounded-full border border-line bg-white px-5 text-sm font-semibold text-ink transition-colors hover:border-ink/40 hover:bg-sand';

/** Where to go instead: every category and subcategory, and the latest arrivals. */
function SearchSuggestions() {
  // The same query as Home's Latest Collections, so it is often cached already.
  const latest = useProducts({ limit: HOME_COLLECTION_SIZE });
  return (
    <>
      <section aria-labelledby="search-browse" className="flex flex-col gap-4">
        <h3 id="search-browse" className="text-2xl font-semibold">
          Browse a category
        </h3>
        <ul className="flex flex-wrap gap-2">
          {CATEGORIES.map((category) => (
            <li key={category}>
              <Link to={productsUrl({ category: [category] })} className={pillClass}>
                {category}
              </Link>
            </li>
          ))}
          {SUBCATEGORIES.map((subCategory) => (
            <li key={subCategory}>
              <Link to={productsUrl({ subCategory: [subCategory] })} className={pillClass}>
                {subCategory}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {latest.data && latest.data.length > 0 && (
        <section aria-labelledby="search-latest" className="flex flex-col gap-6">
          <h3 id="search-latest" className="text-2xl font-semibold">
            Latest arrivals
          </h3>
          {/* Four fill one row on a desktop and two on a phone; a fifth would stand alone. */}
          <ProductGrid products={latest.data.slice(0, 4)} />
        </section>
      )}
    </>
  );
}
