import {
  leftToPay,
  type Order,
  type OrderPayment,
  STORE_TIME_ZONE,
  TRANSFER_PROOF_FIELD,
  type TransferReferenceInput,
} from '@habi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, ApiError, request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * What the shopper still has to pay (`leftToPay`) while the payment is open. Once it is paid,
 * cancelled or refunded nothing more is asked for: a refund gives money back, it does not make
 * the order owed again.
 */
export function stillToPay(payment: OrderPayment) {
  return payment.status === 'unpaid' || payment.status === 'pending' ? leftToPay(payment) : 0;
}

/** Whether the shopper still has to act on the payment: it is neither settled nor over. */
export function awaitsPayment(payment: OrderPayment) {
  return payment.status === 'unpaid' || stillToPay(payment) > 0;
}

/**
 * When the order is cancelled unless paid, or null once it cannot lapse: the store's sweep
 * cancels only orders still unpaid, so not one paid in part, with a transfer reference waiting,
 * paid, cancelled or refunded.
 */
export const lapsesAt = (payment: OrderPayment) => (payment.status === 'unpaid' ? payment.dueBy : null);

const dueFormat = new Intl.DateTimeFormat('en-PH', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: STORE_TIME_ZONE,
});

/** When an unpaid order lapses, in the store's time: "Dec 2, 2026, 3:45 PM". */
export function formatDueBy(dueBy: string) {
  return dueFormat.format(new Date(dueBy));
}

/** GET /orders/{id}: one of the shopper's orders. */
export function getOrder(orderId: string, signal?: AbortSignal) {
  return request<Order>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

/** POST /payments/orders/{id}/transfer-reference: the reference of the shopper's transfer. */
export function sendTransferReference(orderId: string, input: TransferReferenceInput) {
  return request<Order>(`/payments/orders/${encodeURIComponent(orderId)}/transfer-reference`, {
    method: 'POST',
    json: input,
  });
}

/** Where the screenshot of an order's transfer is read (its owner and the back office only). */
export const transferProofUrl = (orderId: string) =>
  `${API_BASE}/payments/orders/${encodeURIComponent(orderId)}/transfer-proof`;

/** PUT /payments/orders/{id}/transfer-proof: a screenshot of the transfer whose reference waits. */
export function sendTransferProof(orderId: string, file: File) {
  const form = new FormData();
  form.append(TRANSFER_PROOF_FIELD, file);
  return request<Order>(`/payments/orders/${encodeURIComponent(orderId)}/transfer-proof`, {
    method: 'PUT',
    form,
  });
}

/** A reference to send, a screenshot to attach to the reference waiting, or both. */
export type TransferPaymentInput =
  | (TransferReferenceInput & { proof?: File | null })
  | { reference?: undefined; proof: File };

/**
 * The reference, then the screenshot if one is chosen: a screenshot belongs to the reference
 * waiting (sending a reference lets an earlier one go). When the screenshot is refused after its
 * reference was taken, the order is still updated (the reference shows as sent) and the
 * mutation fails with the screenshot's error.
 */
export function useSendTransferReference(orderId: string) {
  const queryClient = useQueryClient();
  const settle = (order: Order) => {
    queryClient.setQueryData(queryKeys.orders.detail(orderId), order);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  };
  return useMutation({
    mutationFn: async ({ reference, proof }: TransferPaymentInput) => {
      const order = reference === undefined ? null : await sendTransferReference(orderId, { reference });
      if (!proof) return order!;
      try {
        return await sendTransferProof(orderId, proof);
      } catch (cause) {
        if (order) settle(order);
        throw cause;
      }
    },
    onSuccess: settle,
  });
}

/** POST /payments/orders/{id}/checkout: a PayMongo checkout page for an unpaid online order. */
export function startCheckout(orderId: string) {
  return request<{ checkoutUrl: string }>(`/payments/orders/${encodeURIComponent(orderId)}/checkout`, {
    method: 'POST',
  });
}

/** Sends the browser to PayMongo's hosted checkout page. */
export function goToCheckout(checkoutUrl: string) {
  window.location.assign(checkoutUrl);
}

/**
 * Pay now: asks for a checkout page and goes there. A 409 (paid or cancelled meanwhile) reads the
 * order again, so the page shows why.
 */
export function usePayNow(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startCheckout(orderId),
    onSuccess: ({ checkoutUrl }) => goToCheckout(checkoutUrl),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      }
    },
  });
}
