import type { EditProductInput, Product } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys, refreshStoreData } from '../../../lib/query-keys.ts';

/**
 * `PATCH /product/edit/{id}` with the updated* fields and, given, the Stock card's changes
 * (`stock`): all saved together or none. A stock refusal is a 409 naming `stock.changes.<i>`.
 */
export function editProduct(id: string, input: EditProductInput) {
  return request<{ message: string; product: Product }>(`/product/edit/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });
}

export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditProductInput) => editProduct(id, input),
    onSuccess: ({ product }) => queryClient.setQueryData(queryKeys.products.detail(id), product),
    // A refusal refreshes too: the Stock card then shows the stock as it is now.
    onSettled: () => refreshStoreData(queryClient),
  });
}
