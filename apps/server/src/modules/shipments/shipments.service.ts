import {
  type CreateShipmentSchema,
  canShip,
  type ItemStatus,
  SHIPMENT_MESSAGES,
  type Shipment,
  shippedAfterToday,
  storeDate,
} from '@habi/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { returnRequests, shipmentItems, shipments } from '../../db/schema.ts';
import { badInput, conflict, notFound } from '../../lib/errors.ts';
import { type MailSettings, mailShipment } from '../mail/index.ts';
import { lockLines, setStatuses, toShipment } from '../orders/index.ts';

type NewShipment = z.output<typeof CreateShipmentSchema>;

/** A date shipped after today (the store's) is a typo: 400, nothing written. */
export function refuseFutureDate(shippedOn: string) {
  if (shippedAfterToday(shippedOn, storeDate(new Date()))) {
    throw badInput(SHIPMENT_MESSAGES.shippedAfterToday, { shippedOn: SHIPMENT_MESSAGES.shippedAfterToday });
  }
}

/**
 * Ships some of an order's lines: writes the shipment, moves its lines to toReceive through the
 * orders module's status change (so its stock, discount and payment rules apply) and mails the
 * customer "on its way", all in one transaction. Lines of another order are 400; a line shipped
 * already, delivered or cancelled is 409; nothing is written then.
 */
export function createShipment(db: Db, input: NewShipment, mail: MailSettings): Promise<Shipment> {
  return db.transaction((tx) => shipLines(tx, input, mail));
}

/** `createShipment` in the caller's transaction (a CSV's rows ship in one). */
export async function shipLines(tx: Executor, input: NewShipment, mail: MailSettings): Promise<Shipment> {
  refuseFutureDate(input.shippedOn);
  const items = await lockLines(tx, input.orderId);
  if (items.length === 0) throw notFound('Order not found');
  const chosen = new Set(input.lines);
  const known = new Set(items.map((item) => item.id));
  if (chosen.size !== input.lines.length || input.lines.some((line) => !known.has(line))) {
    throw badInput('Choose items of this order, each once', { lines: 'Choose items of this order' });
  }
  const shipped = await tx
    .select({ line: shipmentItems.orderItemId })
    .from(shipmentItems)
    .where(inArray(shipmentItems.orderItemId, input.lines));
  if (shipped.length > 0) {
    throw conflict('Some of these items have already shipped. Reload the order to see its shipments.', {
      lines: 'Already shipped',
    });
  }
  const closed = items.find((item) => chosen.has(item.id) && !canShip(item.status as ItemStatus));
  if (closed) {
    throw conflict(
      `“${closed.name}” is ${closed.status === 'cancelled' ? 'cancelled' : 'delivered'}: it cannot ship`,
      {
        lines: 'Choose items still to ship',
      },
    );
  }
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId: input.orderId,
      courier: input.courier,
      courierName: input.courier === 'other' ? (input.courierName ?? null) : null,
      trackingNumber: input.trackingNumber,
      shippedOn: input.shippedOn,
    })
    .returning();
  const lines = items.filter((item) => chosen.has(item.id)).map((item) => item.id);
  await tx.insert(shipmentItems).values(lines.map((orderItemId) => ({ orderItemId, shipmentId: row!.id })));
  const shipment = toShipment(row!, lines);
  await setStatuses(
    tx,
    input.orderId,
    items.map((item) => (chosen.has(item.id) ? 'toReceive' : (item.status as ItemStatus))),
    { mail, quiet: true },
  );
  await mailShipment(tx, input.orderId, 'shipped', shipment, mail);
  return shipment;
}

/**
 * Marks a shipment delivered, once: its lines (those not cancelled meanwhile) move to delivered
 * through the orders module's status change, and the customer is mailed "Delivered" with what
 * it carried. A shipment
 * already delivered is 409 and nothing changes.
 */
export function markDelivered(db: Db, shipmentId: string, mail: MailSettings): Promise<Shipment> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ orderId: shipments.orderId })
      .from(shipments)
      .where(eq(shipments.id, shipmentId));
    if (!found) throw notFound('Shipment not found');
    const items = await lockLines(tx, found.orderId);
    const [row] = await tx
      .update(shipments)
      .set({ deliveredAt: sql`now()` })
      .where(and(eq(shipments.id, shipmentId), isNull(shipments.deliveredAt)))
      .returning();
    if (!row) throw conflict('This shipment is already marked delivered');
    const inShipment = new Set(
      (
        await tx
          .select({ line: shipmentItems.orderItemId })
          .from(shipmentItems)
          .where(eq(shipmentItems.shipmentId, shipmentId))
      ).map((l) => l.line),
    );
    await setStatuses(
      tx,
      row.orderId,
      items.map((item) =>
        inShipment.has(item.id) && item.status !== 'cancelled' ? 'delivered' : (item.status as ItemStatus),
      ),
      { mail, quiet: true },
    );
    const shipment = toShipment(
      row,
      items.filter((item) => inShipment.has(item.id)).map((item) => item.id),
    );
    // An exchange's replacement parcel holds no line of the order: its mail names what it carried.
    const replacements =
      inShipment.size > 0
        ? []
        : await tx
            .select({
              line: returnRequests.orderItemId,
              variation: returnRequests.exchangeVariation,
              size: returnRequests.exchangeSize,
            })
            .from(returnRequests)
            .where(eq(returnRequests.replacementShipmentId, shipmentId));
    await mailShipment(tx, row.orderId, 'delivered', shipment, mail, replacements);
    return shipment;
  });
}
