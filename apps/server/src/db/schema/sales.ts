/**
 * The dashboard's daily rollup of sales: one row a store day (Asia/Manila) and one a product
 * sold that day, cancelled lines aside, so a period reads at most a row a day instead of every
 * ordered line. Only days that ended are kept; the dashboard computes a missing day from the
 * orders and stores it, and the triggers of migration 0031 delete a day's rows whenever one of
 * its orders changes in a way that moves them (a line added, cancelled or restored, an order
 * deleted, a product deleted), so the next read computes it again.
 */
import { bigint, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const salesDays = pgTable('sales_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Orders with a line not cancelled. */
  orders: integer('orders').notNull(),
  units: bigint('units', { mode: 'number' }).notNull(),
  /** The items' value (price × quantity) of the lines not cancelled. */
  gross: numeric('gross', { precision: 14, scale: 2 }).notNull(),
});

export const salesDayProducts = pgTable(
  'sales_day_products',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** No foreign key: a deleted product's day is computed again, its lines then named by `gone`. */
    productId: uuid('product_id'),
    /** The name lines were ordered under, for lines whose product is gone. */
    gone: text('gone'),
    units: bigint('units', { mode: 'number' }).notNull(),
    sales: numeric('sales', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index('sales_day_products_day_idx').on(t.day)],
);
