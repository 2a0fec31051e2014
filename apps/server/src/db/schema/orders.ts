/** Orders, their lines, sales counts and checkout keys. */
import type { AddressParts, PaymentMethod, PaymentStatus } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { products } from './catalogue.ts';
import { createdAt, id, money } from './columns.ts';

export const orders = pgTable(
  'orders',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Kept so an order still names its customer after the account is deleted. */
    customerName: text('customer_name').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    /** A structured address's parts (`shippingAddress` is their line); null for a typed one. */
    shippingAddressParts: jsonb('shipping_address_parts').$type<AddressParts>(),
    /** `cod`, `transfer` or `online` (the API names them as PAYMENT_METHOD_NAMES does). */
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    status: text('status').notNull(),
    subtotal: money('subtotal'),
    shippingFee: money('shipping_fee'),
    tax: money('tax'),
    total: money('total'),
    /** The discount code the order was placed with, and what it took off the items. */
    discountCode: text('discount_code'),
    discountAmount: money('discount_amount').default('0'),
    createdAt: createdAt(),
    /**
     * The payment, derived: the sums of the order's ledger rows (kept by the ledger's trigger)
     * and the status `paymentStatusOf` gives them, written with every change to either.
     */
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    amountPaid: money('amount_paid').default('0'),
    amountRefunded: money('amount_refunded').default('0'),
    /** What items returned to the shop are worth (the returns module): no longer owed. */
    returnsCredit: money('returns_credit').default('0'),
    /** A transfer or online order unpaid at this instant is cancelled by the store. */
    paymentDueBy: timestamp('payment_due_by', { withTimezone: true, mode: 'string' }),
    /** The shopper's transfer reference, waiting for the shop to confirm it. */
    transferReference: text('transfer_reference'),
    /** The shopper's screenshot of their transfer: a file name under the private proofs folder. */
    transferProof: text('transfer_proof'),
    transferRejectedReason: text('transfer_rejected_reason'),
    /** PayMongo's checkout session for an online order, and its page. */
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    /** Why the shop must look at the payment; null when nothing is amiss. */
    paymentReview: text('payment_review'),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_name_idx').on(sql`lower(${t.customerName})`),
    // The back office's search by customer name, ILIKE '%…%' (pg_trgm).
    index('orders_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('orders_payment_status_idx').on(t.paymentStatus, t.createdAt, t.id),
    // The orders the store cancels for want of payment, found without a full scan.
    index('orders_payment_due_idx')
      .on(t.paymentDueBy)
      .where(sql`${t.paymentDueBy} is not null and ${t.paymentStatus} = 'unpaid'`),
    uniqueIndex('orders_checkout_session_key').on(t.checkoutSessionId),
    // Orders not paid (or paid back) that must be before they ship: the dashboard's orders
    // awaiting payment, and its lines to ship (those of orders not here).
    index('orders_not_paid_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentMethod} <> 'cod' and ${t.paymentStatus} in ('unpaid', 'pending', 'refunded')`),
    check('orders_refunded_within_paid_check', sql`${t.amountRefunded} <= ${t.amountPaid}`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cod', 'transfer', 'online')`),
  ],
);

/** An ordered line keeps a snapshot of name, image and price. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    price: money('price'),
    /** The variation's name ('' when the product has none): with the size, the stock it came from. */
    variation: text('variation').notNull().default(''),
    size: text('size').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** The line's quantity was taken from stock and is not back yet: cancelling it gives it back. */
    stockHeld: boolean('stock_held').notNull().default(false),
    deliveryFee: money('delivery_fee'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_key').on(t.orderId, t.position),
    // Deleting a product clears it from ordered lines; this finds them without a full scan.
    index('order_items_product_idx').on(t.productId),
    // The dashboard's lines still to ship.
    index('order_items_to_pay_idx').on(t.orderId).where(sql`${t.status} = 'toPay'`),
  ],
);

/**
 * How many of each product are ordered, cancelled lines aside: Best Collections reads the top
 * few instead of adding up every ordered line. Kept by a trigger on order_items (migration
 * 0010_product_sales_counting) when the writing transaction commits.
 */
export const productSales = pgTable(
  'product_sales',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    sold: integer('sold').notNull().default(0),
  },
  (t) => [
    index('product_sales_sold_idx').on(t.sold.desc(), t.productId),
    check('product_sales_sold_check', sql`${t.sold} >= 0`),
  ],
);

/** A checkout attempt's key and the order it made: a repeat returns that order. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);
