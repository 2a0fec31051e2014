import type { ProductSummary, StockFilter } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type AdminProductSort = 'name' | 'createdAt' | 'price' | 'stock';
export type AdminProductParams = ListParams<AdminProductSort> & { stock?: StockFilter };

/** `GET /product/admin-list`: the products table, paged, sorted, searched and filtered by stock on the server. */
export function getAdminProducts({ stock, ...params }: AdminProductParams, signal?: AbortSignal) {
  return getListPage<ProductSummary, AdminProductSort>('/product/admin-list', params, signal, { stock });
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
