import { TAX_PERCENT } from './constants.ts';
import { type DiscountRule, discountOn } from './discounts.ts';
import { type Centavos, parseCentavos, percentOf } from './money.ts';

export interface SummaryLine {
  /** Unit price as decimal text, "699.00". */
  price: string;
  quantity: number;
  /** Delivery fee in pesos (0, 50 or 100). */
  fee: number;
}

export interface OrderSummary {
  subtotal: Centavos;
  /** Taken off the subtotal by a discount code; 0 without one. */
  discount: Centavos;
  shipping: Centavos;
  totalBeforeTax: Centavos;
  tax: Centavos;
  total: Centavos;
  itemCount: number;
}

/**
 * Order summary, in centavos. Server and cart use this one function. A discount comes off the
 * items' subtotal only (see discountOn); tax is then charged on what is left plus shipping.
 */
export function summarizeOrder(
  lines: readonly SummaryLine[],
  rule: DiscountRule | null = null,
): OrderSummary {
  let subtotal = 0;
  let shipping = 0;
  let itemCount = 0;
  for (const line of lines) {
    const price = parseCentavos(line.price);
    if (price === null) throw new Error(`Invalid price: ${line.price}`);
    subtotal += price * line.quantity;
    shipping += line.fee * 100;
    itemCount += line.quantity;
  }
  const discount = rule ? discountOn(subtotal, rule) : 0;
  const totalBeforeTax = subtotal - discount + shipping;
  const tax = percentOf(totalBeforeTax, TAX_PERCENT);
  return { subtotal, discount, shipping, totalBeforeTax, tax, total: totalBeforeTax + tax, itemCount };
}
