/** Discount codes and their redemptions. */
import type { DiscountKind } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
import { createdAt, id, money } from './columns.ts';
import { orders } from './orders.ts';

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
