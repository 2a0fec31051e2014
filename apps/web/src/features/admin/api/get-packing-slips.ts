import type { PackingSlipsResponse } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /shipments/packing-slips?orderId=…`: the slips of the orders, in the order given. */
export function getPackingSlips(orderIds: readonly string[], signal?: AbortSignal) {
  return request<PackingSlipsResponse>('/shipments/packing-slips', { query: { orderId: orderIds }, signal });
}

export const packingSlipsQueryOptions = (orderIds: readonly string[]) =>
  queryOptions({
    queryKey: [...queryKeys.orders.all, 'packing-slips', orderIds] as const,
    queryFn: ({ signal }) => getPackingSlips(orderIds, signal),
    // What to collect must be the stored amount, not a cached one from before a collection.
    staleTime: 0,
  });

export function usePackingSlips(orderIds: readonly string[]) {
  return useQuery({ ...packingSlipsQueryOptions(orderIds), enabled: orderIds.length > 0 });
}
