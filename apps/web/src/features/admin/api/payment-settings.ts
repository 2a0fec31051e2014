import type {
  PaymentSettings,
  PaymentSettingsInput,
  TransferAccount,
  TransferAccountInput,
} from '@habi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** The shop's payment settings and transfer accounts: one cache entry, read by the back office only. */
export const paymentSettingsKey = ['payment-settings'] as const;

/** `GET /payments/settings`. */
export function getPaymentSettings(signal?: AbortSignal) {
  return request<PaymentSettings>('/payments/settings', { signal });
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: paymentSettingsKey, queryFn: ({ signal }) => getPaymentSettings(signal) });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}

/** `PUT /payments/settings`: which methods are on, the COD limit and how long payments may take. */
export function savePaymentSettings(input: PaymentSettingsInput) {
  return request<PaymentSettings>('/payments/settings', { method: 'PUT', json: input });
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: (settings) => queryClient.setQueryData(paymentSettingsKey, settings),
  });
}

const accountPath = (id: string) => `/payments/accounts/${encodeURIComponent(id)}`;

/** `POST /payments/accounts`, or `PUT /payments/accounts/{id}` with `id`. */
export function saveTransferAccount(input: TransferAccountInput, id?: string) {
  return request<TransferAccount>(id ? accountPath(id) : '/payments/accounts', {
    method: id ? 'PUT' : 'POST',
    json: input,
  });
}

/** `DELETE /payments/accounts/{id}`. */
export function deleteTransferAccount(id: string) {
  return request<{ message: string }>(accountPath(id), { method: 'DELETE' });
}

/** Adding, editing or deleting an account reads the settings (and their list of accounts) again. */
export function useSaveTransferAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: TransferAccountInput; id?: string }) =>
      saveTransferAccount(input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSettingsKey }),
  });
}

export function useDeleteTransferAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransferAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSettingsKey }),
  });
}
