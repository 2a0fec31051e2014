import {
  ADDRESS_PART_COLUMNS,
  addDays,
  addressPartCells,
  orderReference,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_LABELS,
  type PaymentMethod,
  type PaymentStatus,
  type ReportPeriodQuery,
  STORE_TIME_ZONE,
  storeDayStart,
} from '@habi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';

/**
 * The back office's CSV reports, each a sequence of CSV chunks read a page at a time by keyset,
 * so a store of 100,000 orders is never held in memory at once: the route streams them as they
 * come. Each page is a statement of its own (no transaction held open for a slow download,
 * which on the embedded database would hold every other request); rows are ordered by a unique
 * key, so a page never repeats or skips a row that was there when the download began.
 */

/** Rows per statement: big enough that round trips do not dominate, small enough to stream. */
const PAGE = 1000;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A period's bounds: its first store day's start and the day after its last's. */
function bounds(period: ReportPeriodQuery) {
  return {
    start: sql`${storeDayStart(period.from)}::timestamptz`,
    end: sql`${storeDayStart(addDays(period.to, 1))}::timestamptz`,
  };
}

/** "2026-11-28 09:30" in the store's time zone, as the database writes it. */
const storeTime = (column: SQL) =>
  sql`to_char(${column} at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`;

/** `PAGE`-row pages of `read(after)`, where `after` is the last row of the page before. */
async function* pages<T>(read: (after: T | undefined) => Promise<T[]>): AsyncGenerator<T[]> {
  let after: T | undefined;
  for (;;) {
    const page = await read(after);
    if (page.length > 0) yield page;
    if (page.length < PAGE) return;
    after = page.at(-1);
  }
}

interface OrderLineRow {
  order_id: string;
  created_at: string;
  placed: string;
  customer_name: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  status: string;
  position: number | null;
  name: string | null;
  variation: string | null;
  size: string | null;
  quantity: number | null;
  price: string | null;
  items: string | null;
  delivery_fee: string | null;
  line_status: string | null;
  subtotal: string;
  discount_code: string | null;
  discount_amount: string;
  shipping_fee: string;
  tax: string;
  total: string;
  amount_paid: string;
  amount_refunded: string;
  shipping_address: string;
  /** jsonb as text: each driver would parse it its own way. */
  shipping_address_parts: string | null;
}

export const ORDERS_HEADER = [
  'Order',
  'Order ID',
  'Placed (Manila)',
  'Customer',
  'Shipping address',
  ...ADDRESS_PART_COLUMNS,
  'Payment method',
  'Payment status',
  'Order status',
  'Line',
  'Item',
  'Variation',
  'Size',
  'Quantity',
  'Unit price',
  'Line items',
  'Line delivery fee',
  'Line status',
  'Order subtotal',
  'Discount code',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Paid',
  'Refunded',
];

/**
 * Every order placed in the period (store days), one row per line with the order's own figures
 * on each (what was paid and refunded as the ledger sums them now), oldest first.
 */
