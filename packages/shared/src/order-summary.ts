import { TAX_PERCENT } from './constants.ts';
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
  shipping: Centavos;
  totalBeforeTax: Centavos;
  tax: Centavos;
  total: Centavos;
  itemCount: number;
}

/** Order summary, in centavos. Server and cart use this one function. */
export function summarizeOrder(lines: readonly SummaryLine[]): OrderSummary {
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
  const totalBeforeTax = subtotal + shipping;
  const tax = percentOf(totalBeforeTax, TAX_PERCENT);
  return { subtotal, shipping, totalBeforeTax, tax, total: totalBeforeTax + tax, itemCount };
}
