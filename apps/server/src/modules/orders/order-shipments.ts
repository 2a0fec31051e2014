import { courierLabel, type Shipment, trackingLink } from '@habi/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderItems, shipmentItems, shipments } from '../../db/schema.ts';

export type ShipmentRow = typeof shipments.$inferSelect;

/** A shipment's row and its lines' ids as the API answers them. */
export function toShipment(row: ShipmentRow, lines: string[]): Shipment {
  return {
    _id: row.id,
    orderId: row.orderId,
    courier: row.courier,
    courierName: courierLabel(row.courier, row.courierName),
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingLink(row.courier, row.trackingNumber),
    shippedOn: row.shippedOn,
    deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt).toISOString(),
    lines,
  };
}

/** The shipments of these orders, oldest first, each with its lines in order, by order id. */
export async function shipmentsOf(db: Executor, orderIds: string[]): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  if (rows.length === 0) return byOrder;
  const lines = await db
    .select({ shipmentId: shipmentItems.shipmentId, line: shipmentItems.orderItemId })
    .from(shipmentItems)
    .innerJoin(orderItems, eq(orderItems.id, shipmentItems.orderItemId))
    .where(
      inArray(
        shipmentItems.shipmentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  for (const row of rows) {
    const mine = lines.filter((l) => l.shipmentId === row.id).map((l) => l.line);
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toShipment(row, mine)]);
  }
  return byOrder;
}
