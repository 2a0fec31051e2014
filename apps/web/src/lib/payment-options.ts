import {
  formatPHP,
  type PaymentOptions,
  TRANSFER_ACCOUNT_KIND_LABELS,
  TRANSFER_ACCOUNT_KINDS,
} from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

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

/** "GCash/Maya or bank transfer", from the kinds of account the shop lists (transfers need one). */
function transferPhrase({ accounts }: PaymentOptions) {
  const kinds = TRANSFER_ACCOUNT_KINDS.filter((kind) => accounts.some((account) => account.kind === kind));
  const wallets = kinds.filter((kind) => kind !== 'bank').map((kind) => TRANSFER_ACCOUNT_KIND_LABELS[kind]);
  return `${[wallets.join('/'), kinds.includes('bank') ? 'bank' : ''].filter(Boolean).join(' or ')} transfer`;
}

/**
 * The ways the shop takes payment now, as a storefront promises them: "cash on delivery up to
 * ₱5,000.00, GCash/Maya or bank transfer, cards and e-wallets via PayMongo". Only the methods
 * turned on are named, so no page promises one the cart will not offer. Null when none is.
 */
export function paymentMethodsText(options: PaymentOptions): string | null {
  const phrases = options.methods.map((method) => {
    if (method === 'cod')
      return options.codMaxTotal === null
        ? 'cash on delivery'
        : `cash on delivery up to ${formatPHP(options.codMaxTotal)}`;
    if (method === 'transfer') return transferPhrase(options);
    return 'cards and e-wallets via PayMongo';
  });
  return phrases.length > 0 ? phrases.join(', ') : null;
}

/**
 * `paymentMethodsText` of the shop's options: undefined while they load, null when no way to pay
 * can be named (none is on, or they could not be read: then none is promised).
 */
export function usePaymentMethodsText(): string | null | undefined {
  const options = usePaymentOptions();
  if (options.isError) return null;
  return options.data && paymentMethodsText(options.data);
}
