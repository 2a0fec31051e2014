import type { Product } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /product/{id}`: one product with its description, sizes and variations. The storefront's
 * product page and the back office's view and edit pages read it alike, sharing one cache entry.
 */
function getProduct(id: string, signal?: AbortSignal) {
  return request<Product>(`/product/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** `enabled`: false while the id cannot name a product, so the server is not asked. */
export function useProduct(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
