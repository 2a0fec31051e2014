import { courierLabel, type Shipment, trackingLink } from '@habi/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';

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

/**
 * The shipments that these shipped lines (given in line order) left in, by order id, oldest first;
 * no query at all when none has shipped.
 */
export async function shipmentsOf(
  db: Executor,
  shipped: { line: string; shipmentId: string }[],
): Promise<Map<string, Shipment[]>> {
  const byOrder = new Map<string, Shipment[]>();
  if (shipped.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(shipments)
    .where(inArray(shipments.id, [...new Set(shipped.map((s) => s.shipmentId))]))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  for (const row of rows) {
    const lines = shipped.filter((s) => s.shipmentId === row.id).map((s) => s.line);
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), toShipment(row, lines)]);
  }
  return byOrder;
}
