import type { OrderStatus, PaymentStatus, StaffOrder } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type OrderSort = 'user' | 'total' | 'createdAt';
export type OrderParams = ListParams<OrderSort> & { payment?: PaymentStatus; status?: OrderStatus };

/**
 * `GET /orders/all`: the orders table, paged, sorted, searched by customer and filtered by
 * payment status and order status on the server.
 */
export function getOrders({ payment, status, ...params }: OrderParams, signal?: AbortSignal) {
  return getListPage<StaffOrder, OrderSort>('/orders/all', params, signal, { payment, status });
}

export const ordersQueryOptions = (params: OrderParams) =>
  queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) => getOrders(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOrders(params: OrderParams) {
  return useQuery(ordersQueryOptions(params));
}
