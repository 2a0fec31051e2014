import type { Order, OrderListQuery, PageQuery } from '@habi/shared';
import { and, asc, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { customers, orderItems, orders, returnRequests, shipmentItems } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { moveStock } from '../products/index.ts';
import { type ItemRow, type OrderRow, toOrder } from './order-rows.ts';
import { shipmentsOf } from './order-shipments.ts';

// Reading orders and deleting one. Placing is in place-order.ts, status changes in order-status.ts.

/**
 * Orders with their lines and shipments, in the given order: two queries, and a third only when
 * some line has shipped.
 */
async function withItems(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ item: orderItems, shipmentId: shipmentItems.shipmentId })
    .from(orderItems)
    .leftJoin(shipmentItems, eq(shipmentItems.orderItemId, orderItems.id))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, ItemRow[]>();
  for (const { item } of lines) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const shipped = await shipmentsOf(
    db,
    lines.flatMap(({ item, shipmentId }) => (shipmentId ? [{ line: item.id, shipmentId }] : [])),
  );
  return rows.map((order) => {
    const shipments = shipped.get(order.id);
    // Only an order that shipped carries shipments, as only one placed with a code carries its discount.
    return { ...toOrder(order, byOrder.get(order.id) ?? []), ...(shipments ? { shipments } : {}) };
  });
}

export async function getOrder(db: Executor, id: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  const [order] = await withItems(db, [row]);
  return order!;
}

/** One order with how to reach its customer, for the back office's packers (null once the account is gone). */
export async function getOrderWithContact(db: Executor, id: string): Promise<Order> {
  const order = await getOrder(db, id);
  const [contact] = order.userId
    ? await db
        .select({ email: customers.email, contactNumber: customers.contactNumber })
        .from(customers)
        .where(eq(customers.id, order.userId))
    : [];
  return { ...order, contact: contact ?? null };
}

/** Every order of a customer, newest first (their data download). */
export async function allCustomerOrders(db: Executor, customerId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}

/** A customer's orders, newest first, a page at a time, with how many they have in all. */
export async function listCustomerOrders(db: Executor, customerId: string, page: PageQuery) {
  const mine = eq(orders.customerId, customerId);
  const rows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(mine);
  return { orders: await withItems(db, rows), total: total?.n ?? 0 };
}

/** All orders for the back office, searched by customer name, sorted and paged on the server. */
export async function listOrders(db: Executor, query: OrderListQuery) {
  const where = and(
    query.q ? ilike(orders.customerName, `%${escapeLike(query.q)}%`) : undefined,
    query.payment ? eq(orders.paymentStatus, query.payment) : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
  );
  const column =
    query.sort === 'user' ? orders.customerName : query.sort === 'total' ? orders.total : orders.createdAt;
  const direction =
    (query.order ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(direction(column), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { orders: await withItems(db, rows), total: total?.n ?? 0 };
}

/**
 * An order's lines locked, in their order: the first lock every writer of an order takes (status
 * changes, payments, shipments, a delete), so two at once take turns.
 */
export function lockLines(tx: Executor, orderId: string) {
  return tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position))
    .for('update');
}

/**
 * Deletes an order, giving back the stock its lines still hold that never left the shop (lines
 * to pay; shipped and delivered goods are gone) and the stock its exchanges still hold for a
 * replacement not sent; its discount use stays taken. The lines are locked first, so a status
 * change at the same moment comes before or after, never between. Answers the private files to
 * remove once it is committed: its transfer screenshot and its return requests' photos.
 */
export function deleteOrder(db: Db, id: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const lines = await lockLines(tx, id);
    const requests = await tx
      .select()
      .from(returnRequests)
      .where(eq(returnRequests.orderId, id))
      .for('update');
    const quantityOf = new Map(lines.map((item) => [item.id, item.quantity]));
    await moveStock(tx, [
      ...lines.flatMap((item, line) =>
        item.productId !== null && item.stockHeld && item.status === 'toPay'
          ? [
              {
                line,
                productId: item.productId,
                variation: item.variation,
                size: item.size,
                delta: item.quantity,
              },
            ]
          : [],
      ),
      ...requests.flatMap((request) =>
        request.stockHeld && request.productId !== null
          ? [
              {
                line: 0,
                productId: request.productId,
                variation: request.exchangeVariation ?? '',
                size: request.exchangeSize ?? '',
                delta: quantityOf.get(request.orderItemId) ?? 0,
              },
            ]
          : [],
      ),
    ]);
    const [deleted] = await tx
      .delete(orders)
      .where(eq(orders.id, id))
      .returning({ proof: orders.transferProof });
    if (!deleted) throw notFound('Order not found');
    return [...(deleted.proof ? [deleted.proof] : []), ...requests.flatMap((request) => request.photos)];
  });
}
