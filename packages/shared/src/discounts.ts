import { type Centavos, formatPHP, parseCentavos, percentOf, toDecimal } from './money.ts';

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_LIMITS = {
  codeMin: 3,
  codeMax: 32,
  totalUsesMax: 1_000_000,
  perCustomerUsesMax: 1_000,
} as const;

/** What a code takes off: a whole percent (1-100), or a fixed amount in centavos. */
export interface DiscountRule {
  kind: DiscountKind;
  value: number;
}

/**
 * The discount on an order's merchandise subtotal: a percent of it rounded half up to the
 * centavo (as tax is), or a fixed amount, never more than the subtotal. Delivery fees are never
 * discounted; tax is charged on what is left.
 */
export function discountOn(subtotal: Centavos, rule: DiscountRule): Centavos {
  return rule.kind === 'percent' ? percentOf(subtotal, rule.value) : Math.min(rule.value, subtotal);
}

/**
 * A code's value as it travels: a whole percent ("20"), or an amount in pesos ("150.00").
 * Returns null for text that is neither.
 */
export function discountRuleOf(kind: DiscountKind, value: string): DiscountRule | null {
  if (kind === 'fixed') {
    const centavos = parseCentavos(value);
    return centavos === null || centavos <= 0 ? null : { kind, value: centavos };
  }
  const percent = /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN;
  return percent >= 1 && percent <= 100 ? { kind, value: percent } : null;
}

/** The reverse of discountRuleOf: "20" for 20%, "150.00" for ₱150. */
export function discountValueText(rule: DiscountRule): string {
  return rule.kind === 'percent' ? String(rule.value) : toDecimal(rule.value);
}

/** "20% off", "₱150.00 off". */
export function discountLabel(rule: DiscountRule): string {
  return rule.kind === 'percent' ? `${rule.value}% off` : `${formatPHP(rule.value, 'centavos')} off`;
}

/** Why a code cannot be used, each in its own words. */
export const DISCOUNT_MESSAGES = {
  /**
   * One answer for every code that cannot be used now, whatever the reason (none such, turned
   * off, not started, ended, used up, bound to another address): answering each differently
   * told a guesser which codes exist and which are coming.
   */
  unusable: "This code can't be used",
  alreadyUsed: 'You have already used this code',
  restoreUsedUp: "This order's discount code has been used up since it was cancelled",
  restoreAlreadyUsed: "The customer has used this order's discount code again since it was cancelled",
} as const;

/** The minimum spend a subtotal falls short of. */
export const minSpendMessage = (minSpend: Centavos) =>
  `Spend at least ${formatPHP(minSpend, 'centavos')} to use this code`;
