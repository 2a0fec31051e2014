import type { Order } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /orders/user/{userId}: the shopper's orders, newest first. */
export function getUserOrders(userId: string, signal?: AbortSignal) {
  return request<Order[]>(`/orders/user/${encodeURIComponent(userId)}`, { signal });
}

export function userOrdersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.orders.ofUser(userId),
    queryFn: ({ signal }) => getUserOrders(userId, signal),
  });
}

export function useUserOrders(userId: string) {
  return useQuery(userOrdersQueryOptions(userId));
}
