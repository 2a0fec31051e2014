import type { Order, RecordPaymentInput, RefundInput, RejectTransferInput } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What the back office records against an order, and the path under the order each one is sent to. */
const ACTION_PATHS = {
  collect: 'collections',
  confirm: 'transfer/confirm',
  reject: 'transfer/reject',
  refund: 'refunds',
} as const;
export type PaymentAction = keyof typeof ACTION_PATHS;

/** The body each action takes. */
export interface PaymentActionBodies {
  collect: RecordPaymentInput;
  confirm: RecordPaymentInput;
  reject: RejectTransferInput;
  refund: RefundInput;
}

/**
 * `POST /payments/orders/{id}/collections` (cash collected), `.../transfer/confirm`,
 * `.../transfer/reject` (the shopper is mailed the reason) and `.../refunds`: each answers the order.
 */
export function recordPayment<A extends PaymentAction>(
  orderId: string,
  action: A,
  body: PaymentActionBodies[A],
) {
  return request<Order>(`/payments/orders/${encodeURIComponent(orderId)}/${ACTION_PATHS[action]}`, {
    method: 'POST',
    json: body,
  });
}

/** One of the actions; on success the order (its ledger under it) and the orders list are read again. */
export function usePaymentAction<A extends PaymentAction>(orderId: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentActionBodies[A]) => recordPayment(orderId, action, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
