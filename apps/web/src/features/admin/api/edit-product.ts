import type { EditProductInput, MessageResponse } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { refreshStoreData } from '../../../lib/query-keys.ts';

/** `PATCH /product/edit/{id}` with the updated* fields. */
export function editProduct(id: string, input: EditProductInput) {
  return request<MessageResponse>(`/product/edit/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });
}

export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditProductInput) => editProduct(id, input),
    onSuccess: () => refreshStoreData(queryClient),
  });
}
