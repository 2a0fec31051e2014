import {
  type DiscountPreview,
  type DiscountRule,
  discountRuleOf,
  type OrderSummary,
  summarizeOrder,
  toDecimal,
  type User,
} from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CartLine } from '../../../lib/cart-store.ts';
import { discountPreviewQueryOptions, useDiscountPreview } from '../api/check-discount.ts';
import { setDiscountCode, useDiscountCode } from './use-discount-code.ts';

/** The order summary of the cart; null if a saved line's price cannot be read. */
function summarize(lines: readonly CartLine[], rule: DiscountRule | null = null): OrderSummary | null {
  try {
    return summarizeOrder(
      lines.map((line) => ({ price: line.price, quantity: line.quantity, fee: line.deliveryOption.fee })),
      rule,
    );
  } catch {
    return null;
  }
}

/** Said of a code a visitor applies: the server checks codes for signed-in shoppers only. */
export const CODE_NEEDS_SIGN_IN = 'Sign in to use this code: it is checked and taken off when you do.';

/**
 * The cart's prices with the discount code applied, if any. A code is checked by the server
 * against the items' subtotal (for a signed-in shopper only); its rule then prices the cart. A
 * visitor's code is kept as typed until they sign in, when it is checked like any other.
 */
export function useCartPricing(lines: readonly CartLine[], user: User | null) {
  const queryClient = useQueryClient();
  const code = useDiscountCode();
  const undiscounted = useMemo(() => summarize(lines), [lines]);
  const subtotal = undiscounted ? toDecimal(undiscounted.subtotal) : null;
  const preview = useDiscountPreview(user ? code : null, subtotal);
  const applied: DiscountPreview | undefined = preview.isError ? undefined : preview.data;
  const summary = useMemo(
    () => (applied ? summarize(lines, discountRuleOf(applied.kind, applied.value)) : undiscounted),
    [lines, applied, undiscounted],
  );

  return {
    /** The code the shopper applied. */
    code,
    /** Why the applied code is not taken off yet, when that is the shopper's being signed out. */
    waiting: code !== null && !user ? CODE_NEEDS_SIGN_IN : undefined,
    preview,
    applied,
    summary,
    /** Checks a code with the server, then applies it (a refusal throws); a visitor's waits. */
    async apply(entered: string) {
      if (subtotal === null) return;
      if (user) await queryClient.fetchQuery(discountPreviewQueryOptions(entered, subtotal));
      setDiscountCode(entered);
    },
    remove: () => setDiscountCode(null),
  };
}
