import { createHash, randomUUID } from 'node:crypto';
import {
  deliveryDate,
  deriveOrderStatus,
  INITIAL_ITEM_STATUS,
  type ItemStatus,
  ORDER_PAYMENT_METHOD,
  type Order,
  type OrderListQuery,
  type OrderStatus,
  type PageQuery,
  type PlaceOrderInput,
  parseCentavos,
  STOCK_MESSAGES,
  type StockShortfall,
  stockLeftMessage,
  summarizeOrder,
  toDecimal,
} from '@habi/shared';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { jsonColumns, jsonInsert, jsonInsertOf, jsonRows } from '../../db/json-rows.ts';
import { prepared } from '../../db/prepared.ts';
import { customers, idempotencyKeys, orderItems, orders, outbox, products } from '../../db/schema.ts';
import { badInput, conflict, HttpError, notFound, notSignedIn } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { CustomerRow } from '../../plugins/auth.ts';
import {
  applicableCode,
  redeemCode,
  releaseOrderCode,
  retakeOrderCode,
} from '../discounts/discounts.service.ts';
import { type MailSettings, mailStatusChanges, orderConfirmation } from '../mail/order-mails.ts';
import { mailRow } from '../mail/outbox.ts';
import { moveStock, type StockMove } from '../products/stock.service.ts';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export function toOrder(order: OrderRow, items: ItemRow[]): Order {
  return {
    _id: order.id,
    orderId: order.id,
    status: order.status as OrderStatus,
    user: order.customerName,
    userId: order.customerId,
    products: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      productStatus: item.status as ItemStatus,
      price: item.price,
      size: item.size,
      deliveryOption: { date: item.deliveryDate, fee: Number(item.deliveryFee) },
    })),
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    tax: order.tax,
    totalFee: order.total,
    total: order.total,
    // Only on orders placed with a code, so the SPEC's order shape is unchanged without one.
    ...(order.discountCode === null
      ? {}
      : { discountCode: order.discountCode, discountAmount: order.discountAmount }),
    createdAt: new Date(order.createdAt).toISOString(),
  };
}

/** Orders with their lines, in the given order, in two queries. */
async function withItems(db: Executor, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderItems.position));
  const byOrder = new Map<string, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((order) => toOrder(order, byOrder.get(order.id) ?? []));
}

export async function getOrder(db: Executor, id: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  const [order] = await withItems(db, [row]);
  return order!;
}

/** Every order of a customer, newest first (their data download). */
export async function allCustomerOrders(db: Executor, customerId: string): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return withItems(db, rows);
}

/** A customer's orders, newest first, a page at a time, with how many they have in all. */
export async function listCustomerOrders(db: Executor, customerId: string, page: PageQuery) {
  const mine = eq(orders.customerId, customerId);
  const rows = await db
    .select()
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(mine);
  return { orders: await withItems(db, rows), total: total?.n ?? 0 };
}

