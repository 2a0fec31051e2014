import { type Order, PAGE_SIZE_MAX, TOTAL_COUNT_HEADER } from '@habi/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

interface OrdersPage {
  orders: Order[];
  /** Where the next page starts, or undefined after the last. */
  next: number | undefined;
}

/** GET /orders/user/{userId}: a page of the shopper's orders, newest first. */
export async function getUserOrders(
  userId: string,
  offset: number,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const { data, headers } = await requestWithHeaders<Order[]>(`/orders/user/${encodeURIComponent(userId)}`, {
    query: { limit: PAGE_SIZE_MAX, offset },
    signal,
  });
  const end = offset + data.length;
  return { orders: data, next: end < Number(headers.get(TOTAL_COUNT_HEADER) ?? 0) ? end : undefined };
}

export function userOrdersQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: queryKeys.orders.ofUser(userId),
    queryFn: ({ pageParam, signal }) => getUserOrders(userId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next,
    select: (data) => data.pages.flatMap((page) => page.orders),
  });
}

/** The shopper's orders loaded so far; `fetchNextPage` loads older ones while `hasNextPage`. */
export function useUserOrders(userId: string) {
  return useInfiniteQuery(userOrdersQueryOptions(userId));
}
