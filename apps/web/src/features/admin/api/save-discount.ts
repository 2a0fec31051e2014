import type { Discount, DiscountInput, DiscountPatch } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

interface DiscountResponse {
  message: string;
  discount: Discount;
}

/** `POST /admin/discounts`. */
export function createDiscount(input: DiscountInput) {
  return request<DiscountResponse>('/admin/discounts', { method: 'POST', json: input });
}

/** `PATCH /admin/discounts/{id}` with only the fields that change. */
export function updateDiscount(id: string, patch: DiscountPatch) {
  return request<DiscountResponse>(`/admin/discounts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: patch,
  });
}

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discounts.all }),
  });
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: DiscountPatch }) => updateDiscount(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.discounts.all }),
  });
}
