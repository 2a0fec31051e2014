import type { DiscountKind, EmailStatus, SubscriberStatus } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased: sign-in matches case-insensitively. */
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    shippingAddresses: text('shipping_addresses').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.email),
    index('customers_name_idx').on(t.name),
    // The back office's search by name, ILIKE '%…%' (pg_trgm).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('admins_username_key').on(sql`lower(${t.username})`)],
);

/** Server-side sessions: only the SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_admin_idx').on(t.adminId)],
);

const instant = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/**
 * Sign-in throttling per key (an account from one client, a known device, or a client alone):
 * failures since the key was last quiet, and the attempts whose password check is running.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    /** No attempt starts before this: the wait the last failure earned. */
    blockedUntil: instant('blocked_until'),
    /** The failures are forgotten from this moment, a quiet period after the last one. */
    forgetAt: instant('forget_at'),
    inFlight: integer('in_flight').notNull(),
    /** In-flight attempts count until then only, so a crashed one cannot hold its slot. */
    inFlightUntil: instant('in_flight_until'),
  },
  (t) => [index('sign_in_throttle_forget_idx').on(t.forgetAt)],
);

/** Sign-up attempts per client since it was last quiet. */
export const signUpThrottle = pgTable(
  'sign_up_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    blockedUntil: instant('blocked_until'),
    forgetAt: instant('forget_at'),
  },
  (t) => [index('sign_up_throttle_forget_idx').on(t.forgetAt)],
);

