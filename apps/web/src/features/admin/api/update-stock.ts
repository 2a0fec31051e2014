import type { Product, StockUpdateInput } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys, refreshStoreData } from '../../../lib/query-keys.ts';

/**
 * `PATCH /product/stock/{id}`: tracking on or off, and quantities set against what the admin saw;
 * all or none. A refusal is a 409 naming each change refused with the quantity now (`available`).
 */
export function updateStock(id: string, input: StockUpdateInput) {
  return request<{ message: string; product: Product }>(`/product/stock/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });
}

export function useUpdateStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StockUpdateInput) => updateStock(id, input),
    onSuccess: ({ product }) => queryClient.setQueryData(queryKeys.products.detail(id), product),
    // A refusal refreshes too: the card then shows the stock as it is now.
    onSettled: () => refreshStoreData(queryClient),
  });
}
