import {
  deriveOrderStatus,
  type ItemStatus,
  type OrderStatus,
  STOCK_MESSAGES,
  stockLeftMessage,
} from '@habi/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { badInput, conflict, notFound } from '../../lib/errors.ts';
import { releaseOrderCode, retakeOrderCode } from '../discounts/index.ts';
import { type MailSettings, mailStatusChanges } from '../mail/index.ts';
import { moveStock, type StockMove } from '../products/index.ts';
import { getOrder } from './orders.service.ts';

/**
 * Sets each line's status, in line order, and the derived order status, in one transaction. A
 * line cancelled gives back the stock it holds; a cancelled line restored takes its quantity
 * again when its product tracks stock (409 when too little is left). The lines are locked
 * first, so the same change sent twice, even at once, moves stock once.
 */
export async function updateStatuses(
  db: Db,
  orderId: string,
  statuses: ItemStatus[],
  mail: MailSettings,
): Promise<OrderStatus> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position))
      .for('update');
    if (items.length === 0) throw notFound('Order not found');
    if (items.length !== statuses.length) {
      throw badInput(`Send one status for each of the order's ${items.length} product(s)`);
    }
    const moves: StockMove[] = [];
    for (const [line, item] of items.entries()) {
      const cancelling = statuses[line] === 'cancelled';
      if (item.productId === null || cancelling === (item.status === 'cancelled')) continue;
      const key = { line, productId: item.productId, variation: item.variation, size: item.size };
      if (!cancelling) moves.push({ ...key, delta: -item.quantity });
      else if (item.stockHeld) moves.push({ ...key, delta: item.quantity });
    }
    // A product without the line's stock row does not track stock: the line is restored untaken.
    const { short, missing } = await moveStock(tx, moves);
    if (short.length > 0) {
      throw conflict(
        STOCK_MESSAGES.restoreShort,
        Object.fromEntries(short.map((s) => [`updatedStatus.${s.line}`, stockLeftMessage(s.available)])),
        short,
      );
    }
    const taken = new Set(moves.filter((m) => m.delta < 0 && !missing.has(m.line)).map((m) => m.line));
    for (const [line, item] of items.entries()) {
      const status = statuses[line]!;
      const restored = item.status === 'cancelled' && status !== 'cancelled';
      const stockHeld = status === 'cancelled' ? false : restored ? taken.has(line) : item.stockHeld;
      await tx.update(orderItems).set({ status, stockHeld }).where(eq(orderItems.id, item.id));
    }
    const changed = items.flatMap((item, line) =>
      item.status === statuses[line] ? [] : [{ id: item.id, status: statuses[line]! }],
    );
    await mailStatusChanges(tx, orderId, changed, mail);
    const status = deriveOrderStatus(statuses);
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    // An order cancelled whole gives its code's use back; restored, it takes it again.
    if (status === 'cancelled') await releaseOrderCode(tx, orderId);
    else await retakeOrderCode(tx, orderId);
    return status;
  });
}

/** Recomputes the order status from its lines (kept for the API's `checkAndUpdateOrder` call). */
export async function refreshStatus(db: Db, orderId: string): Promise<OrderStatus> {
  const order = await getOrder(db, orderId);
  const status = deriveOrderStatus(order.products.map((p) => p.productStatus));
  if (status !== order.status) await db.update(orders).set({ status }).where(eq(orders.id, orderId));
  return status;
}
