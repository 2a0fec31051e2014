import type { StaffOrder } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /orders/{id}`: one order with its lines, read for userId and products. */
export function getOrder(id: string, signal?: AbortSignal) {
  return request<StaffOrder>(`/orders/${encodeURIComponent(id)}`, { signal });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    // The statuses shown must be the stored ones, not a cached copy from before an update.
    staleTime: 0,
  });

export function useOrder(id: string) {
  return useQuery({ ...orderQueryOptions(id), enabled: id !== '' });
}
