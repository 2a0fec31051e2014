import type { EditProductInput, Product } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys, refreshStoreData } from '../../../lib/query-keys.ts';

/**
 * `PATCH /product/edit/{id}` with the updated* fields and, given, the Stock card's changes
 * (`stock`): all saved together or none. A stock refusal is a 409 naming `stock.changes.<i>`.
 */
export function editProduct(id: string, input: EditProductInput, files: readonly File[] = []) {
  const path = `/product/edit/${encodeURIComponent(id)}`;
  if (files.length === 0)
    return request<{ message: string; product: Product }>(path, { method: 'PATCH', json: input });
  // New photos travel as a form: the same JSON as `product`, the files as `images`, which the
  // JSON names by number (`{ upload: 0 }`).
  const form = new FormData();
  form.append('product', JSON.stringify(input));
  for (const file of files) form.append('images', file);
  return request<{ message: string; product: Product }>(path, { method: 'PATCH', form });
}

export function useEditProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, files }: { input: EditProductInput; files?: readonly File[] }) =>
      editProduct(id, input, files),
    onSuccess: ({ product }) => queryClient.setQueryData(queryKeys.products.detail(id), product),
    // A refusal refreshes too: the Stock card then shows the stock as it is now.
    onSettled: () => refreshStoreData(queryClient),
  });
}
