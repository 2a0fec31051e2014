import type { DiscountCheckInput, DiscountPreview } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `POST /discounts/check`: what a code takes off the cart's items subtotal (the order is priced again). */
export function checkDiscount(input: DiscountCheckInput, signal?: AbortSignal) {
  return request<DiscountPreview>('/discounts/check', { method: 'POST', json: input, signal });
}

export const discountPreviewQueryOptions = (code: string, subtotal: string) =>
  queryOptions({
    queryKey: queryKeys.discounts.check(code, subtotal),
    queryFn: ({ signal }) => checkDiscount({ discountCode: code, subtotal }, signal),
    // While the cart's new subtotal is checked the code keeps its line; another code, or none, does not.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === code ? previous : undefined,
  });

/** The applied code checked against the cart as it is now; idle without a code or a subtotal. */
export function useDiscountPreview(code: string | null, subtotal: string | null) {
  return useQuery({
    ...discountPreviewQueryOptions(code ?? '', subtotal ?? ''),
    enabled: code !== null && subtotal !== null,
  });
}
