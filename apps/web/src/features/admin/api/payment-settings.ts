import {
  type PaymentSettings,
  type PaymentSettingsInput,
  QR_IMAGE_FIELD,
  type TransferAccount,
  type TransferAccountInput,
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

/** `PUT /payments/accounts/{id}/qr-image`: the account's QR code image, in place of any it had. */
export function uploadQrImage(id: string, file: File) {
  const form = new FormData();
  form.append(QR_IMAGE_FIELD, file);
  return request<TransferAccount>(`${accountPath(id)}/qr-image`, { method: 'PUT', form });
}

/** The account was saved, but its new QR code image was refused (`cause`). */
export class QrImageNotSaved extends Error {
  constructor(cause: unknown) {
    super('The account was saved, but not its QR code image', { cause });
  }
}

/**
 * Adding or editing an account, then uploading its new QR code image if one was chosen. Adding,
 * editing or deleting an account reads the settings (and their list of accounts) again.
 */
export function useSaveTransferAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      id,
      qrImage,
    }: {
      input: TransferAccountInput;
      id?: string;
      qrImage?: File | null;
    }) => {
      const account = await saveTransferAccount(input, id);
      if (!qrImage) return account;
      return uploadQrImage(account.id, qrImage).catch((cause: unknown) => {
        throw new QrImageNotSaved(cause);
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentSettingsKey }),
  });
}

export function useDeleteTransferAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTransferAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentSettingsKey }),
  });
}
