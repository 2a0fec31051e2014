import {
  CATEGORIES,
  type Category,
  type ProductSort,
  SORT_OPTIONS,
  SUBCATEGORIES,
  type SubCategory,
} from './constants.ts';
import { readSearchText } from './text.ts';

/**
 * The collection's search and filters, as its URL holds them
 * (`/products?q=denim&category=Men&category=Kids&subCategory=Tops&sort=asc`) so a link or a
 * reload keeps them. Unknown values are ignored and lists keep the shared order, so the same
 * choice always makes the same URL: the web app's links and query keys, and the server's key for
 * a rendered page.
 */
export interface CollectionFilters {
  category: Category[];
  subCategory: SubCategory[];
  /** The sort as chosen; absent means the dropdown is clear (Relevant order). */
  sort?: ProductSort;
  /** The words searched for, trimmed; absent when not searching. */
  q?: string;
}

const pick = <T extends string>(all: readonly T[], values: string[]): T[] =>
  all.filter((item) => values.includes(item));

/** What reads a URL's query: a `URLSearchParams` (the shared package names no platform's types). */
export interface QueryReader {
  get(name: string): string | null;
  getAll(name: string): string[];
}

export function parseCollectionFilters(params: QueryReader): CollectionFilters {
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

/** The filters as the URL's query parameters, in order: `new URLSearchParams(pairs)`. */
export function collectionFilterPairs(filters: CollectionFilters): [string, string][] {
  return [
    ...(filters.q ? [['q', filters.q] as [string, string]] : []),
    ...pick(CATEGORIES, filters.category).map((c): [string, string] => ['category', c]),
    ...pick(SUBCATEGORIES, filters.subCategory).map((c): [string, string] => ['subCategory', c]),
    ...(filters.sort ? [['sort', filters.sort] as [string, string]] : []),
  ];
}
