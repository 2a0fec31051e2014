import { createHash } from 'node:crypto';
import type { Order, PaymentSettings, PlaceOrderInput } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { jsonColumns, jsonInsertOf, jsonRows } from '../../db/json-rows.ts';
import { prepared } from '../../db/prepared.ts';
import {
  type CustomerRow,
  customers,
  idempotencyKeys,
  orderItems,
  orders,
  outbox,
  products,
} from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import type { MailSettings } from '../mail/index.ts';
import { type PaymentTerms, termsFor } from '../payment-settings/index.ts';
import { orderRows, toOrder } from './order-rows.ts';
import { cartColumns, cartProductIds, type Priced, paymentMethodOf, priceOrder } from './pricing.ts';

// The fast path, there only for speed: whatever it cannot place, the transaction (place-order.ts)
// places or refuses.

/** The cart's products as an order prices them, each with its row's version, and the time read. */
export function readCart(db: Executor, input: PlaceOrderInput) {
  const query = prepared(db, 'order_cart_as_read', () =>
    db
      .select({
        ...cartColumns,
        // The transaction that wrote this version of the row: any change since makes another.
        version: sql<string>`xmin::text`,
        now: sql<string>`now()::text`,
      })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('order_cart_as_read'),
  );
  return query.execute({ ids: cartProductIds(input) });
}

/**
 * The statement that places an order as read (`placeAsRead`), built and prepared once per shape:
 * with an Idempotency-Key or without, and the columns its rows write. Built for each order, it
 * would cost 6-9 % of an order's time in the server, and PostgreSQL would plan it each time.
 */
function orderAsRead(db: Db, claiming: boolean, shape: { order: string[]; lines: string[]; mail: string[] }) {
  const columns = `${+claiming}|${shape.order}|${shape.lines}|${shape.mail}`;
  return prepared(db, `order_as_read ${columns}`, () => {
    const name = `order_as_read_${createHash('sha256').update(columns).digest('hex').slice(0, 12)}`;
    const value = sql.placeholder;
    const customer = db.$with('c', {}).as(
      sql`select 1 from ${customers} where ${customers.id} = ${value('customerId')}::uuid
        and ${customers.email} = ${value('email')}::text for share`,
    );
    const cart = db.$with('p', {}).as(
      sql`select 1 from ${products}
        join unnest(${value('ids')}::uuid[], ${value('versions')}::xid[]) as r (id, version)
          on ${products.id} = r.id and ${products}.xmin = r.version
        for share of ${products}`,
    );
    const unchanged = sql`(select count(*) from c) = 1 and (select count(*) from p) = ${value('count')}::int`;
    const key = db.$with('k', {}).as(
      sql`insert into ${idempotencyKeys} (customer_id, key, request_hash, order_id)
        select ${value('customerId')}::uuid, ${value('key')}::text, ${value('hash')}::text, ${value('orderId')}::uuid
        where ${unchanged} on conflict do nothing returning 1`,
    );
    const placed = claiming ? sql`exists (select 1 from k)` : unchanged;
    const writes = [
      db.$with('o', {}).as(jsonInsertOf(orders, shape.order, value('order'), placed)),
      db.$with('l', {}).as(jsonInsertOf(orderItems, shape.lines, value('lines'), placed)),
      db.$with('m', {}).as(jsonInsertOf(outbox, shape.mail, value('mail'), placed)),
    ];
    return db
      .with(customer, cart, ...(claiming ? [key] : []), ...writes)
      .select({ placed: sql<boolean>`${placed}` })
      .from(sql`(values (1)) as one`)
      .prepare(name);
  });
}

/**
 * Places the usual order, one with no discount code and no stock to take, in a single statement,
 * priced from `read` (`readCart`, made just before): three round trips with the session's read,
 * where the transaction takes five. The statement locks the customer and the products and writes
 * only if each product is still the version priced (`xmin`), the customer still has the email the
 * confirmation goes to, and the Idempotency-Key, if any, was free; a lone statement is a
 * transaction of its own, so it writes all or nothing. Undefined when it wrote nothing, or when
 * pricing refused the cart as read: the transaction then decides, and gives the answer.
 */
export async function placeAsRead(
  db: Db,
  customer: CustomerRow,
  input: PlaceOrderInput,
  claim: { key: string; hash: string } | undefined,
  mail: MailSettings,
  payments: PaymentSettings,
  read: Awaited<ReturnType<typeof readCart>>,
): Promise<Order | undefined> {
  const ids = read.map((product) => product.id);
  if (ids.length !== cartProductIds(input).length) return undefined;
  if (read.some((product) => product.trackStock)) return undefined;
  let priced: Priced;
  let terms: PaymentTerms;
  try {
    priced = await priceOrder(db, customer, input, read, new Date());
    terms = termsFor(payments, paymentMethodOf(input), priced.summary.total, new Date());
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
  const rows = orderRows(customer, customer.email, input, priced, read[0]!.now, mail, terms);
  const shape = {
    order: jsonColumns(orders, rows.order),
    lines: jsonColumns(orderItems, rows.byProduct[0]),
    mail: jsonColumns(outbox, rows.mail),
  };
  const [result] = await orderAsRead(db, claim !== undefined, shape).execute({
    customerId: customer.id,
    email: customer.email,
    ids,
    versions: read.map((product) => product.version),
    count: ids.length,
    key: claim?.key,
    hash: claim?.hash,
    orderId: rows.order.id,
    order: jsonRows(orders, shape.order, [rows.order]),
    lines: jsonRows(orderItems, shape.lines, rows.byProduct),
    mail: jsonRows(outbox, shape.mail, [rows.mail]),
  });
  return result?.placed ? toOrder(rows.order, rows.lines) : undefined;
}
