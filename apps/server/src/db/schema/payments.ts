/** The payments ledger, PayMongo's events taken, the shop's payment settings and its accounts. */
import type { LedgerKind, PaymentMethod, TransferAccountKind } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money } from './columns.ts';
import { orders } from './orders.ts';

/**
 * Every payment, cash collection and refund, one row each, appended and never edited. A trigger
 * (migrations 0018_payments, 0019_paymongo_refunds) adds each row to its order's `amount_paid` or
 * `amount_refunded` (a reversal takes its amount off `amount_refunded`) in
 * the same statement, and the orders' check keeps refunds within what was paid, so two refunds at
 * once cannot both pass. A deleted order leaves its rows, with no order.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: money('amount'),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The reference a person gave: the transfer's, or the refund's. */
    reference: text('reference'),
    /** PayMongo's payment or refund id: each is recorded once. */
    providerId: text('provider_id'),
    note: text('note'),
    /** `admin:<username>`, `paymongo` or `store`. */
    recordedBy: text('recorded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The dashboard's refunds of a period.
    index('payments_refunds_idx').on(t.createdAt).where(sql`${t.kind} in ('refund', 'reversal')`),
    uniqueIndex('payments_provider_key').on(t.kind, t.providerId),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_kind_check', sql`${t.kind} in ('payment', 'refund', 'reversal')`),
  ],
);

/**
 * Refunds sent through PayMongo, one row each, written before PayMongo is asked (state `sending`)
 * so that a refund PayMongo took is found again when the process died before recording it: the
 * row is matched by its id, which goes to PayMongo as the refund's metadata. A refund made in
 * PayMongo's dashboard arrives by webhook and gets a row then. What is `sending` or `pending`
 * counts against what can still be refunded.
 */
export const paymongoRefunds = pgTable(
  'paymongo_refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** PayMongo's payment the refund comes from. */
    paymentId: text('payment_id').notNull(),
    amount: money('amount'),
    /** sending: asked, no answer yet; pending: PayMongo took it; succeeded; failed. */
    state: text('state').$type<PayMongoRefundState>().notNull().default('sending'),
    /** PayMongo's refund id, once known. */
    refundId: text('refund_id'),
    note: text('note'),
    requestedBy: text('requested_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('paymongo_refunds_order_idx').on(t.orderId),
    index('paymongo_refunds_open_idx').on(t.createdAt).where(sql`${t.state} in ('sending', 'pending')`),
    uniqueIndex('paymongo_refunds_refund_key').on(t.refundId),
    check('paymongo_refunds_amount_check', sql`${t.amount} > 0`),
    check('paymongo_refunds_state_check', sql`${t.state} in ('sending', 'pending', 'succeeded', 'failed')`),
  ],
);
export type PayMongoRefundState = 'sending' | 'pending' | 'succeeded' | 'failed';

/** PayMongo's webhook events that took effect: a delivery of one again changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/** The shop's payment settings: one row (id 1), written by the migration that made the table. */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    codEnabled: boolean('cod_enabled').notNull().default(true),
    /** Orders above this total cannot be paid on delivery; null, no limit. */
    codMaxTotal: numeric('cod_max_total', { precision: 12, scale: 2 }),
    transferEnabled: boolean('transfer_enabled').notNull().default(false),
    transferHours: integer('transfer_hours').notNull().default(24),
    onlineEnabled: boolean('online_enabled').notNull().default(false),
    onlineMinutes: integer('online_minutes').notNull().default(60),
  },
  (t) => [check('payment_settings_one_row_check', sql`${t.id} = 1`)],
);

/** The shop's own GCash, Maya and bank accounts that shoppers transfer to. */
export const transferAccounts = pgTable(
  'transfer_accounts',
  {
    id: id(),
    kind: text('kind').$type<TransferAccountKind>().notNull(),
    bankName: text('bank_name'),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    qrImageUrl: text('qr_image_url'),
    createdAt: createdAt(),
  },
  (t) => [index('transfer_accounts_created_idx').on(t.createdAt, t.id)],
);
