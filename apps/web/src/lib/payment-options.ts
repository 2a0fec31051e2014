import type { PaymentOptions } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /payments/options: the methods the shop takes, the COD limit and its transfer accounts. */
export function getPaymentOptions(signal?: AbortSignal) {
  return request<PaymentOptions>('/payments/options', { signal });
}

export const paymentOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.payments.options(),
  queryFn: ({ signal }) => getPaymentOptions(signal),
  staleTime: 60_000,
});

export function usePaymentOptions() {
  return useQuery(paymentOptionsQueryOptions);
}
