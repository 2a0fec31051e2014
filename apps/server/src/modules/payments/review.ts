import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { OrderRow } from '../orders/index.ts';

/**
 * Asks the shop to look at the order's payment (the back office shows the reason), added to what
 * it was already asked (once per reason); the order no longer lapses while they do.
 */
export async function askReview(tx: Executor, order: OrderRow, reason: string) {
  if (order.paymentReview?.includes(reason)) return;
  const text = (order.paymentReview ? `${order.paymentReview} ${reason}` : reason).slice(0, 2000);
  await tx.update(orders).set({ paymentReview: text, paymentDueBy: null }).where(eq(orders.id, order.id));
  order.paymentReview = text;
}
