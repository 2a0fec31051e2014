import { type CollectionFilters, collectionFilterPairs } from '@habi/shared';
import { paths } from '../../../lib/paths.ts';

/** A link to the listing with filters chosen, e.g. from a category tile or a search. */
export function productsUrl(filters: Partial<CollectionFilters>): string {
  const search = new URLSearchParams(
    collectionFilterPairs({ category: [], subCategory: [], ...filters }),
  ).toString();
  return search ? `${paths.products}?${search}` : paths.products;
}
