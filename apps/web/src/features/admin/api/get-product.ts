import type { Product } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /product/{id}`: one product with its description, sizes and variations. */
export function getProduct(id: string, signal?: AbortSignal) {
  return request<Product>(`/product/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: string) {
  return useQuery({ ...productQueryOptions(id), enabled: id !== '' });
}
