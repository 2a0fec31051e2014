import { canCancelItem, type ItemStatus, type Order, RETURN_MESSAGES } from '@habi/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orders, shipmentItems } from '../../db/schema.ts';
import { badInput, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { MailSettings } from '../mail/index.ts';
import {
  getOrder,
  lockOrder,
  removeTransferProofs,
  setStatuses,
  takeTransferProofs,
} from '../orders/index.ts';
import type { ImageStore } from '../uploads/index.ts';

/**
 * A shopper cancels items of their own order that have not shipped (still to pay). The orders
 * module's status change does the rest, as for the back office's: stock held comes back, the
 * discount code's use comes back when the whole order is cancelled, a paid item becomes a refund
 * due in the payments ledger, the shopper is mailed. An order cancelled whole loses its transfer
 * screenshot. Items of another order are 400, a shipped or closed item 409, another's order 403;
 * nothing is written then.
 */
export async function cancelItems(
  db: Db,
  customerId: string,
  orderId: string,
  itemIds: readonly string[],
  { mail, proofs, log }: { mail: MailSettings; proofs: ImageStore; log: FastifyBaseLogger },
): Promise<Order> {
  const { order, gone } = await db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!row) throw notFound('Order not found');
    if (row.customerId !== customerId) throw forbidden();
    const items = (await getOrder(tx, orderId)).products;
    const chosen = new Set(itemIds);
    const known = new Set(items.map((item) => item._id));
    if (chosen.size !== itemIds.length || itemIds.some((id) => !known.has(id))) {
      throw badInput(RETURN_MESSAGES.cancelItems, { items: RETURN_MESSAGES.cancelItems });
    }
    const shipped = await tx
      .select({ line: shipmentItems.orderItemId })
      .from(shipmentItems)
      .where(inArray(shipmentItems.orderItemId, [...chosen]));
    const closed = items.find(
      (item) =>
        chosen.has(item._id) &&
        (!canCancelItem(item.productStatus) || shipped.some((s) => s.line === item._id)),
    );
    if (closed)
      throw conflict(RETURN_MESSAGES.cannotCancelItem(closed.name), {
        items: 'Choose items not yet shipped',
      });
    const status = await setStatuses(
      tx,
      orderId,
      items.map((item) => (chosen.has(item._id) ? 'cancelled' : (item.productStatus as ItemStatus))),
      { mail },
    );
    const gone = status === 'cancelled' ? await takeTransferProofs(tx, eq(orders.id, orderId)) : [];
    return { order: await getOrder(tx, orderId), gone };
  });
  await removeTransferProofs(proofs, gone, log);
  return order;
}
