/** Shipments: the parcels an order's lines leave in, with their courier and tracking number. */
import type { CourierId } from '@habi/shared';
import { COURIER_IDS } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { orderItems, orders } from './orders.ts';

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** One of COURIER_IDS (`@habi/shared` couriers.ts). */
    courier: text('courier').$type<CourierId>().notNull(),
    /** The rider's or company's name when the courier is `other`. */
    courierName: text('courier_name'),
    /** Trimmed and upper-cased; '' for an own rider without one. */
    trackingNumber: text('tracking_number').notNull(),
    shippedOn: date('shipped_on', { mode: 'string' }).notNull(),
    /** Set once, when the back office marks it delivered. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('shipments_order_idx').on(t.orderId, t.createdAt),
    check('shipments_courier_check', sql.raw(`courier in (${COURIER_IDS.map((c) => `'${c}'`).join(', ')})`)),
  ],
);

/**
 * Which shipment each shipped line left in. Keyed by the line, so a line is in one shipment at
 * most: of two admins shipping it at once, one gets it.
 */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    orderItemId: uuid('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
  },
  (t) => [index('shipment_items_shipment_idx').on(t.shipmentId)],
);
