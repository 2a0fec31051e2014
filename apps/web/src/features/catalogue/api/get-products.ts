import {
  type Category,
  type CollectionFilters,
  NEXT_CURSOR_HEADER,
  type ProductListQueryInput,
  type ProductSort,
  type ProductSummary,
  type SubCategory,
} from '@habi/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ProductPage {
  items: ProductSummary[];
  /** The cursor of the next page, absent on the last one. */
  nextCursor?: string;
}

/** The query of `GET /product/all`, typed (the shared schema's input type is loose). */
export interface ProductListParams {
  category?: readonly Category[];
  subCategory?: readonly SubCategory[];
  sort?: ProductSort;
  q?: string;
  limit?: number;
  cursor?: string;
}

/** `GET /product/all`: the server filters, sorts and pages. */
export async function getProducts(query: ProductListParams, signal?: AbortSignal): Promise<ProductPage> {
  const { data, headers } = await requestWithHeaders<ProductSummary[]>('/product/all', {
    query: {
      category: query.category,
      subCategory: query.subCategory,
      sort: query.sort === 'relevant' ? undefined : query.sort,
      q: query.q,
      limit: query.limit,
      cursor: query.cursor,
    },
    signal,
  });
  return { items: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) ?? undefined };
}

/** One page of products, e.g. the 5 newest for Latest Collections. */
/** The cache key of a query, with the list filters always present (as the shared input type wants). */
const listKey = (query: ProductListParams) =>
  queryKeys.products.list({ category: [], subCategory: [], ...query } satisfies ProductListQueryInput);

export const productsQueryOptions = (query: ProductListParams) =>
  queryOptions({
    queryKey: listKey(query),
    queryFn: async ({ signal }) => (await getProducts(query, signal)).items,
  });

export function useProducts(query: ProductListParams) {
  return useQuery(productsQueryOptions(query));
}

/** Page size of the listing: small pages keep a catalogue of 10,000 products fast. */
const PRODUCTS_PAGE_SIZE = 24;

export interface ProductFilters {
  category: Category[];
  subCategory: SubCategory[];
  sort: ProductSort;
  /** Words to search for: with the Relevant sort the best matches come first. */
  q?: string;
}

/** The listing's query for what the URL chose: no sort chosen is the Relevant order. */
export const listingFilters = (filters: CollectionFilters): ProductFilters => ({
  category: filters.category,
  subCategory: filters.subCategory,
  sort: filters.sort ?? 'relevant',
  q: filters.q,
});

/** The listing, page by page with the `x-next-cursor` header. */
export const infiniteProductsQueryOptions = (filters: ProductFilters) => {
  const query: ProductListParams = { ...filters, limit: PRODUCTS_PAGE_SIZE };
  return infiniteQueryOptions({
    // Its own key beside `list(query)`: the cached shape (pages) differs from a single list.
    queryKey: [...listKey(query), 'infinite'] as const,
    queryFn: ({ pageParam, signal }) => getProducts({ ...query, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
};

/** While another filter loads, the previous results stay on screen (dimmed), so nothing jumps. */
export function useInfiniteProducts(filters: ProductFilters) {
  return useInfiniteQuery({ ...infiniteProductsQueryOptions(filters), placeholderData: keepPreviousData });
}
