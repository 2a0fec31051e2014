import {
  addDays,
  amountOwed,
  type Dashboard,
  type DashboardQuerySchema,
  type ItemStatus,
  LOW_STOCK_MAX,
  lineShares,
  type Period,
  parseCentavos,
  periodOf,
  STOCK_CELLS_SHOWN,
  STORE_TIME_ZONE,
  storeDate,
  storeDayStart,
  TOP_PRODUCTS,
  type TopProduct,
  toDecimal,
} from '@habi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';

type Query = z.output<typeof DashboardQuerySchema>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Centavos from a sum the database sent as text (numeric, or a bigint count of centavos). */
const centavos = (text: string | null) => (text === null ? 0 : Number(text));

/**
 * The instants a store day starts, so every period is read by the orders' `created_at` index: a
 * day is midnight to midnight in Asia/Manila whatever the server's or the database's zone.
 */
const dayStart = (day: string) => sql`${storeDayStart(day)}::timestamptz`;

/** The store's dashboard for the query's period (store days), each figure beside the period before's. */
export async function dashboard(db: Db, query: Query, now = new Date()): Promise<Dashboard> {
  const period = periodOf(query, storeDate(now));
  const bounds = {
    previous: dayStart(period.previousFrom),
    start: dayStart(period.from),
    end: dayStart(addDays(period.to, 1)),
  };
  const kept = await rollupUpTo(db, period);
  // On PostgreSQL each read takes a connection of its own, so they run side by side.
  const [days, top, refunds, work, stock] = await Promise.all([
    salesByDay(db, period, kept, bounds),
    topProducts(db, period, kept, bounds),
    refundsOf(db, bounds),
    workWaiting(db, bounds),
    stockCells(db),
  ]);

  const current = { gross: 0, orders: 0, units: 0 };
  const previous = { gross: 0, orders: 0, units: 0 };
  const byDay = new Map<string, { gross: number; orders: number }>();
  for (const day of days) {
    const into = day.day < period.from ? previous : current;
    into.gross += centavos(day.gross);
    into.orders += day.orders;
    into.units += Number(day.units);
    if (day.day >= period.from) byDay.set(day.day, { gross: centavos(day.gross), orders: day.orders });
  }
  const money = (value: number, before: number) => ({ value: toDecimal(value), previous: toDecimal(before) });
  const average = (sums: typeof current) => (sums.orders === 0 ? 0 : Math.round(sums.gross / sums.orders));

  return {
    period,
    sales: {
      grossSales: money(current.gross, previous.gross),
      refunds: money(refunds.current, refunds.previous),
      netSales: money(current.gross - refunds.current, previous.gross - refunds.previous),
      orders: { value: current.orders, previous: previous.orders },
      itemsSold: { value: current.units, previous: previous.units },
      averageOrderValue: money(average(current), average(previous)),
    },
    byDay: Array.from({ length: period.days }, (_, i) => {
      const date = addDays(period.from, i);
      const day = byDay.get(date);
      return { date, grossSales: toDecimal(day?.gross ?? 0), orders: day?.orders ?? 0 };
    }),
    work: {
      itemsToShip: work.items_to_ship,
      ordersAwaitingPayment: work.awaiting_payment,
      returnRequests: work.return_requests,
      mailsFailing: work.mails_failing,
    },
    topByUnits: top
      .filter((p) => p.by_units <= TOP_PRODUCTS)
      .sort((a, b) => a.by_units - b.by_units)
      .map(topProduct),
    topBySales: top
      .filter((p) => p.by_sales <= TOP_PRODUCTS)
      .sort((a, b) => a.by_sales - b.by_sales)
      .map(topProduct),
    stock: {
      soldOut: work.sold_out,
      low: work.low,
      cells: stock.map((cell) => ({
        productId: cell.product_id,
        name: cell.name,
        variation: cell.variation,
        size: cell.size,
        quantity: cell.quantity,
      })),
    },
    subscribers: { value: work.subscribers, previous: work.subscribers_before },
  };
}

interface Bounds {
  previous: SQL;
  start: SQL;
  end: SQL;
}

/**
 * How long after a store day ends the rollup keeps it: by then every write to its orders that was
 * under way at midnight has committed (or fired the triggers that delete the day again).
 */
