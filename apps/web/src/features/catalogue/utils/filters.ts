import {
  CATEGORIES,
  type Category,
  type ProductSort,
  readSearchText,
  SORT_OPTIONS,
  SUBCATEGORIES,
  type SubCategory,
} from '@habi/shared';
import { paths } from '../../../lib/paths.ts';

/**
 * The listing's search and filters live in the URL
 * (`?q=denim&category=Men&category=Kids&subCategory=Tops&sort=asc`) so a link or a reload keeps
 * them. Unknown values are ignored; lists keep the shared order, so the same choice always makes
 * the same URL and cache key.
 */
export interface FilterState {
  category: Category[];
  subCategory: SubCategory[];
  /** The sort as chosen; absent means the dropdown is clear (Relevant order). */
  sort?: ProductSort;
  /** The words searched for, trimmed; absent when not searching. */
  q?: string;
}

const pick = <T extends string>(all: readonly T[], values: string[]): T[] =>
  all.filter((item) => values.includes(item));

export function parseFilters(params: URLSearchParams): FilterState {
  const sort = SORT_OPTIONS.find((option) => option.value === params.get('sort'))?.value;
  // A search the API would refuse (too long, control characters) is ignored like any unknown value.
  const q = readSearchText(params.get('q') ?? '');
  return {
    category: pick(CATEGORIES, params.getAll('category')),
    subCategory: pick(SUBCATEGORIES, params.getAll('subCategory')),
    ...(sort ? { sort } : {}),
    ...(q ? { q } : {}),
  };
}

export function filtersToParams(filters: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  for (const category of pick(CATEGORIES, filters.category)) params.append('category', category);
  for (const subCategory of pick(SUBCATEGORIES, filters.subCategory))
    params.append('subCategory', subCategory);
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}

/** A link to the listing with filters chosen, e.g. from a category tile or a search. */
export function productsUrl(filters: Partial<FilterState>): string {
  const search = filtersToParams({ category: [], subCategory: [], ...filters }).toString();
  return search ? `${paths.products}?${search}` : paths.products;
}
