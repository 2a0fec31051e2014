/** Returns and exchanges of delivered items, and the shop's window for them. */
import type { ReturnKind, ReturnReason, ReturnStatus } from '@habi/shared';
import { RETURN_KINDS, RETURN_REASONS, RETURN_STATUSES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { products } from './catalogue.ts';
import { createdAt, id, money } from './columns.ts';
import { orderItems, orders } from './orders.ts';
import { shipments } from './shipments.ts';

const listed = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** The shop's settings for returns: one row. */
export const returnSettings = pgTable(
  'return_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Days after delivery a return or exchange may be asked for. */
    windowDays: integer('window_days').notNull().default(7),
  },
  (t) => [
    check('return_settings_one_row_check', sql`${t.id} = 1`),
    check('return_settings_window_check', sql`${t.windowDays} between 1 and 90`),
  ],
);

/**
 * A shopper's request to return (money back) or exchange (another variation or size of the same
 * product) one delivered line, all its units. At most one live request a line (refused and
 * cancelled ones aside), so of two sent at once one is refused.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    /** The shopper who asked; null once their account is erased. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    kind: text('kind').$type<ReturnKind>().notNull(),
    reason: text('reason').$type<ReturnReason>().notNull(),
    note: text('note').notNull().default(''),
    /** Names of the photos in the private image store, in the order added. */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<ReturnStatus>().notNull().default('requested'),
    /** The day the item was delivered, as the window counts it. */
    deliveredOn: date('delivered_on', { mode: 'string' }).notNull(),
    /** An exchange's product (the line's), variation and size wanted. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    exchangeVariation: text('exchange_variation'),
    exchangeSize: text('exchange_size'),
    /** The exchange's new variation and size is taken from stock and not given back yet. */
    stockHeld: boolean('stock_held').notNull().default(false),
    /** What a return gives back: the line's share of what the order cost. */
    refundAmount: money('refund_amount').default('0'),
    /** What was refunded into the ledger. */
    refundedAmount: numeric('refunded_amount', { precision: 12, scale: 2 }),
    refusedReason: text('refused_reason'),
    /** Received damaged (or defective): not put back on sale. */
    damaged: boolean('damaged').notNull().default(false),
    /** The exchange's replacement parcel. */
    replacementShipmentId: uuid('replacement_shipment_id').references(() => shipments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('return_requests_live_item_key')
      .on(t.orderItemId)
      .where(sql`${t.status} not in ('refused', 'cancelled')`),
    // Deleting an order's lines finds their requests without a scan (the key above is partial).
    index('return_requests_item_idx').on(t.orderItemId),
    index('return_requests_created_idx').on(t.createdAt, t.id),
    index('return_requests_customer_idx').on(t.customerId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    check('return_requests_kind_check', sql`${t.kind} in (${listed(RETURN_KINDS)})`),
    check('return_requests_reason_check', sql`${t.reason} in (${listed(RETURN_REASONS)})`),
    check('return_requests_status_check', sql`${t.status} in (${listed(RETURN_STATUSES)})`),
  ],
);