const ROLLUP_SETTLE_MS = 60 * 60 * 1000;
/** The advisory lock's first key, the triggers' (migration 0031): a day is stored or deleted under it. */
const ROLLUP_LOCK = 1935764594;

const dateList = (days: readonly string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/**
 * The first day of the period (and the one before) not read from the daily rollup: the rollup
 * has every day before it, up to the last day that ended over ROLLUP_SETTLE_MS ago. Days missing
 * from it (never read, or deleted by a write to one of their orders) are computed from the
 * orders and stored first. A day another request is storing, or a write is changing, at this
 * moment is not waited for: the whole period is then read from the orders, as the rollup would
 * have it.
 */
async function rollupUpTo(db: Db, period: Period): Promise<string> {
  const settled = storeDate(new Date(Date.now() - ROLLUP_SETTLE_MS));
  const end = addDays(period.to, 1);
  const kept = settled < end ? settled : end;
  if (kept <= period.previousFrom) return period.previousFrom;
  const stored = new Set(
    (
      await rows<{ day: string }>(
        db,
        sql`select to_char(day, 'YYYY-MM-DD') as day from sales_days
            where day >= ${period.previousFrom}::date and day < ${kept}::date`,
      )
    ).map((row) => row.day),
  );
  const missing: string[] = [];
  for (let day = period.previousFrom; day < kept; day = addDays(day, 1)) {
    if (!stored.has(day)) missing.push(day);
  }
  if (missing.length === 0 || (await storeDays(db, missing))) return kept;
  return period.previousFrom;
}

/**
 * Computes days from the orders and stores them, each under its advisory lock, so a write to
 * one of its orders committing meanwhile either came first (and is read) or waits and deletes
 * the day after. Answers whether every day is stored.
 */
function storeDays(db: Db, days: string[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked: string[] = [];
    for (const day of days) {
      const [lock] = await rows<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}, ${day}::date - date '2000-01-01') as ok`,
      );
      if (lock!.ok) locked.push(day);
    }
    // Stored by another request since it was found missing: read under the lock, it is seen.
    const done = new Set(
      (
        await rows<{ day: string }>(
          tx,
          sql`select to_char(day, 'YYYY-MM-DD') as day from sales_days where day = any(${dateList(locked)})`,
        )
      ).map((row) => row.day),
    );
    const toStore = locked.filter((day) => !done.has(day));
    if (toStore.length > 0) {
      const first = dayStart(toStore[0]!);
      const end = dayStart(addDays(toStore.at(-1)!, 1));
      const placedOn = sql`(o.created_at at time zone ${STORE_TIME_ZONE})::date`;
      await tx.execute(sql`
        insert into sales_days (day, orders, units, gross)
        select d.day, coalesce(s.orders, 0), coalesce(s.units, 0), coalesce(s.gross, 0)
        from unnest(${dateList(toStore)}) as d(day)
        left join (
          select ${placedOn} as day, count(distinct o.id)::int as orders, sum(i.quantity) as units,
                 sum(i.price * i.quantity) as gross
          from orders o
          join order_items i on i.order_id = o.id
          where o.created_at >= ${first} and o.created_at < ${end} and i.status <> 'cancelled'
          group by 1
        ) s on s.day = d.day`);
      await tx.execute(sql`
        insert into sales_day_products (day, product_id, gone, units, sales)
        select ${placedOn}, i.product_id, case when i.product_id is null then i.name end,
               sum(i.quantity), sum(i.price * i.quantity)
        from orders o
        join order_items i on i.order_id = o.id
        where o.created_at >= ${first} and o.created_at < ${end} and i.status <> 'cancelled'
          and ${placedOn} = any(${dateList(toStore)})
        group by 1, 2, 3`);
    }
    return locked.length === days.length;
  });
}

/** The later of two "YYYY-MM-DD" days. */
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Per store day of both periods: orders with a line not cancelled, their units and the items'
 * value (price × quantity) of those lines. Cancelled lines never count; an order all of whose
 * lines are cancelled is no order here. Days before `kept` come from the rollup, the rest (today)
 * from the orders.
 */
function salesByDay(db: Db, period: Period, kept: string, b: Bounds) {
  return rows<{ day: string; orders: number; units: string; gross: string }>(
    db,
    sql`
      with per_order as (
        select o.created_at, sum(i.quantity) as units, sum(i.price * i.quantity) as gross
        from orders o
        join order_items i on i.order_id = o.id
        where o.created_at >= ${dayStart(later(kept, period.previousFrom))} and o.created_at < ${b.end}
          and i.status <> 'cancelled'
        group by o.id
      )
      select to_char(day, 'YYYY-MM-DD') as day, orders, units::text, (gross * 100)::bigint::text as gross
      from sales_days
      where day >= ${period.previousFrom}::date and day < ${kept}::date and orders > 0
      union all
      select to_char(created_at at time zone ${STORE_TIME_ZONE}, 'YYYY-MM-DD') as day,
             count(*)::int as orders, sum(units)::text as units, (sum(gross) * 100)::bigint::text as gross
      from per_order
      group by 1`,
  );
}

interface TopRow {
  product_id: string | null;
  name: string;
  units: string;
  sales: string;
  by_units: number;
  by_sales: number;
}

const topProduct = (row: TopRow): TopProduct => ({
  productId: row.product_id,
  name: row.name,
  units: Number(row.units),
  sales: toDecimal(centavos(row.sales)),
});

/**
 * The period's products by units and by sales (lines not cancelled), each list's first
 * TOP_PRODUCTS, from the rollup's days before `kept` and today's orders. A deleted product's
 * lines are told apart by the name they were ordered under.
 */
function topProducts(db: Db, period: Period, kept: string, b: Bounds) {
  return rows<TopRow>(
    db,
    sql`
      with sold as (
        select product_id, gone, units, sales
        from sales_day_products
        where day >= ${period.from}::date and day < ${kept}::date
        union all
        select i.product_id, case when i.product_id is null then i.name end, i.quantity, i.price * i.quantity
        from orders o
        join order_items i on i.order_id = o.id
        where o.created_at >= ${dayStart(later(kept, period.from))} and o.created_at < ${b.end}
          and i.status <> 'cancelled'
      ),
      grouped as (
        select product_id, gone, sum(units) as units, sum(sales) as sales from sold group by 1, 2
      ),
      ranked as (
        select s.product_id, coalesce(p.name, s.gone) as name, s.units, s.sales,
               row_number() over (order by s.units desc, s.sales desc, coalesce(p.name, s.gone), s.product_id)::int as by_units,
               row_number() over (order by s.sales desc, s.units desc, coalesce(p.name, s.gone), s.product_id)::int as by_sales
        from grouped s
        left join products p on p.id = s.product_id
      )
      select product_id, name, units::text, (sales * 100)::bigint::text as sales, by_units, by_sales
      from ranked
      where by_units <= ${TOP_PRODUCTS} or by_sales <= ${TOP_PRODUCTS}`,
  );
}

interface RefundedOrder {
  order_id: string;
  /** Refunds less reversals recorded in each period, in centavos. */
  current: string;
  previous: string;
  paid: string;
  refunded: string;
  discount: string;
  tax: string;
  lines: { price: string; quantity: number; fee: string; status: ItemStatus }[];
}

/**
 * Refunds against sales, from the payments ledger: money given back (refunds less reversals)
 * recorded in each period, less what repaid cancelled lines. A cancelled line never counts as a
 * sale, so the refund of its share would count it twice; of an order's refunds, those up to what
 * it was paid beyond what its lines not cancelled come to (`amountOwed`, by the shared
 * `lineShares`) repay cancellations, and only the rest counts (a return, a goodwill refund).
 * Only the period's refunded orders are read, a few rows each. A deleted order's refunds do not
 * count: its sales went with it.
 */
async function refundsOf(db: Db, b: Bounds): Promise<{ current: number; previous: number }> {
  const refunded = await rows<RefundedOrder>(
    db,
    sql`
      with moved as (
        select p.order_id,
               sum(case when p.created_at >= ${b.start} then s.amount else 0 end) as current,
               sum(case when p.created_at < ${b.start} then s.amount else 0 end) as previous
        from payments p
        cross join lateral (select case when p.kind = 'refund' then p.amount else -p.amount end as amount) s
        where p.created_at >= ${b.previous} and p.created_at < ${b.end}
          and p.kind in ('refund', 'reversal') and p.order_id is not null
        group by p.order_id
      )
      select m.order_id, (m.current * 100)::bigint::text as current, (m.previous * 100)::bigint::text as previous,
             o.amount_paid::text as paid, o.amount_refunded::text as refunded,
             o.discount_amount::text as discount, o.tax::text as tax,
             (select json_agg(json_build_object('price', i.price::text, 'quantity', i.quantity,
                                                'fee', i.delivery_fee::text, 'status', i.status)
                              order by i.position)
              from order_items i where i.order_id = o.id) as lines
      from moved m
      join orders o on o.id = m.order_id`,
  );
  let current = 0;
  let previous = 0;
  for (const order of refunded) {
    const lines = order.lines ?? [];
    const shares = lineShares(
      lines.map((line) => ({ price: line.price, quantity: line.quantity, fee: Number(line.fee) })),
      parseCentavos(order.discount) ?? 0,
      parseCentavos(order.tax) ?? 0,
    );
    const owed = amountOwed({ lines: lines.map((line, i) => ({ share: shares[i]!, status: line.status })) });
    const paid = parseCentavos(order.paid) ?? 0;
    const repaidCancellations = Math.max(0, paid - owed);
    let againstSales = Math.max(0, (parseCentavos(order.refunded) ?? 0) - repaidCancellations);
    // The earlier period's refunds are counted first, as they came first.
    const before = Math.min(Math.max(0, Number(order.previous)), againstSales);
    againstSales -= before;
    previous += before;
    current += Math.min(Math.max(0, Number(order.current)), againstSales);
  }
  return { current, previous };
}

interface WorkRow {
  items_to_ship: number;
  awaiting_payment: number;
  return_requests: number;
  mails_failing: number;
  sold_out: number;
  low: number;
  subscribers: number;
  subscribers_before: number;
}

/**
 * What waits for the shop: lines still to pay that no shipment holds, of orders paid or paid on
 * delivery (a transfer or online order ships once paid: counted as every such line less those of
 * orders not paid, a few, each set read by its partial index rather than joining every order); transfer and online orders not
 * cancelled whose payment has not come or waits to be confirmed; return requests to approve or
 * refuse, and parcels back to refund or replace; mail that failed for good; the
 * tracked stock cells sold out and low; and the newsletter's confirmations in each period.
 */
async function workWaiting(db: Db, b: Bounds): Promise<WorkRow> {
  const [row] = await rows<WorkRow>(
    db,
    sql`
      select
        (select count(*)::int from order_items i
          where i.status = 'toPay'
            and not exists (select 1 from shipment_items s where s.order_item_id = i.id))
        - (select count(*)::int from orders o
            join order_items i on i.order_id = o.id and i.status = 'toPay'
            where o.payment_method <> 'cod' and o.payment_status in ('unpaid', 'pending', 'refunded')
              and not exists (select 1 from shipment_items s where s.order_item_id = i.id)) as items_to_ship,
        (select count(*)::int from orders o
          where o.payment_method <> 'cod' and o.payment_status in ('unpaid', 'pending')
            and o.status <> 'cancelled') as awaiting_payment,
        (select count(*)::int from return_requests
          where status in ('requested', 'received')) as return_requests,
        (select count(*)::int from outbox where status = 'failed') as mails_failing,
        (select count(*)::int from product_stock where quantity = 0) as sold_out,
        (select count(*)::int from product_stock
          where quantity <= ${sql.raw(String(LOW_STOCK_MAX))} and quantity > 0) as low,
        (select count(*)::int from subscribers
          where confirmed_at >= ${b.start} and confirmed_at < ${b.end}) as subscribers,
        (select count(*)::int from subscribers
          where confirmed_at >= ${b.previous} and confirmed_at < ${b.start}) as subscribers_before`,
  );
  return row!;
}

/** The tracked stock cells with at most LOW_STOCK_MAX left, the emptiest first. */
function stockCells(db: Db) {
  return rows<{ product_id: string; name: string; variation: string; size: string; quantity: number }>(
    db,
    sql`
      select s.product_id, p.name, s.variation, s.size, s.quantity
      from product_stock s
      join products p on p.id = s.product_id
      where s.quantity <= ${sql.raw(String(LOW_STOCK_MAX))}
      order by s.quantity, p.name, s.product_id, s.variation, s.size
      limit ${STOCK_CELLS_SHOWN}`,
  );
}
