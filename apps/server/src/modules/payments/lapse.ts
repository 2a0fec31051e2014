import { and, asc, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { every } from '../../lib/periodic.ts';
import { type MailSettings, mailPayment } from '../mail/index.ts';
import { lockOrder, setStatuses } from '../orders/index.ts';

/** How many lapsed orders one sweep cancels at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 50;

/**
 * Cancels the transfer and online orders still unpaid when their time to pay ran out: every line
 * cancelled (their stock and the discount code's use come back) and the shopper mailed once. Each
 * order in its own transaction, checked again under its lock, so a payment recorded at the same
 * moment comes first (and the order stays) or after (and the payment is kept for a refund).
 * Times are the database's, the clock every instance shares. Returns how many it cancelled.
 */
export async function cancelLapsed(db: Db, mail: MailSettings): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'unpaid'),
        isNotNull(orders.paymentDueBy),
        lte(orders.paymentDueBy, sql`now()`),
      ),
    )
    .orderBy(asc(orders.paymentDueBy))
    .limit(SWEEP_LIMIT);
  let cancelled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (order?.paymentStatus !== 'unpaid' || order.status === 'cancelled') return false;
      const [lines] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, id));
      await setStatuses(tx, id, Array(lines?.n ?? 0).fill('cancelled'), { mail, quiet: true });
      await mailPayment(tx, id, { kind: 'order-lapsed' }, mail);
      return true;
    });
    if (done) cancelled++;
  }
  return cancelled;
}

/** Sweeps every `everyMs` until stopped; a failed sweep is logged and the next one tries again. */
export function startLapseSweeper(db: Db, mail: MailSettings, log: FastifyBaseLogger, everyMs: number) {
  return every(everyMs, () =>
    cancelLapsed(db, mail).then(
      (n) => n > 0 && log.info({ cancelled: n }, 'orders cancelled for want of payment'),
      (error: unknown) => log.warn({ err: error }, 'the sweep of unpaid orders failed'),
    ),
  );
}
