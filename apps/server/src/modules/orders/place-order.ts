import { createHash } from 'node:crypto';
import {
  type Order,
  type PlaceOrderInput,
  STOCK_MESSAGES,
  type StockShortfall,
  stockLeftMessage,
} from '@habi/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { jsonInsert } from '../../db/json-rows.ts';
import {
  type CustomerRow,
  customers,
  idempotencyKeys,
  orderItems,
  orders,
  outbox,
  products,
} from '../../db/schema.ts';
import { conflict, notSignedIn } from '../../lib/errors.ts';
import { redeemCode } from '../discounts/index.ts';
import type { MailSettings } from '../mail/index.ts';
import { type PaymentSettingsStore, termsFor } from '../payment-settings/index.ts';
import { moveStock } from '../products/index.ts';
import { orderRows, toOrder } from './order-rows.ts';
import { getOrder } from './orders.service.ts';
import { placeAsRead, readCart } from './place-as-read.ts';
import {
  type CartProduct,
  cartProductIds,
  cartSelectList,
  type Priced,
  paymentMethodOf,
  priceOrder,
} from './pricing.ts';

export const requestHash = (input: PlaceOrderInput) =>
  createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * Takes the ordered quantities of tracked products from stock. A line that cannot be filled is
 * a 409 naming it with what is left, and the transaction stores nothing.
 */
async function takeStock(tx: Executor, items: Priced['items']) {
  const { short, missing } = await moveStock(
    tx,
    items
      .filter((item) => item.stockHeld)
      .map((item) => ({
        line: item.position,
        productId: item.productId,
        variation: item.variation,
        size: item.size,
        delta: -item.quantity,
      })),
  );
  // A tracked product has a row for each variation and size it sells: without one, none is left.
  const refused: StockShortfall[] = [...short, ...[...missing].map((line) => ({ line, available: 0 }))];
  if (refused.length === 0) return;
  refused.sort((a, b) => a.line - b.line);
  throw conflict(
    STOCK_MESSAGES.cartShort,
    Object.fromEntries(refused.map((r) => [`cart.${r.line}.quantity`, stockLeftMessage(r.available)])),
    refused,
  );
}

/**
 * One statement of writes: writes in WITH run once and whole whether or not the query reads
 * them, and the lines' and the key's references to the order are checked at the statement's end,
 * when it is there. `result` is what the statement answers.
 */
const writeTogether = (steps: { name: string; query: SQL }[], result: SQL) =>
  sql`with ${sql.join(
    steps.map((step) => sql`${sql.identifier(step.name)} as (${step.query})`),
    sql`, `,
  )} select ${result}`;

/**
 * Locks the customer placing an order (a delete at the same moment comes first or waits) and
 * reads the transaction's time, as a timestamp column reads; with an Idempotency-Key, claims it;
 * and reads and locks the cart's products, all in one statement (each is a round trip). None
 * when the customer is gone; `claimed` false when the key was already taken.
 */
async function lockCustomerAndCart(
  tx: Executor,
  customerId: string,
  claim: { key: string; hash: string } | undefined,
  productIds: string[],
) {
  const customer = tx
    .select({ id: customers.id, email: customers.email, now: sql<string>`now()::text`.as('now') })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('share');
  const claiming = claim
    ? sql`, k as (insert into ${idempotencyKeys} (customer_id, key, request_hash)
        select id, ${claim.key}, ${claim.hash} from c on conflict do nothing returning 1)`
    : sql``;
  // The products come back as one JSON array (keys as CartProduct names them), read only when
  // the customer is there.
  const cart = sql`select ${cartSelectList}
    from ${products} where ${inArray(products.id, productIds)} for share`;
  const result = await tx.execute(
    sql`with c as ${customer}${claiming}, p as (${cart})
      select email, now, ${claim ? sql`exists (select 1 from k)` : sql`true`} as claimed,
        (select coalesce(json_agg(p), '[]') from p) as products
      from c`,
  );
  const [row] = (
    result as unknown as {
      rows: { email: string; now: string; claimed: boolean; products: CartProduct[] }[];
    }
  ).rows;
  return row;
}

/**
 * Places an order. The usual one (no discount code, no stock to take) is written in one
 * statement from a read made just before (`placeAsRead`); any other, or one whose products or
 * customer changed in between, or whose key was used, takes one transaction: the customer and
 * the products it prices are read and locked inside it, so a delete at the same moment either
 * comes first (401, or 409 for the product) or waits. With an Idempotency-Key the order is placed
 * once per key, and a repeat returns the first order (taking no stock again); without one, once
 * per request. Stock of tracked products and the use of a discount code are taken in the same
 * transaction, so an order is stored only whole.
 *
 * Each statement is a round trip to the database, the larger part of an order's cost. In the
 * transaction, the customer's lock, the key's claim and the cart's products are one statement;
 * the order's ids are made here and its time is the transaction's, read with the customer, so the
 * order, its lines, its key and its confirmation mail are written together in another.
 */
export async function placeOrder(
  db: Db,
  customer: CustomerRow,
  input: PlaceOrderInput,
  key: string | undefined,
  { mail, payments }: { mail: MailSettings; payments: PaymentSettingsStore },
): Promise<{ order: Order; created: boolean }> {
  const claim = key === undefined ? undefined : { key, hash: requestHash(input) };
  // Read before the transaction: the embedded database has one connection, which it holds.
  const settings = await payments.read();
  if (input.discountCode === undefined) {
    const order = await placeAsRead(db, customer, input, claim, mail, settings, await readCart(db, input));
    if (order) return { order, created: true };
  }
  const placed = await db.transaction(async (tx) => {
    const stillThere = await lockCustomerAndCart(tx, customer.id, claim, cartProductIds(input));
    if (!stillThere) throw notSignedIn();
    const thisKey = key
      ? and(eq(idempotencyKeys.customerId, customer.id), eq(idempotencyKeys.key, key))
      : undefined;
    if (!stillThere.claimed) {
      const [previous] = await tx.select().from(idempotencyKeys).where(thisKey).for('update');
      if (!previous || previous.requestHash !== claim?.hash || !previous.orderId) {
        throw conflict('This Idempotency-Key was already used for a different order');
      }
      return { placed: previous.orderId, created: false };
    }
    const priced = await priceOrder(tx, customer, input, stillThere.products, new Date());
    const terms = termsFor(settings, paymentMethodOf(input), priced.summary.total, new Date());
    await takeStock(tx, priced.items);
    const rows = orderRows(customer, stillThere.email, input, priced, stillThere.now, mail, terms);
    await tx.execute(
      writeTogether(
        [
          { name: 'o', query: jsonInsert(orders, [rows.order]) },
          { name: 'l', query: jsonInsert(orderItems, rows.byProduct) },
          ...(thisKey
            ? [
                {
                  name: 'k',
                  query: sql`update ${idempotencyKeys} set ${sql.identifier(idempotencyKeys.orderId.name)} = ${rows.order.id} where ${thisKey}`,
                },
              ]
            : []),
          { name: 'm', query: jsonInsert(outbox, [rows.mail]) },
        ],
        sql`1`,
      ),
    );
    if (priced.code) await redeemCode(tx, priced.code, { orderId: rows.order.id, customerId: customer.id });
    return { placed: toOrder(rows.order, rows.lines), created: true };
  });
  // A replay answers the order its key placed, as it is now.
  const order = typeof placed.placed === 'string' ? await getOrder(db, placed.placed) : placed.placed;
  return { order, created: placed.created };
}