export async function* ordersReport(db: Db, period: ReportPeriodQuery): AsyncGenerator<string> {
  const { start, end } = bounds(period);
  yield toCsv([ORDERS_HEADER]);
  // Paged by whole orders (by created_at, id), then their lines: an order is never split across pages.
  for await (const page of pages<{ id: string; created_at: string }>((after) =>
    rows(
      db,
      sql`select id, created_at::text as created_at from orders
          where created_at >= ${start} and created_at < ${end}
            ${after ? sql`and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at, id
          limit ${PAGE}`,
    ),
  )) {
    const ids = page.map((order) => order.id);
    const lines = await rows<OrderLineRow>(
      db,
      sql`select o.id as order_id, ${storeTime(sql`o.created_at`)} as placed, o.customer_name, o.shipping_address, o.shipping_address_parts::text as shipping_address_parts,
                 o.payment_method, o.payment_status, o.status, i.position, i.name, i.variation, i.size, i.quantity,
                 i.price::text as price, (i.price * i.quantity)::text as items, i.delivery_fee::text as delivery_fee,
                 i.status as line_status, o.subtotal::text as subtotal, o.discount_code,
                 o.discount_amount::text as discount_amount, o.shipping_fee::text as shipping_fee, o.tax::text as tax,
                 o.total::text as total, o.amount_paid::text as amount_paid, o.amount_refunded::text as amount_refunded
          from orders o
          left join order_items i on i.order_id = o.id
          where o.id = any(${`{${ids.join(',')}}`}::uuid[])
          order by o.created_at, o.id, i.position`,
    );
    yield toCsv(
      lines.map((line) => [
        orderReference(line.order_id),
        line.order_id,
        line.placed,
        line.customer_name,
        line.shipping_address,
        ...addressPartCells(line.shipping_address_parts ? JSON.parse(line.shipping_address_parts) : null),
        PAYMENT_METHOD_NAMES[line.payment_method] ?? line.payment_method,
        PAYMENT_STATUS_LABELS[line.payment_status] ?? line.payment_status,
        line.status,
        line.position === null ? '' : String(line.position + 1),
        line.name ?? '',
        line.variation ?? '',
        line.size ?? '',
        line.quantity === null ? '' : String(line.quantity),
        line.price ?? '',
        line.items ?? '',
        line.delivery_fee ?? '',
        line.line_status ?? '',
        line.subtotal,
        line.discount_code ?? '',
        line.discount_amount,
        line.shipping_fee,
        line.tax,
        line.total,
        line.amount_paid,
        line.amount_refunded,
      ]),
    );
  }
}

export const PAYMENTS_HEADER = [
  'Recorded (Manila)',
  'Order',
  'Order ID',
  'Kind',
  'Method',
  'Amount',
  'Reference',
  'Provider ID',
  'Recorded by',
  'Note',
];

/**
 * The payments ledger's rows recorded in the period, oldest first: payments and cash collected,
 * refunds, and reversals (a refund PayMongo failed after taking it). Amounts are as recorded,
 * never negative: the kind says which way the money went.
 */
export async function* paymentsReport(db: Db, period: ReportPeriodQuery): AsyncGenerator<string> {
  const { start, end } = bounds(period);
  yield toCsv([PAYMENTS_HEADER]);
  type Row = {
    id: string;
    created_at: string;
    recorded: string;
    order_id: string | null;
    kind: string;
    method: PaymentMethod;
    amount: string;
    reference: string | null;
    provider_id: string | null;
    recorded_by: string;
    note: string | null;
  };
  for await (const page of pages<Row>((after) =>
    rows(
      db,
      sql`select id, created_at::text as created_at, ${storeTime(sql`created_at`)} as recorded, order_id, kind, method,
                 amount::text as amount, reference, provider_id, recorded_by, note
          from payments
          where created_at >= ${start} and created_at < ${end}
            ${after ? sql`and (created_at, id) > (${after.created_at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by created_at, id
          limit ${PAGE}`,
    ),
  )) {
    yield toCsv(
      page.map((row) => [
        row.recorded,
        row.order_id ? orderReference(row.order_id) : '(order deleted)',
        row.order_id ?? '',
        row.kind,
        PAYMENT_METHOD_NAMES[row.method] ?? row.method,
        row.amount,
        row.reference ?? '',
        row.provider_id ?? '',
        row.recorded_by,
        row.note ?? '',
      ]),
    );
  }
}

export const SALES_HEADER = ['Product ID', 'Product', 'Category', 'Subcategory', 'Orders', 'Units', 'Sales'];

/**
 * Each product's sales in the period (store days): orders, units and the items' value of its
 * lines not cancelled, the best sellers by value first. A deleted product's lines go under the
 * name they were ordered with, without an id. One row per product sold, so one statement; the
 * rows are sent in pages as they are written.
 */
export async function* salesByProductReport(db: Db, period: ReportPeriodQuery): AsyncGenerator<string> {
  const { start, end } = bounds(period);
  yield toCsv([SALES_HEADER]);
  type Row = {
    product_id: string | null;
    name: string;
    category: string | null;
    sub_category: string | null;
    orders: number;
    units: string;
    sales: string;
  };
  const sold = await rows<Row>(
    db,
    sql`with sold as (
          select i.product_id, case when i.product_id is null then i.name end as gone,
                 count(distinct o.id)::int as orders, sum(i.quantity) as units, sum(i.price * i.quantity) as sales
          from orders o
          join order_items i on i.order_id = o.id
          where o.created_at >= ${start} and o.created_at < ${end} and i.status <> 'cancelled'
          group by 1, 2
        )
        select s.product_id, coalesce(p.name, s.gone) as name, p.category, p.sub_category, s.orders,
               s.units::text as units, s.sales::text as sales
        from sold s
        left join products p on p.id = s.product_id
        order by s.sales desc, s.units desc, 2, 1`,
  );
  for (let i = 0; i < sold.length; i += PAGE) {
    yield toCsv(
      sold
        .slice(i, i + PAGE)
        .map((row) => [
          row.product_id ?? '',
          row.name,
          row.category ?? '',
          row.sub_category ?? '',
          String(row.orders),
          row.units,
          row.sales,
        ]),
    );
  }
}

export const STOCK_HEADER = [
  'Product ID',
  'Product',
  'Category',
  'Subcategory',
  'Variation',
  'Size',
  'Quantity',
  'SKU',
  'Barcode',
];

/** Every tracked product's stock, one row per variation and size, in the order of the products' ids. */
export async function* stockReport(db: Db): AsyncGenerator<string> {
  yield toCsv([STOCK_HEADER]);
  type Row = {
    product_id: string;
    name: string;
    category: string | null;
    sub_category: string | null;
    variation: string;
    size: string;
    quantity: number;
    sku: string;
    barcode: string | null;
  };
  for await (const page of pages<Row>((after) =>
    rows(
      db,
      sql`select s.product_id, p.name, p.category, p.sub_category, s.variation, s.size, s.quantity, s.sku, s.barcode
          from product_stock s
          join products p on p.id = s.product_id
          ${after ? sql`where (s.product_id, s.variation, s.size) > (${after.product_id}::uuid, ${after.variation}, ${after.size})` : sql``}
          order by s.product_id, s.variation, s.size
          limit ${PAGE}`,
    ),
  )) {
    yield toCsv(
      page.map((row) => [
        row.product_id,
        row.name,
        row.category ?? '',
        row.sub_category ?? '',
        row.variation,
        row.size,
        String(row.quantity),
        row.sku,
        row.barcode ?? '',
      ]),
    );
  }
}
