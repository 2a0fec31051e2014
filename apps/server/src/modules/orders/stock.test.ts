import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { driverError } from '../../lib/db-errors.ts';
import {
  countRows,
  insertProduct,
  insertTrackedTee,
  newOrderKey,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  type TestApp,
  teeStock,
  useTestApp,
} from '../../test/helpers.ts';

const CART_SHORT = 'Some items in your cart are no longer available in that quantity';
const RESTORE_SHORT = 'Not enough stock to restore the cancelled product(s)';
const TABLES = ['orders', 'order_items', 'idempotency_keys'];

const counts = (t: TestApp) => Promise.all(TABLES.map((table) => countRows(t, table)));

/** How many answers had each status: `{ 201: 10, 409: 990 }`. */
function byStatus(answers: LightMyRequestResponse[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.statusCode] = (tally[answer.statusCode] ?? 0) + 1;
  return tally;
}

/** The variation and stock flag each stored line of an order records. */
async function storedLines(t: TestApp, orderId: string) {
  const result = await t.database.db.execute(
    sql`select variation, stock_held from order_items where order_id = ${orderId} order by position`,
  );
  return (result as unknown as { rows: { variation: string; stock_held: boolean }[] }).rows.map((row) => [
    row.variation,
    row.stock_held,
  ]);
}

describe('checkout of products that track stock', () => {
  const ctx = useTestApp();
  let customer: SignedIn;

  beforeAll(async () => {
    customer = await signUpCustomer(ctx.t);
  });

  it('places 10 of 1,000 orders sent at once for a size with 10 left; the other 990 are told it is sold out', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10, 'Olive M': 4 });
    const body = orderBodyFor(customer, [orderLineFor(tee, { size: 'M' })]);
    const before = await counts(ctx.t);

    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 1000 }, () => placeOrder(ctx.t, customer, body)));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`stock race on ${ctx.t.database.kind}: 1,000 orders answered in ${seconds} s`);

    expect(byStatus(answers)).toEqual({ 201: 10, 409: 990 });
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toEqual({
        message: CART_SHORT,
        errors: { 'cart.0.quantity': 'Sold out' },
        available: [{ line: 0, available: 0 }],
      });
    }
    expect(await counts(ctx.t)).toEqual(before.map((n) => n + 10));
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Olive M': 4 }));
    // The table itself refuses to go below zero, whatever writes to it.
    const negative = await ctx.t.database.db
      .execute(sql`update product_stock set quantity = quantity - 1 where product_id = ${tee.id}`)
      .catch((error: unknown) => error);
    expect(driverError(negative).code).toBe('23514');
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Olive M': 4 }));
  }, 180_000);

  it('stores nothing when one of two lines cannot be filled, and names that line with what is left', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5 });
    const cap = await insertProduct(ctx.t, {
      name: 'Stock Cap',
      sizes: [],
      variations: [],
      stock: [{ variation: '', size: '', quantity: 1 }],
    });
    const before = await counts(ctx.t);
    const response = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, [
        orderLineFor(tee, { size: 'M', quantity: 2 }),
        orderLineFor(cap, { quantity: 3 }),
      ]),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: CART_SHORT,
      errors: { 'cart.1.quantity': 'Only 1 left' },
      available: [{ line: 1, available: 1 }],
    });
    expect(await counts(ctx.t)).toEqual(before);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 5 }));
    expect(await stockRows(ctx.t, cap.id)).toEqual({ '': 1 });
  });

  it('counts lines of the same variation and size together', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5, 'Olive M': 1 });
    const navy = (quantity: number) => orderLineFor(tee, { size: 'M', quantity });
    const olive = orderLineFor(tee, { name: tee.variations[1]!.name, size: 'M' });

    const refused = await placeOrder(ctx.t, customer, orderBodyFor(customer, [navy(3), olive, navy(3)]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: CART_SHORT,
      errors: { 'cart.0.quantity': 'Only 5 left', 'cart.2.quantity': 'Only 5 left' },
      available: [
        { line: 0, available: 5 },
        { line: 2, available: 5 },
      ],
    });

    const order = await placeOrderOk(ctx.t, customer, [navy(3), olive, navy(2)]);
    expect(await storedLines(ctx.t, order._id)).toEqual([
      [tee.variations[0]!.name, true],
      [tee.variations[1]!.name, true],
      [tee.variations[0]!.name, true],
    ]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock());
    const read = await ctx.t.request({ method: 'GET', url: `/api/product/${tee.id}` });
    expect(read.json()).toMatchObject({ trackStock: true, stockTotal: 0, soldOut: true });
  });

  it('takes stock once for an Idempotency-Key, however often and however at once it is sent', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5 });
    const body = orderBodyFor(customer, [orderLineFor(tee, { size: 'M', quantity: 2 })]);
    const key = newOrderKey();
    expect((await placeOrder(ctx.t, customer, body, key)).statusCode).toBe(201);
    const replay = await placeOrder(ctx.t, customer, body, key);
    expect(replay.statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 3 }));

    const another = newOrderKey();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(ctx.t, customer, body, another)),
    );
    expect(byStatus(answers)).toEqual({ 200: 9, 201: 1 });
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 1 }));
  });

  it('orders a product that does not track stock as before: any quantity, no stock kept', async () => {
    const plain = await insertProduct(ctx.t, { name: 'Plain Tee Navy' });
    const order = await placeOrderOk(ctx.t, customer, [
      orderLineFor(plain, { quantity: 99 }),
      orderLineFor(plain, { quantity: 99 }),
    ]);
    expect(order.products.map((line) => line.quantity)).toEqual([99, 99]);
    expect(await storedLines(ctx.t, order._id)).toEqual([
      [plain.variations[0]!.name, false],
      [plain.variations[0]!.name, false],
    ]);
    expect(await stockRows(ctx.t, plain.id)).toEqual({});
    const read = await ctx.t.request({ method: 'GET', url: `/api/product/${plain.id}` });
    expect(read.json()).toMatchObject({ trackStock: false, stockTotal: null, soldOut: false });
    expect(read.json()).not.toHaveProperty('stock');
  });
});

