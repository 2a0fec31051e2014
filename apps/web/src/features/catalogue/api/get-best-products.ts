import type { ProductSummary } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /product/best`: the five Best Collections picks. */
export function getBestProducts(signal?: AbortSignal) {
  return request<ProductSummary[]>('/product/best', { signal });
}

export const bestProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.best(),
    queryFn: ({ signal }) => getBestProducts(signal),
  });

export function useBestProducts() {
  return useQuery(bestProductsQueryOptions());
}