/** All orders for the back office, searched by customer name, sorted and paged on the server. */
export async function listOrders(db: Executor, query: OrderListQuery) {
  const where = query.q ? ilike(orders.customerName, `%${escapeLike(query.q)}%`) : undefined;
  const column =
    query.sort === 'user' ? orders.customerName : query.sort === 'total' ? orders.total : orders.createdAt;
  const direction =
    (query.order ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(direction(column), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  return { orders: await withItems(db, rows), total: total?.n ?? 0 };
}

const REVIEW_CART = 'Prices have changed. Please review your cart and try again.';

/** What pricing an order reads of each product in its cart. */
type CartProduct = Pick<
  typeof products.$inferSelect,
  'id' | 'name' | 'price' | 'imageUrl' | 'sizes' | 'variations' | 'trackStock'
>;

/**
 * Checks every line against the catalogue (`found`: the cart's products, read and locked by
 * this transaction) and computes the order the server will store (prices are the server's).
 * The products stay locked until the transaction ends, so a product deleted or repriced at the
 * same moment is either not seen or waits for the order.
 */
async function priceOrder(
  tx: Executor,
  customer: CustomerRow,
  input: PlaceOrderInput,
  found: CartProduct[],
  now: Date,
) {
  const byId = new Map(found.map((p) => [p.id, p]));
  const lines = input.cart.map((line, position) => {
    const where = `cart.${position}`;
    const product = byId.get(line.id);
    if (!product) throw conflict('A product in your cart is no longer available', { [where]: line.name });
    const variation = product.variations.find((v) => v.name === line.name);
    if (!variation && !(product.variations.length === 0 && line.name === product.name)) {
      throw conflict('A product in your cart has changed. Please review your cart.', {
        [`${where}.name`]: line.name,
      });
    }
    if (product.sizes.length > 0 ? !product.sizes.includes(line.size) : line.size !== '') {
      throw badInput('Please select size', { [`${where}.size`]: 'Please select size' });
    }
    if (parseCentavos(line.price) !== parseCentavos(product.price)) {
      throw conflict(REVIEW_CART, { [`${where}.price`]: product.price });
    }
    return {
      position,
      productId: product.id,
      name: variation?.name ?? product.name,
      imageUrl: variation?.imageUrl ?? product.imageUrl,
      price: product.price,
      variation: variation?.name ?? '',
      size: line.size,
      quantity: line.quantity,
      fee: line.deliveryOption.fee as 0 | 50 | 100,
      tracked: product.trackStock,
    };
  });
  const code =
    input.discountCode === undefined
      ? null
      : await applicableCode(tx, customer, input.discountCode, summarizeOrder(lines).subtotal);
  const summary = summarizeOrder(lines, code?.rule);
  if (parseCentavos(input.total) !== summary.total) {
    throw conflict(REVIEW_CART, { total: toDecimal(summary.total) });
  }
  return {
    summary,
    code,
    /** Each product's name as read, for the confirmation mail. */
    productNames: new Map(found.map((p) => [p.id, p.name])),
    items: lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      name: line.name,
      imageUrl: line.imageUrl,
      price: line.price,
      variation: line.variation,
      size: line.size,
      quantity: line.quantity,
      deliveryFee: toDecimal(line.fee * 100),
      deliveryDate: deliveryDate(line.fee, now),
      status: INITIAL_ITEM_STATUS,
      stockHeld: line.tracked,
    })),
  };
}

type Priced = Awaited<ReturnType<typeof priceOrder>>;

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

export const requestHash = (input: PlaceOrderInput) =>
  createHash('sha256').update(JSON.stringify(input)).digest('hex');

/**
 * The rows an order is stored as, its ids made here: the order, placed at `now` (the database's
 * time, as the column's default would have it), its lines, and its confirmation mail to `email`.
 * The lines are also given by product: inserted in that order, the Best Collections counters they
 * raise at commit are locked in one order by every checkout (see migration 0010), so two never
 * wait on each other in a circle.
 */
