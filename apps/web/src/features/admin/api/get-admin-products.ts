import type { ProductSummary } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type AdminProductSort = 'name' | 'createdAt' | 'price';
export type AdminProductParams = ListParams<AdminProductSort>;

/** `GET /product/admin-list`: the products table, paged, sorted and searched on the server. */
export function getAdminProducts(params: AdminProductParams, signal?: AbortSignal) {
  return getListPage<ProductSummary, AdminProductSort>('/product/admin-list', params, signal);
}

export const adminProductsQueryOptions = (params: AdminProductParams) =>
  queryOptions({
    // Under the products prefix, so refreshStoreData() refreshes it after any product change.
    queryKey: [...queryKeys.products.lists(), 'admin', params] as const,
    queryFn: ({ signal }) => getAdminProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminProducts(params: AdminProductParams) {
  return useQuery(adminProductsQueryOptions(params));
}
