import type { LedgerEntry } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Under the order's own key: refreshing the order refreshes its ledger too. */
export const ledgerKey = (orderId: string) => [...queryKeys.orders.detail(orderId), 'ledger'] as const;

/** `GET /payments/orders/{id}/ledger`: the order's payments, collections and refunds, oldest first. */
export function getLedger(orderId: string, signal?: AbortSignal) {
  return request<LedgerEntry[]>(`/payments/orders/${encodeURIComponent(orderId)}/ledger`, { signal });
}

export const ledgerQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ledgerKey(orderId),
    queryFn: ({ signal }) => getLedger(orderId, signal),
    staleTime: 0,
  });

export function useLedger(orderId: string) {
  return useQuery(ledgerQueryOptions(orderId));
}
