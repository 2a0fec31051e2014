import {
  LIVE_RETURN_STATUSES,
  RETURN_DEFAULTS,
  RETURN_MESSAGES,
  type ReturnListQuery,
  type ReturnRequest,
  type ReturnSettings,
  storeDate,
} from '@habi/shared';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  orderItems,
  orders,
  returnRequests,
  returnSettings,
  shipmentItems,
  shipments,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { toShipment } from '../orders/index.ts';

// Reading returns: the shop's window, the lists, the report.

type ItemRow = typeof orderItems.$inferSelect;

// Settings.

/** The shop's window, the default until an admin saves one. */
export async function readReturnSettings(db: Executor): Promise<ReturnSettings> {
  const [row] = await db.select().from(returnSettings).where(eq(returnSettings.id, 1));
  return { windowDays: row?.windowDays ?? RETURN_DEFAULTS.windowDays };
}

export async function saveReturnSettings(db: Executor, input: ReturnSettings): Promise<ReturnSettings> {
  await db
    .insert(returnSettings)
    .values({ id: 1, windowDays: input.windowDays })
    .onConflictDoUpdate({ target: returnSettings.id, set: { windowDays: input.windowDays } });
  return readReturnSettings(db);
}

// Reads.

/**
 * The day each of these lines was delivered, in the store's calendar: the day its shipment was
 * marked delivered, or for a line set Delivered by hand (no shipment delivered) its ETA.
 */
export async function deliveredDays(db: Executor, items: readonly ItemRow[]): Promise<Map<string, string>> {
  const days = new Map(items.map((item) => [item.id, item.deliveryDate]));
  if (items.length === 0) return days;
  const rows = await db
    .select({ line: shipmentItems.orderItemId, deliveredAt: shipments.deliveredAt })
    .from(shipmentItems)
    .innerJoin(shipments, eq(shipments.id, shipmentItems.shipmentId))
    .where(
      inArray(
        shipmentItems.orderItemId,
        items.map((item) => item.id),
      ),
    );
  for (const row of rows) {
    if (row.deliveredAt) days.set(row.line, storeDate(new Date(row.deliveredAt)));
  }
  return days;
}

const requestColumns = {
  request: returnRequests,
  item: orderItems,
  customerName: orders.customerName,
  replacement: shipments,
};

function readRequests(db: Executor, where: SQL | undefined) {
  return db
    .select(requestColumns)
    .from(returnRequests)
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .leftJoin(shipments, eq(shipments.id, returnRequests.replacementShipmentId))
    .where(where)
    .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id));
}

type Joined = Awaited<ReturnType<typeof readRequests>>[number];

function toReturn({ request, item, customerName, replacement }: Joined): ReturnRequest {
  return {
    _id: request.id,
    orderId: request.orderId,
    itemId: request.orderItemId,
    kind: request.kind,
    reason: request.reason,
    note: request.note,
    status: request.status,
    item: {
      name: item.name,
      imageUrl: item.imageUrl,
      productId: item.productId,
      variation: item.variation,
      size: item.size,
      quantity: item.quantity,
      price: item.price,
    },
    exchange:
      request.kind === 'exchange'
        ? { variation: request.exchangeVariation ?? '', size: request.exchangeSize ?? '' }
        : null,
    photos: request.photos.length,
    refundAmount: request.refundAmount,
    refundedAmount: request.refundedAmount,
    refusedReason: request.refusedReason,
    damaged: request.damaged,
    replacement: replacement ? toShipment(replacement, []) : null,
    customerName,
    deliveredOn: request.deliveredOn,
    createdAt: new Date(request.createdAt).toISOString(),
    updatedAt: new Date(request.updatedAt).toISOString(),
  };
}

export async function getReturn(db: Executor, id: string): Promise<ReturnRequest> {
  const [row] = await readRequests(db, eq(returnRequests.id, id));
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  return toReturn(row);
}

/** The back office's list: filtered by status and reason, newest first, with how many match. */
export async function listReturns(db: Executor, query: ReturnListQuery) {
  const where = and(
    query.q ? ilike(orders.customerName, `%${escapeLike(query.q)}%`) : undefined,
    query.status ? eq(returnRequests.status, query.status) : undefined,
    query.reason ? eq(returnRequests.reason, query.reason) : undefined,
  );
  const rows = await readRequests(db, where).limit(query.limit).offset(query.offset);
  const [total] = await db
    .select({ n: count() })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(where);
  return { requests: rows.map(toReturn), total: total?.n ?? 0 };
}

/**
 * A shopper's requests, newest first, with the window and the day each of their delivered lines
 * was delivered: what My Orders needs to offer "Return or exchange" until the last day.
 */
export async function myReturns(db: Executor, customerId: string) {
  const [settings, rows, delivered] = await Promise.all([
    readReturnSettings(db),
    readRequests(db, eq(returnRequests.customerId, customerId)),
    db
      .select({ item: orderItems })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.customerId, customerId), eq(orderItems.status, 'delivered'))),
  ]);
  const days = await deliveredDays(
    db,
    delivered.map((row) => row.item),
  );
  return {
    windowDays: settings.windowDays,
    deliveredOn: Object.fromEntries(days),
    requests: rows.map(toReturn),
  };
}

/**
 * The returns report: live requests (refused and cancelled ones aside) by reason, each as a share
 * of all of them, and by product, each as a share of the units of that product delivered (lines
 * delivered, counted by the name they were ordered under when the product is gone).
 */
export async function returnReport(db: Executor) {
  const live = inArray(returnRequests.status, [...LIVE_RETURN_STATUSES]);
  const [byReason, byProduct, delivered, kinds] = await Promise.all([
    db
      .select({ reason: returnRequests.reason, n: count() })
      .from(returnRequests)
      .where(live)
      .groupBy(returnRequests.reason),
    db
      .select({ productId: orderItems.productId, name: sql<string>`min(${orderItems.name})`, n: count() })
      .from(returnRequests)
      .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
      .where(live)
      .groupBy(orderItems.productId),
    db
      .select({
        productId: orderItems.productId,
        units: sql<number>`sum(${orderItems.quantity})::int`,
      })
      .from(orderItems)
      .where(eq(orderItems.status, 'delivered'))
      .groupBy(orderItems.productId),
    db
      .select({ kind: returnRequests.kind, n: count() })
      .from(returnRequests)
      .where(live)
      .groupBy(returnRequests.kind),
  ]);
  const requests = byReason.reduce((sum, row) => sum + row.n, 0);
  const units = new Map(delivered.map((row) => [row.productId, row.units]));
  const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : 0);
  return {
    requests,
    returns: kinds.find((k) => k.kind === 'return')?.n ?? 0,
    exchanges: kinds.find((k) => k.kind === 'exchange')?.n ?? 0,
    deliveredUnits: delivered.reduce((sum, row) => sum + row.units, 0),
    byReason: byReason
      .map((row) => ({ reason: row.reason, count: row.n, rate: rate(row.n, requests) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    byProduct: byProduct
      .map((row) => {
        const deliveredUnits = units.get(row.productId) ?? 0;
        return {
          productId: row.productId,
          name: row.name,
          count: row.n,
          delivered: deliveredUnits,
          rate: rate(row.n, deliveredUnits),
        };
      })
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, 50),
  };
}
