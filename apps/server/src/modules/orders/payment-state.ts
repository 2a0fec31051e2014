import {
  amountOwed,
  type ItemStatus,
  lineShares,
  type OrderPayment,
  type PaymentStatus,
  parseCentavos,
  paymentStatusOf,
  refundDue,
  toDecimal,
} from '@habi/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import type { ItemRow, OrderRow } from './order-rows.ts';

const centavos = (text: string) => parseCentavos(text) ?? 0;

/** The order's payment facts: its lines' shares and statuses, and its ledger's sums. */
function factsOf(
  order: OrderRow,
  items: readonly Pick<ItemRow, 'price' | 'quantity' | 'deliveryFee' | 'status'>[],
) {
  const shares = lineShares(
    items.map((item) => ({ price: item.price, quantity: item.quantity, fee: Number(item.deliveryFee) })),
    centavos(order.discountAmount),
    centavos(order.tax),
  );
  return {
    method: order.paymentMethod,
    total: centavos(order.total),
    lines: items.map((item, i) => ({ share: shares[i]!, status: item.status as ItemStatus })),
    paid: centavos(order.amountPaid),
    refunded: centavos(order.amountRefunded),
    referenceWaiting: order.transferReference !== null,
    returnsCredit: centavos(order.returnsCredit),
  };
}

/** The order's payment as the API reads it. */
export function paymentOf(order: OrderRow, items: readonly ItemRow[]): OrderPayment {
  const facts = factsOf(order, items);
  const unpaidOnline = order.paymentMethod === 'online' && order.paymentStatus === 'unpaid';
  return {
    method: order.paymentMethod,
    status: order.paymentStatus,
    paid: order.amountPaid,
    refunded: order.amountRefunded,
    owed: toDecimal(amountOwed(facts)),
    refundDue: toDecimal(refundDue(facts)),
    dueBy: order.paymentDueBy === null ? null : new Date(order.paymentDueBy).toISOString(),
    reference: order.transferReference,
    rejectedReason: order.transferRejectedReason,
    transferProof: order.transferProof !== null,
    checkoutUrl: unpaidOnline ? order.checkoutUrl : null,
    review: order.paymentReview,
  };
}

/**
 * Writes the order's payment status as its ledger's sums and its lines now give it, in the
 * caller's transaction (which holds the order's lines or row locked), and returns it.
 */
export async function refreshPaymentStatus(tx: Executor, orderId: string): Promise<PaymentStatus | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const items = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  const status = paymentStatusOf(factsOf(order, items));
  if (status !== order.paymentStatus) {
    await tx.update(orders).set({ paymentStatus: status }).where(eq(orders.id, orderId));
  }
  return status;
}
