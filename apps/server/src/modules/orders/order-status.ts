import {
  deriveOrderStatus,
  type ItemStatus,
  type OrderStatus,
  STOCK_MESSAGES,
  stockLeftMessage,
} from '@habi/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { badInput, conflict, notFound } from '../../lib/errors.ts';
import type { AuditRead, Recorder } from '../audit/index.ts';
import { releaseOrderCode, retakeOrderCode } from '../discounts/index.ts';
import { type MailSettings, mailStatusChanges } from '../mail/index.ts';
import { moveStock, type StockMove } from '../products/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { getOrder, lockLines } from './orders.service.ts';
import { refreshPaymentStatus } from './payment-state.ts';
import { removeTransferProofs, takeTransferProofs } from './transfer-proofs.ts';

/**
 * Sets each line's status, in line order, and the derived order status, in one transaction. A
 * line cancelled gives back the stock it holds; a cancelled line restored takes its quantity
 * again when its product tracks stock (409 when too little is left). The lines are locked
 * first, so the same change sent twice, even at once, moves stock once. An order cancelled whole
 * loses the shopper's transfer screenshot (its file, in `proofs`, once committed).
 */
export async function updateStatuses(
  db: Db,
  orderId: string,
  statuses: ItemStatus[],
  {
    mail,
    proofs,
    log,
    record,
  }: { mail: MailSettings; proofs: ImageStore; log: FastifyBaseLogger; record: Recorder },
): Promise<OrderStatus> {
  const { status, gone } = await db.transaction(async (tx) => {
    const before = await auditedOrder(tx, orderId);
    const status = await setStatuses(tx, orderId, statuses, { mail });
    const gone = status === 'cancelled' ? await takeTransferProofs(tx, eq(orders.id, orderId)) : [];
    await record(tx, { action: 'status', id: orderId, before, after: await auditedOrder(tx, orderId) });
    return { status, gone };
  });
  await removeTransferProofs(proofs, gone, log);
  return status;
}

/**
 * `updateStatuses` in the caller's transaction. `quiet`: the lines' status mails are not sent (the
 * caller writes one of its own, as the store does when it cancels an order left unpaid).
 */
export async function setStatuses(
  tx: Executor,
  orderId: string,
  statuses: ItemStatus[],
  { mail, quiet = false }: { mail: MailSettings; quiet?: boolean },
): Promise<OrderStatus> {
  const items = await lockLines(tx, orderId);
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
  if (!quiet) await mailStatusChanges(tx, orderId, changed, mail);
  const status = deriveOrderStatus(statuses);
  await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
  // An order cancelled whole gives its code's use back; restored, it takes it again.
  if (status === 'cancelled') await releaseOrderCode(tx, orderId);
  else await retakeOrderCode(tx, orderId);
  // A cancelled line is no longer owed, and one paid for is owed back.
  await refreshPaymentStatus(tx, orderId);
  return status;
}

/**
 * Locks an order for a change to its payment: its lines first, then its row, the order every
 * writer of an order takes them in (a status update locks the lines and then writes the row), so
 * two never wait on each other in a circle. The order's row, or null when there is none.
 */
export async function lockOrder(tx: Executor, orderId: string) {
  await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .for('update');
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** Recomputes the order status from its lines (kept for the API's `checkAndUpdateOrder` call). */
export async function refreshStatus(db: Db, orderId: string): Promise<OrderStatus> {
  const order = await getOrder(db, orderId);
  const status = deriveOrderStatus(order.products.map((p) => p.productStatus));
  if (status !== order.status) await db.update(orders).set({ status }).where(eq(orders.id, orderId));
  return status;
}

/**
 * An order as its audit rows keep it: its row and its lines' statuses, locked as every writer
 * of an order locks it (lines first, then the row).
 */
export const auditedOrder: AuditRead = async (tx, id) => {
  const order = await lockOrder(tx, id);
  if (!order) return null;
  const items = await tx
    .select({ status: orderItems.status })
    .from(orderItems)
    .where(eq(orderItems.orderId, id))
    .orderBy(asc(orderItems.id));
  return { ...order, itemStatuses: items.map((item) => item.status) };
};