describe('order status changes and stock', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
  });

  const setStatuses = (order: OrderJson, updatedStatus: string[]) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus },
    });
  const setStock = (product: ProductRow, payload: unknown) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/product/stock/${product.id}`,
      cookie: admin.cookie,
      payload: payload as Record<string, unknown>,
    });
  const statusesOf = async (order: OrderJson) =>
    (await ctx.t.request({ method: 'GET', url: `/api/orders/${order._id}`, cookie: admin.cookie }))
      .json()
      .products.map((line: { productStatus: string }) => line.productStatus);

  it('gives a cancelled line back to stock once, even when the cancel is sent twice at once', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 3 })]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));

    const answers = await Promise.all([setStatuses(order, ['cancelled']), setStatuses(order, ['cancelled'])]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 10 }));
    expect((await setStatuses(order, ['cancelled'])).statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 10 }));
  });

  it('gives back on delete the stock of lines still to pay, not of goods shipped or delivered', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    const remove = (order: OrderJson) =>
      ctx.t.request({ method: 'DELETE', url: `/api/orders/delete/${order._id}`, cookie: admin.cookie });
    const unpaid = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 3 })]);
    const sent = await placeOrderOk(ctx.t, customer, [
      orderLineFor(tee, { size: 'M', quantity: 2 }),
      orderLineFor(tee, { size: 'M', quantity: 1 }),
      orderLineFor(tee, { size: 'M', quantity: 4 }),
    ]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 0 }));
    expect((await setStatuses(sent, ['toReceive', 'delivered', 'toPay'])).statusCode).toBe(200);

    expect((await remove(unpaid)).statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 3 }));
    // Of the other, only the line still to pay comes back.
    expect((await remove(sent)).statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));
    expect((await remove(sent)).statusCode).toBe(404);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));
  });

  it('takes a restored line from stock again, once, and refuses it when too little is left', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 3 })]);
    await setStatuses(order, ['cancelled']);

    const restored = await Promise.all([setStatuses(order, ['toPay']), setStatuses(order, ['toReceive'])]);
    expect(restored.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));

    expect((await setStatuses(order, ['cancelled'])).statusCode).toBe(200);
    expect(
      (await setStock(tee, { changes: [{ variation: tee.variations[0]!.name, size: 'M', delta: -8 }] }))
        .statusCode,
    ).toBe(200);
    const refused = await setStatuses(order, ['toPay']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: RESTORE_SHORT,
      errors: { 'updatedStatus.0': 'Only 2 left' },
      available: [{ line: 0, available: 2 }],
    });
    expect(await statusesOf(order)).toEqual(['cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 2 }));
  });

  it('counts what one change gives back toward what it restores', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5 });
    const line = (quantity: number) => orderLineFor(tee, { size: 'M', quantity });
    const order = await placeOrderOk(ctx.t, customer, [line(2), line(3)]);
    await setStatuses(order, ['toPay', 'cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 3 }));
    await setStock(tee, {
      changes: [{ variation: tee.variations[0]!.name, size: 'M', quantity: 0, expected: 3 }],
    });

    // Cancelling the 2 and restoring the 3 at once: 0 left and 2 given back make 2 for the 3.
    const refused = await setStatuses(order, ['cancelled', 'toPay']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: RESTORE_SHORT,
      errors: { 'updatedStatus.1': 'Only 2 left' },
      available: [{ line: 1, available: 2 }],
    });
    expect(await statusesOf(order)).toEqual(['toPay', 'cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock());

    await setStock(tee, { changes: [{ variation: tee.variations[0]!.name, size: 'M', delta: 1 }] });
    expect((await setStatuses(order, ['cancelled', 'toPay'])).statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock());
  });

  it('gives back only what a line took: nothing for lines ordered before tracking, or held when it was off', async () => {
    const tee = await insertProduct(ctx.t, { name: 'Later Tee Navy', variations: [] });
    const early = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'S', quantity: 2 })]);
    expect(
      (await setStock(tee, { trackStock: true, changes: [{ variation: '', size: 'S', delta: 5 }] }))
        .statusCode,
    ).toBe(200);

    await setStatuses(early, ['cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ S: 5 });
    await setStatuses(early, ['toPay']);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ S: 3 });
    await setStatuses(early, ['cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ S: 5 });

    const held = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'S', quantity: 4 })]);
    await setStock(tee, { trackStock: false });
    expect(await stockRows(ctx.t, tee.id)).toEqual({});
    await setStock(tee, { trackStock: true });
    await setStatuses(held, ['cancelled']);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ S: 0 });
  });

  it('restores a line of a product that no longer tracks stock without taking any', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 1 });
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M' })]);
    await setStatuses(order, ['cancelled']);
    await setStock(tee, { trackStock: false });
    expect((await setStatuses(order, ['toPay'])).statusCode).toBe(200);
    expect(await storedLines(ctx.t, order._id)).toEqual([[tee.variations[0]!.name, false]]);
  });
});
