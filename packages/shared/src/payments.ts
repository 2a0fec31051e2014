/**
 * Payments: the methods a shopper may pay by, what an order's payment status is, and what a
 * cancelled line gives back. One home for these rules (docs/business-rules.md, "Payments").
 */
import type { ItemStatus } from './constants.ts';
import { type Centavos, parseCentavos } from './money.ts';

/** Cash on delivery, a transfer to one of the shop's accounts, or PayMongo's hosted checkout. */
export const PAYMENT_METHODS = ['cod', 'transfer', 'online'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** An order placed without `paymentMethod` (SPEC's clients send none) is cash on delivery. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'cod';

/** The order's `paymentMethod` as SPEC reads it: cash on delivery stays `COD`. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cod: 'COD',
  transfer: 'Transfer',
  online: 'Online',
};
/** What a shopper reads for each method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cod: 'Cash on delivery',
  transfer: 'Bank or e-wallet transfer',
  online: 'Card, GCash, Maya or QR Ph (PayMongo)',
};

export const PAYMENT_STATUSES = [
  'unpaid',
  'pending',
  'paid',
  'partiallyRefunded',
  'refunded',
  'cancelled',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** SPEC's payment pills: Completed, Pending, Partial, Cancelled. */
export const PAYMENT_PILLS: Record<PaymentStatus, 'Completed' | 'Pending' | 'Partial' | 'Cancelled'> = {
  unpaid: 'Pending',
  pending: 'Pending',
  paid: 'Completed',
  partiallyRefunded: 'Partial',
  refunded: 'Cancelled',
  cancelled: 'Cancelled',
};
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'Unpaid',
  pending: 'Pending',
  paid: 'Paid',
  partiallyRefunded: 'Partially refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/**
 * A ledger row's kind: money in (a payment or a collection), money back, or a reversal: a refund
 * PayMongo took and then failed, so its money was not given back after all.
 */
export const LEDGER_KINDS = ['payment', 'refund', 'reversal'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The kinds of account a shop takes transfers to. */
export const TRANSFER_ACCOUNT_KINDS = ['gcash', 'maya', 'bank'] as const;
export type TransferAccountKind = (typeof TRANSFER_ACCOUNT_KINDS)[number];
export const TRANSFER_ACCOUNT_KIND_LABELS: Record<TransferAccountKind, string> = {
  gcash: 'GCash',
  maya: 'Maya',
  bank: 'Bank',
};

/** The shop's defaults: how long a transfer and an online payment may take before the order lapses. */
export const PAYMENT_DEFAULTS = { transferHours: 24, onlineMinutes: 60 } as const;

export interface ShareLine {
  /** Unit price as decimal text, "699.00". */
  price: string;
  quantity: number;
  /** Delivery fee in pesos. */
  fee: number;
}

/**
 * Each line's share of the order's total, in centavos: its items, less its part of the discount,
 * plus its own delivery fee, plus its part of the tax. The discount is shared by the items'
 * amounts and the tax by what each line comes to before tax; both by the largest remainder, so
 * the shares add up to the discount, the tax and the total exactly. A cancelled line gives back
 * its share.
 */
export function lineShares(lines: readonly ShareLine[], discount: Centavos, tax: Centavos): Centavos[] {
  const items = lines.map((line) => {
    const price = parseCentavos(line.price);
    if (price === null) throw new Error(`Invalid price: ${line.price}`);
    return price * line.quantity;
  });
  const discounts = shareOut(discount, items);
  const beforeTax = lines.map((line, i) => items[i]! - discounts[i]! + line.fee * 100);
  const taxes = shareOut(tax, beforeTax);
  return beforeTax.map((amount, i) => amount + taxes[i]!);
}

/**
 * `amount` split in proportion to `weights`, whole centavos that add up to it: each gets the
 * floor of its part, and the centavos left go to the largest remainders (the earlier line on a
 * tie). All to the first line when the weights are all zero. In BigInt: an amount times a weight
 * can pass 2^53 (a ₱5-billion order's discount times a ₱4-billion line).
 */
export function shareOut(amount: Centavos, weights: readonly Centavos[]): Centavos[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum === 0n) return weights.map((_, i) => (i === 0 ? amount : 0));
  const whole = BigInt(amount);
  const parts = weights.map((w) => (whole * BigInt(w)) / sum);
  const order = weights
    .map((w, i) => ({ i, rest: (whole * BigInt(w)) % sum }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  for (const { i } of order) {
    if (left <= 0n) break;
    parts[i]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

export interface PaymentFacts {
  method: PaymentMethod;
  /** The order's total, in centavos. */
  total: Centavos;
  /** Each line's share (`lineShares`) and status. */
  lines: readonly { share: Centavos; status: ItemStatus }[];
  /** Sums of the order's ledger rows. */
  paid: Centavos;
  refunded: Centavos;
  /** A transfer's reference waits for the shop to confirm it. */
  referenceWaiting: boolean;
  /** What returned items the shop received back are worth (`returns.ts`): no longer owed. */
  returnsCredit?: Centavos;
}

/** What the shopper owes for the lines not cancelled, less what items returned to the shop are worth. */
export const amountOwed = (facts: Pick<PaymentFacts, 'lines' | 'returnsCredit'>): Centavos =>
  Math.max(
    0,
    facts.lines.reduce((sum, line) => (line.status === 'cancelled' ? sum : sum + line.share), 0) -
      (facts.returnsCredit ?? 0),
  );

/**
 * What the shopper still has to pay, from an order's payment as read: what the lines not
 * cancelled cost less what the shop keeps (paid less refunded). Never below zero.
 */
export function leftToPay(payment: { owed: string; paid: string; refunded: string }): Centavos {
  const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;
  return Math.max(0, centavos(payment.owed) - (centavos(payment.paid) - centavos(payment.refunded)));
}

/** "#1A2B3C4D": an order's short reference, as its mails, My Orders and PayMongo's page name it. */
export const orderReference = (orderId: string) =>
  `#${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;

/** What the shop owes back: kept beyond what the lines not cancelled cost. Never below zero. */
export const refundDue = (
  facts: Pick<PaymentFacts, 'lines' | 'paid' | 'refunded' | 'returnsCredit'>,
): Centavos => Math.max(0, facts.paid - facts.refunded - amountOwed(facts));

/**
 * The order's payment status, from its ledger and its lines. Money refunded: refunded when none
 * is kept, else partially refunded. Else a cancelled order with nothing paid is cancelled; paid
 * when what is kept covers what is owed; pending while part is paid or a transfer waits to be
 * confirmed; else unpaid.
 */
export function paymentStatusOf(facts: PaymentFacts): PaymentStatus {
  const kept = facts.paid - facts.refunded;
  if (facts.refunded > 0) return kept <= 0 ? 'refunded' : 'partiallyRefunded';
  const owed = amountOwed(facts);
  if (facts.lines.every((line) => line.status === 'cancelled') && facts.paid === 0) return 'cancelled';
  if (facts.paid > 0 && kept >= owed) return 'paid';
  if (facts.paid > 0 || facts.referenceWaiting) return 'pending';
  return 'unpaid';
}