/**
 * Browsers that signed in to an account: only the SHA-256 of their cookie's token is stored.
 * A known device's sign-ins are throttled by its own failures alone.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('known_devices_token_key').on(t.tokenHash),
    index('known_devices_customer_idx').on(t.customerId),
    index('known_devices_admin_idx').on(t.adminId),
    index('known_devices_expires_idx').on(t.expiresAt),
  ],
);

export interface VariationRecord {
  name: string;
  imageUrl: string;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price'),
    imageUrl: text('image_url').notNull(),
    category: text('category'),
    subCategory: text('sub_category'),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    variations: jsonb('variations').$type<VariationRecord[]>().notNull().default([]),
    /** Place in the curated Best Collections list, shown until sales decide. */
    bestRank: integer('best_rank'),
    /** Checkout takes from `product_stock`, which has a row for each variation and size exactly when this is set. */
    trackStock: boolean('track_stock').notNull().default(false),
    createdAt: createdAt(),
    /** Set by a trigger on every update (migration 0014): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // Keyset orders of the storefront: newest first, and by price either way. Ascending indexes
  // serve both directions (a DESC NULLS LAST one would not serve a plain ORDER BY ... DESC).
  (t) => [
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_category_idx').on(t.category, t.subCategory, t.createdAt),
    // A category and subcategory by price: their page is read straight from here, where the price
    // index alone walks past every other category's products (1,200 rows a page for the rarest).
    index('products_category_price_idx').on(t.category, t.subCategory, t.price, t.id),
    index('products_name_idx').on(sql`lower(${t.name})`),
    // Name searches: a name that starts with the words (LIKE 'x%'), and one that contains them
    // (ILIKE '%x%', the back office's). The full-text column `search_vector` is in migration
    // 0004_search, out of drizzle's sight: only the search index reads it (search-index.ts).
    index('products_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * Every word of the catalogue's searchable text and its stem (kept by triggers on products,
 * never pruned): search corrects a typed word to its nearest words here.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * What is left of a tracked product, per variation (its name, '' when the product has none) and
 * size ('' when none). Changed only by conditional updates, so it never goes below zero.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variation: text('variation').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variation, t.size] }),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Kept so an order still names its customer after the account is deleted. */
    customerName: text('customer_name').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull(),
    subtotal: money('subtotal'),
    shippingFee: money('shipping_fee'),
    tax: money('tax'),
    total: money('total'),
    /** The discount code the order was placed with, and what it took off the items. */
    discountCode: text('discount_code'),
    discountAmount: money('discount_amount').default('0'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_customer_name_idx').on(sql`lower(${t.customerName})`),
    // The back office's search by customer name, ILIKE '%…%' (pg_trgm).
    index('orders_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
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

/** Raw bytes: node-postgres reads them as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Re-encoded images by name (content hash and width), when images live in the database. */
export const images = pgTable('images', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Mail to send, written in the transaction of the event it tells about, so it is sent exactly
 * when the event happened. A worker claims due pending rows (modules/mail/worker.ts); a claim
 * moves `next_attempt_at` past the send's lease, so a crash mid-send retries instead of losing it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers, such as List-Unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, short and without secrets, for the back office. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt, t.id),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Discount codes, made by admins or by the store itself (a welcome code bound to one email).
 * `uses` counts the uses taken now: checkout raises it only while it is below `total_uses`, and
 * an order whose every line is cancelled gives its use back.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    /** Stored upper-case, so codes match in any case. */
    code: text('code').notNull(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    /** A whole percent (1-100), or an amount in pesos, by `kind`. */
    value: numeric('value', { precision: 12, scale: 2 }).notNull(),
    /** The items' subtotal an order needs. */
    minSpend: money('min_spend').default('0'),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** The code works until this instant, not included; null, for ever. */
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'string' }),
    /** null: no limit. */
    totalUses: integer('total_uses'),
    uses: integer('uses').notNull().default(0),
    perCustomerUses: integer('per_customer_uses'),
    /** Only the customer with this email (lower-cased, as customers' are) may use the code. */
    email: text('email'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    index('discount_codes_created_idx').on(t.createdAt, t.id),
    check('discount_codes_code_check', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'discount_codes_value_check',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or (${t.value} <= 100 and ${t.value} = trunc(${t.value})))`,
    ),
    check('discount_codes_min_spend_check', sql`${t.minSpend} >= 0`),
    check('discount_codes_dates_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check('discount_codes_total_uses_check', sql`${t.totalUses} is null or ${t.totalUses} >= 1`),
    check(
      'discount_codes_uses_check',
      sql`${t.uses} >= 0 and (${t.totalUses} is null or ${t.uses} <= ${t.totalUses})`,
    ),
    check(
      'discount_codes_per_customer_uses_check',
      sql`${t.perCustomerUses} is null or ${t.perCustomerUses} >= 1`,
    ),
    check('discount_codes_email_check', sql`${t.email} is null or ${t.email} = lower(${t.email})`),
  ],
);

/**
 * The use of a code by an order: it counts towards the customer's uses of the code until it is
 * released, when every line of the order has been cancelled.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: id(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    /** Cleared when the order is deleted: the use stays taken, as the code's `uses` says. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    // One code per order.
    uniqueIndex('discount_redemptions_order_key').on(t.orderId),
    index('discount_redemptions_code_customer_idx').on(t.codeId, t.customerId),
  ],
);

/**
 * Newsletter subscribers, one row per address ever subscribed (lower-cased, so unique in any
 * case). The row outlives unsubscribing: `welcome_code_id`, set once on the first confirmation,
 * is what keeps the welcome code to one per address.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: id(),
    email: text('email').notNull(),
    status: text('status').$type<SubscriberStatus>().notNull().default('pending'),
    /** SHA-256 of the confirmation link's token; the link itself is only in the mail. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail was written: the link expires, and mails are spaced. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true, mode: 'string' }),
    /**
     * The token of every mail's unsubscribe link. Kept as it is, not hashed: each mail to the
     * address carries it again, and all it can do is unsubscribe that address.
     */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'string' }),
    welcomeCodeId: uuid('welcome_code_id').references(() => discountCodes.id),
  },
  (t) => [
    uniqueIndex('subscribers_email_key').on(t.email),
    uniqueIndex('subscribers_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
    index('subscribers_created_idx').on(t.createdAt, t.id),
    check('subscribers_email_check', sql`${t.email} = lower(${t.email})`),
    check('subscribers_status_check', sql`${t.status} in ('pending', 'subscribed', 'unsubscribed')`),
  ],
);
