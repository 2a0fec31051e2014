import type { Discount } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type DiscountSort = 'code' | 'uses' | 'createdAt';
export type DiscountParams = ListParams<DiscountSort>;

/** `GET /admin/discounts`: the codes table, paged, sorted and searched by code on the server. */
export function getDiscounts(params: DiscountParams, signal?: AbortSignal) {
  return getListPage<Discount, DiscountSort>('/admin/discounts', params, signal);
}

export const discountsQueryOptions = (params: DiscountParams) =>
  queryOptions({
    queryKey: queryKeys.discounts.list(params),
    queryFn: ({ signal }) => getDiscounts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useDiscounts(params: DiscountParams) {
  return useQuery(discountsQueryOptions(params));
}

/** `GET /admin/discounts/{id}`: one code, for its edit page. */
export function getDiscount(id: string, signal?: AbortSignal) {
  return request<Discount>(`/admin/discounts/${encodeURIComponent(id)}`, { signal });
}

export function useDiscount(id: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.discounts.detail(id),
    queryFn: ({ signal }) => getDiscount(id, signal),
    enabled: options.enabled,
  });
}