function orderRows(
  customer: CustomerRow,
  email: string,
  input: PlaceOrderInput,
  { summary, code, items, productNames }: Priced,
  now: string,
  mail: MailSettings,
) {
  const order: OrderRow = {
    id: randomUUID(),
    customerId: customer.id,
    customerName: customer.name,
    shippingAddress: input.address,
    paymentMethod: ORDER_PAYMENT_METHOD,
    status: deriveOrderStatus(items.map((i) => i.status)),
    subtotal: toDecimal(summary.subtotal),
    shippingFee: toDecimal(summary.shipping),
    tax: toDecimal(summary.tax),
    total: toDecimal(summary.total),
    discountCode: code?.code ?? null,
    discountAmount: toDecimal(summary.discount),
    createdAt: now,
  };
  const lines = items.map((item) => ({ ...item, id: randomUUID(), orderId: order.id }) satisfies ItemRow);
  return {
    order,
    lines,
    byProduct: [...lines].sort((a, b) =>
      a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
    ),
    // The confirmation exists exactly when the order does.
    mail: mailRow(orderConfirmation({ recipient: email, order, items: lines, productNames }, mail)),
  };
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
  // Each column named as CartProduct names it (the price as text, as a numeric column reads):
  // the products come back as one JSON array, read only when the customer is there.
  const cart = sql`select ${products.id}, ${products.name}, ${products.price}::text as price,
      ${products.imageUrl} as "imageUrl", ${products.sizes}, ${products.variations},
      ${products.trackStock} as "trackStock"
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

/** The products a cart names, each once. */
const cartProductIds = (input: PlaceOrderInput) => [...new Set(input.cart.map((line) => line.id))];

/** The cart's products as an order prices them, each with its row's version, and the time read. */
export function readCart(db: Executor, input: PlaceOrderInput) {
  const query = prepared(db, 'order_cart_as_read', () =>
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        imageUrl: products.imageUrl,
        sizes: products.sizes,
        variations: products.variations,
        trackStock: products.trackStock,
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
 * with an Idempotency-Key or without, and the columns its rows write. Building it for each order
 * was 6-9 % of an order's time in the server, and PostgreSQL planned it each time.
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
  read: Awaited<ReturnType<typeof readCart>>,
): Promise<Order | undefined> {
  const ids = read.map((product) => product.id);
  if (ids.length !== cartProductIds(input).length) return undefined;
  if (read.some((product) => product.trackStock)) return undefined;
  let priced: Priced;
  try {
    priced = await priceOrder(db, customer, input, read, new Date());
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
  const rows = orderRows(customer, customer.email, input, priced, read[0]!.now, mail);
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
  mail: MailSettings,
): Promise<{ order: Order; created: boolean }> {
  const claim = key === undefined ? undefined : { key, hash: requestHash(input) };
  if (input.discountCode === undefined) {
    const order = await placeAsRead(db, customer, input, claim, mail, await readCart(db, input));
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
    await takeStock(tx, priced.items);
    const rows = orderRows(customer, stillThere.email, input, priced, stillThere.now, mail);
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

/**
 * Sets each line's status, in line order, and the derived order status, in one transaction. A
 * line cancelled gives back the stock it holds; a cancelled line restored takes its quantity
 * again when its product tracks stock (409 when too little is left). The lines are locked
 * first, so the same change sent twice, even at once, moves stock once.
 */
export async function updateStatuses(
  db: Db,
  orderId: string,
  statuses: ItemStatus[],
  mail: MailSettings,
): Promise<OrderStatus> {
  return db.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position))
      .for('update');
    if (items.length === 0) throw notFound('Order not found');
    if (items.length !== statuses.length) {
      throw badInput(`Send one status for each of the order's ${items.length} product(s)`);
    }
    const moves: StockMove[] = [];
    for (const [line, item] of items.entries()) {
      const cancelling = statuses[line] === 'cancelled';
      if (item.productId === null || cancelling === (item.status === 'cancelled')) continue;
      const key = { line, productId: item.productId, variation: item.variation, size: item.size };
      if (!cancelling) moves.push({ ...key, delta: -item.quantity });
      else if (item.stockHeld) moves.push({ ...key, delta: item.quantity });
    }
    // A product without the line's stock row does not track stock: the line is restored untaken.
    const { short, missing } = await moveStock(tx, moves);
    if (short.length > 0) {
      throw conflict(
        STOCK_MESSAGES.restoreShort,
        Object.fromEntries(short.map((s) => [`updatedStatus.${s.line}`, stockLeftMessage(s.available)])),
        short,
      );
    }
    const taken = new Set(moves.filter((m) => m.delta < 0 && !missing.has(m.line)).map((m) => m.line));
    for (const [line, item] of items.entries()) {
      const status = statuses[line]!;
      const restored = item.status === 'cancelled' && status !== 'cancelled';
      const stockHeld = status === 'cancelled' ? false : restored ? taken.has(line) : item.stockHeld;
      await tx.update(orderItems).set({ status, stockHeld }).where(eq(orderItems.id, item.id));
    }
    const changed = items.flatMap((item, line) =>
      item.status === statuses[line] ? [] : [{ id: item.id, status: statuses[line]! }],
    );
    await mailStatusChanges(tx, orderId, changed, mail);
    const status = deriveOrderStatus(statuses);
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    // An order cancelled whole gives its code's use back; restored, it takes it again.
    if (status === 'cancelled') await releaseOrderCode(tx, orderId);
    else await retakeOrderCode(tx, orderId);
    return status;
  });
}

/** Recomputes the order status from its lines (kept for the API's `checkAndUpdateOrder` call). */
export async function refreshStatus(db: Db, orderId: string): Promise<OrderStatus> {
  const order = await getOrder(db, orderId);
  const status = deriveOrderStatus(order.products.map((p) => p.productStatus));
  if (status !== order.status) await db.update(orders).set({ status }).where(eq(orders.id, orderId));
  return status;
}

export async function deleteOrder(db: Executor, id: string) {
  const deleted = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  if (deleted.length === 0) throw notFound('Order not found');
}
