import { IDEMPOTENCY_KEY_HEADER, type ItemStatus, SIZE_PRESETS, TOTAL_COUNT_HEADER } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  countRows,
  insertProduct,
  newOrderKey,
  ORDER_ADDRESS,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';
import { PaymentSettingsStore } from '../payment-settings/index.ts';
import { placeOrder as placeOrderDirect } from './place-order.ts';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const TABLES = ['orders', 'order_items', 'idempotency_keys'];

async function counts(t: TestApp) {
  return Promise.all(TABLES.map((table) => countRows(t, table)));
}

async function getOrder(t: TestApp, id: string, cookie: string) {
  return t.request({ method: 'GET', url: `/api/orders/${id}`, cookie });
}

/** A catalogue with a sized product, a sneaker and a product with neither sizes nor variations. */
async function catalogue(t: TestApp) {
  const tee = await insertProduct(t, {
    name: 'Men Tee Navy',
    price: '333.35',
    sizes: [...SIZE_PRESETS.Clothes],
    variations: [
      { name: 'Men Tee Navy', imageUrl: '/uploads/tee-navy-800.webp' },
      { name: 'Men Tee Olive', imageUrl: '/uploads/tee-olive-800.webp' },
    ],
  });
  const shoe = await insertProduct(t, {
    name: 'Runner White',
    price: '199.99',
    category: 'Women',
    subCategory: 'Shoes',
    sizes: [...SIZE_PRESETS.Sneakers],
    variations: [{ name: 'Runner White', imageUrl: '/uploads/runner-white-800.webp' }],
  });
  const tote = await insertProduct(t, {
    name: 'Canvas Tote',
    price: '120.02',
    imageUrl: '/uploads/tote-800.webp',
    category: null,
    subCategory: 'Accessories',
    sizes: [],
    variations: [],
  });
  return { tee, shoe, tote };
}

describe('POST /api/orders/placed-order', () => {
  const ctx = useTestApp();
  let customer: SignedIn;
  let other: SignedIn;
  let p: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    customer = await signUpCustomer(ctx.t, { name: 'Maria Clara' });
    other = await signUpCustomer(ctx.t);
    p = await catalogue(ctx.t);
  });

  /** Places `payload` expecting a refusal, and proves nothing was stored. */
  async function expectRefused(payload: unknown, status: number, key: string | null = newOrderKey()) {
    const before = await counts(ctx.t);
    const response = await placeOrder(ctx.t, customer, payload, key);
    expect(response.statusCode, response.body).toBe(status);
    expect(await counts(ctx.t)).toEqual(before);
    return response.json() as { message: string; errors?: Record<string, string> };
  }

  it('stores the order with server-computed amounts, ETAs and statuses (201)', async () => {
    // The server's clock at 17:00 UTC on 22 November, already 01:00 on the 23rd in Manila: the
    // ETAs count from the 23rd.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T17:00:00Z') });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const cart = [
      orderLineFor(p.tee, {
        name: 'Men Tee Olive',
        imageUrl: 'https://evil.example/olive.png',
        size: 'M',
        deliveryOption: { fee: 50, date: 'Someday, never' },
      }),
      orderLineFor(p.shoe, { size: 'US 9.5', quantity: 2, deliveryOption: { fee: 100 } }),
      orderLineFor(p.tote, { price: '120.02' }),
    ];
    // 333.35 + 2 x 199.99 + 120.02 = 853.35; shipping 150.00; 10% of 1003.35 = 100.335 -> 100.34.
    const expected = { subtotal: '853.35', shippingFee: '150.00', tax: '100.34', total: '1103.69' };
    const before = await counts(ctx.t);

    const response = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, cart, { address: `  ${ORDER_ADDRESS}  `, total: expected.total }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { message, order } = response.json() as { message: string; order: OrderJson };
    expect(message).toBe('Order placed successfully');
    expect(order).toMatchObject({
      _id: expect.any(String),
      orderId: order._id,
      status: 'pending',
      user: 'Maria Clara',
      userId: customer.id,
      shippingAddress: ORDER_ADDRESS,
      paymentMethod: 'COD',
      ...expected,
      totalFee: expected.total,
    });
    expect(order.products).toEqual([
      {
        _id: expect.any(String),
        productId: p.tee.id,
        name: 'Men Tee Olive',
        imageUrl: '/uploads/tee-olive-800.webp',
        quantity: 1,
        productStatus: 'toPay',
        price: '333.35',
        size: 'M',
        // 23 November + 5 days.
        deliveryOption: { date: '2026-11-28', fee: 50 },
      },
      {
        _id: expect.any(String),
        productId: p.shoe.id,
        name: 'Runner White',
        imageUrl: '/uploads/runner-white-800.webp',
        quantity: 2,
        productStatus: 'toPay',
        price: '199.99',
        size: 'US 9.5',
        // 23 November + 1 day.
        deliveryOption: { date: '2026-11-24', fee: 100 },
      },
      {
        _id: expect.any(String),
        productId: p.tote.id,
        name: 'Canvas Tote',
        imageUrl: '/uploads/tote-800.webp',
        quantity: 1,
        productStatus: 'toPay',
        price: '120.02',
        size: '',
        // 23 November + 9 days.
        deliveryOption: { date: '2026-12-02', fee: 0 },
      },
    ]);
    expect(await counts(ctx.t)).toEqual([before[0]! + 1, before[1]! + 3, before[2]! + 1]);

    const stored = await getOrder(ctx.t, order._id, customer.cookie);
    expect(stored.json()).toEqual(order);
  });

  it('accepts a price written without decimals or with a group separator', async () => {
    const expensive = await insertProduct(ctx.t, { name: 'Wool Coat', price: '1299.00', sizes: [] });
    const response = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, [orderLineFor(expensive, { price: '1,299' })], { total: '1,428.90' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().order).toMatchObject({ total: '1428.90', tax: '129.90' });
  });

  it('refuses a variation name the product does not have (409), storing nothing', async () => {
    const body = await expectRefused(
      orderBodyFor(customer, [orderLineFor(p.tee, { name: 'Men Tee Purple' })]),
      409,
    );
    expect(body.errors).toEqual({ 'cart.0.name': 'Men Tee Purple' });
  });

  it('refuses the product name for a product that has variations (409)', async () => {
    const withVariations = await insertProduct(ctx.t, {
      name: 'Polo Base',
      variations: [{ name: 'Polo Red', imageUrl: '/uploads/polo-red-800.webp' }],
    });
    await expectRefused(orderBodyFor(customer, [orderLineFor(withVariations, { name: 'Polo Base' })]), 409);
  });

  it("refuses a size that is not one of the product's sizes with 'Please select size' (400)", async () => {
    for (const cart of [
      [orderLineFor(p.tee, { size: 'US 9' })],
      [orderLineFor(p.tee, { size: '' })],
      [orderLineFor(p.shoe, { size: 'M' })],
      [orderLineFor(p.tote), orderLineFor(p.tee, { size: 'XXXL' })],
    ]) {
      const body = await expectRefused(orderBodyFor(customer, cart), 400);
      expect(body.message).toBe('Please select size');
    }
  });

  it('refuses any size for a product without sizes (400)', async () => {
    const body = await expectRefused(orderBodyFor(customer, [orderLineFor(p.tote, { size: 'M' })]), 400);
    expect(body).toEqual({ message: 'Please select size', errors: { 'cart.0.size': 'Please select size' } });
  });

  it('refuses a tampered line price (409), storing nothing', async () => {
    const cart = [orderLineFor(p.tee), orderLineFor(p.shoe, { price: '1.99' })];
    const body = await expectRefused(orderBodyFor(customer, cart), 409);
    expect(body.message).toBe('Prices have changed. Please review your cart and try again.');
    expect(body.errors).toEqual({ 'cart.1.price': '199.99' });
  });

  it('refuses a tampered total (409), storing nothing', async () => {
    const cart = [orderLineFor(p.tee, { quantity: 3 })];
    // 3 x 333.35 = 1000.05, FREE; 10% = 100.005 -> 100.01; the right total is 1100.06.
    for (const total of ['1.00', '0', '1100.05', '1100.07']) {
      const body = await expectRefused(orderBodyFor(customer, cart, { total }), 409);
      expect(body.message).toBe('Prices have changed. Please review your cart and try again.');
      expect(body.errors).toEqual({ total: '1100.06' });
    }
    const accepted = await placeOrder(ctx.t, customer, orderBodyFor(customer, cart, { total: '1100.06' }));
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('refuses an unknown product (409), storing nothing', async () => {
    const body = await expectRefused(
      orderBodyFor(customer, [orderLineFor(p.tee), orderLineFor(p.tee, { id: UNKNOWN_ID })]),
      409,
    );
    expect(body.message).toBe('A product in your cart is no longer available');
    expect(body.errors).toEqual({ 'cart.1': 'Men Tee Navy' });
  });

  it('refuses a variation the product does not have (409), naming the line', async () => {
    const body = await expectRefused(
      orderBodyFor(customer, [orderLineFor(p.tee, { name: 'Men Tee Purple' })]),
      409,
    );
    expect(body).toEqual({
      message: 'A product in your cart has changed. Please review your cart.',
      errors: { 'cart.0.name': 'Men Tee Purple' },
    });
  });

  it('keeps a key to its own order when orders without a key come after it', async () => {
    const key = newOrderKey();
    const payload = orderBodyFor(customer, [orderLineFor(p.tee)]);
    const keyed = await placeOrder(ctx.t, customer, payload, key);
    const unkeyed = await placeOrder(ctx.t, customer, payload, null);
    expect([keyed.statusCode, unkeyed.statusCode]).toEqual([201, 201]);
    const replay = await placeOrder(ctx.t, customer, payload, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order._id).toBe(keyed.json().order._id);
  });

  it('answers 401 for a customer deleted before the order is written, storing nothing', async () => {
    const gone = { ...(await signUpCustomer(ctx.t)) };
    const [row] = (
      (await ctx.t.database.db.execute(sql`select * from customers where id = ${gone.id}`)) as unknown as {
        rows: Record<string, unknown>[];
      }
    ).rows;
    await ctx.t.database.db.execute(sql`delete from customers where id = ${gone.id}`);
    const before = await counts(ctx.t);
    const customerRow = { id: gone.id, name: String(row!.name), email: String(row!.email) } as Parameters<
      typeof placeOrderDirect
    >[1];
    await expect(
      placeOrderDirect(ctx.t.database.db, customerRow, orderBodyFor(gone, [orderLineFor(p.tee)]), undefined, {
        mail: { storeName: 'Habi' },
        payments: new PaymentSettingsStore(ctx.t.database.db, false),
      }),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(await counts(ctx.t)).toEqual(before);
  });

  it('refuses bad quantities, delivery fees, an empty address or an empty cart (400)', async () => {
    const bad: [unknown, string][] = [
      [orderBodyFor(customer, [orderLineFor(p.tee, { quantity: 0 })]), 'Quantity must be between 1 and 99'],
      [orderBodyFor(customer, [orderLineFor(p.tee, { quantity: 100 })]), 'Quantity must be between 1 and 99'],
      [
        orderBodyFor(customer, [orderLineFor(p.tee, { deliveryOption: { fee: 30 } })]),
        'Unknown delivery option',
      ],
      [orderBodyFor(customer, [orderLineFor(p.tee)], { address: '   ' }), 'No value for address'],
      [orderBodyFor(customer, []), 'Your cart is empty'],
    ];
    for (const [payload, message] of bad) {
      const body = await expectRefused(payload, 400);
      expect(body.message).toContain(message);
    }
  });

  it('places an order without an Idempotency-Key, once per request', async () => {
    const payload = orderBodyFor(customer, [orderLineFor(p.tee)]);
    const before = await counts(ctx.t);
    const first = await placeOrder(ctx.t, customer, payload, null);
    const second = await placeOrder(ctx.t, customer, payload, null);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(first.json().order._id).not.toBe(second.json().order._id);
    const [orders, , keys] = await counts(ctx.t);
    expect(orders! - before[0]!).toBe(2);
    expect(keys).toBe(before[2]);
  });

  it('refuses a malformed Idempotency-Key (400)', async () => {
    const payload = orderBodyFor(customer, [orderLineFor(p.tee)]);
    const malformed = await expectRefused(payload, 400, 'short');
    expect(malformed.message).toContain('Idempotency-Key must be 8-100 letters, digits, - or _');
  });

  it("refuses another customer's userId (403), storing nothing", async () => {
    const body = await expectRefused(orderBodyFor(other, [orderLineFor(p.tee)]), 403);
    expect(body.message).toBe('You are not allowed to do that');
  });

  it("requires a signed-in customer with 'User must log in first.' (401)", async () => {
    const before = await counts(ctx.t);
    const response = await ctx.t.request({
      method: 'POST',
      url: '/api/orders/placed-order',
      headers: { [IDEMPOTENCY_KEY_HEADER]: newOrderKey() },
      payload: orderBodyFor(customer, [orderLineFor(p.tee)]),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'User must log in first.' });
    expect(await counts(ctx.t)).toEqual(before);
  });

  it('places one order for a key sent twice; the repeat answers 200 with the same order', async () => {
    const key = newOrderKey();
    const payload = orderBodyFor(customer, [orderLineFor(p.tee, { quantity: 2 })]);
    const first = await placeOrder(ctx.t, customer, payload, key);
    expect(first.statusCode).toBe(201);
    const before = await counts(ctx.t);

    const again = await placeOrder(ctx.t, customer, payload, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Order already placed');
    expect(again.json().order).toEqual(first.json().order);
    expect(await counts(ctx.t)).toEqual(before);
  });

  it('refuses a used key with a different body (409), storing nothing', async () => {
    const key = newOrderKey();
    const first = await placeOrder(ctx.t, customer, orderBodyFor(customer, [orderLineFor(p.tee)]), key);
    expect(first.statusCode).toBe(201);
    const body = await expectRefused(
      orderBodyFor(customer, [orderLineFor(p.tee, { quantity: 5 })]),
      409,
      key,
    );
    expect(body.message).toBe('This Idempotency-Key was already used for a different order');
  });

  it('keeps keys per customer: the same key from two customers places two orders', async () => {
    const key = newOrderKey();
    const mine = await placeOrder(ctx.t, customer, orderBodyFor(customer, [orderLineFor(p.tee)]), key);
    const theirs = await placeOrder(ctx.t, other, orderBodyFor(other, [orderLineFor(p.tee)]), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(mine.json().order._id).not.toBe(theirs.json().order._id);
    expect(theirs.json().order.userId).toBe(other.id);
  });

  it('stores 20 orders placed in parallel with 20 keys, none twice', async () => {
    const before = await counts(ctx.t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(ctx.t, customer, orderBodyFor(customer, [orderLineFor(p.tee, { quantity: i + 1 })])),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = responses.map((r) => r.json().order._id);
    expect(new Set(ids).size).toBe(20);
    expect(responses.map((r) => r.json().order.products[0].quantity)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await counts(ctx.t)).toEqual(before.map((n) => n + 20));
  });

  it('places exactly one order for 20 parallel requests with the same key', async () => {
    const before = await counts(ctx.t);
    const key = newOrderKey();
    const payload = orderBodyFor(customer, [orderLineFor(p.shoe, { size: 'US 10' }), orderLineFor(p.tote)]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(ctx.t, customer, payload, key)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(responses.map((r) => r.json().order._id)).size).toBe(1);
    expect(await counts(ctx.t)).toEqual([before[0]! + 1, before[1]! + 2, before[2]! + 1]);
  });
});

describe('GET /api/orders/user/:userId', () => {
  const ctx = useTestApp();
  let customer: SignedIn;
  let other: SignedIn;
  let p: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    customer = await signUpCustomer(ctx.t);
    other = await signUpCustomer(ctx.t);
    p = await catalogue(ctx.t);
  });

  it("lists the customer's own orders, newest first, with their products", async () => {
    const first = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee)]);
    const theirs = await placeOrderOk(ctx.t, other, [orderLineFor(p.tote)]);
    const second = await placeOrderOk(ctx.t, customer, [
      orderLineFor(p.shoe),
      orderLineFor(p.tote, { quantity: 4 }),
    ]);

    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/orders/user/${customer.id}`,
      cookie: customer.cookie,
    });
    expect(response.statusCode).toBe(200);
    const orders = response.json() as OrderJson[];
    expect(orders.map((o) => o._id)).toEqual([second._id, first._id]);
    expect(orders.map((o) => o._id)).not.toContain(theirs._id);
    expect(orders[0]!.products.map((l) => [l.name, l.quantity])).toEqual([
      ['Runner White', 1],
      ['Canvas Tote', 4],
    ]);
    expect(orders[0]).toEqual(second);
  });

  it('answers an empty list for a customer without orders', async () => {
    const fresh = await signUpCustomer(ctx.t);
    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/orders/user/${fresh.id}`,
      cookie: fresh.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it("refuses another customer's orders (403) and anonymous visitors (401)", async () => {
    const forbidden = await ctx.t.request({
      method: 'GET',
      url: `/api/orders/user/${customer.id}`,
      cookie: other.cookie,
    });
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await ctx.t.request({ method: 'GET', url: `/api/orders/user/${customer.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/orders/:id', () => {
  const ctx = useTestApp();
  let customer: SignedIn;
  let other: SignedIn;
  let admin: SignedIn;
  let order: OrderJson;

  beforeAll(async () => {
    customer = await signUpCustomer(ctx.t);
    other = await signUpCustomer(ctx.t);
    admin = await signInAdmin(ctx.t);
    const p = await catalogue(ctx.t);
    order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee), orderLineFor(p.tote)]);
  });

  it('returns the order to its owner', async () => {
    const response = await getOrder(ctx.t, order._id, customer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(order);
  });

  it('returns the order to an admin', async () => {
    const response = await getOrder(ctx.t, order._id, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ _id: order._id, userId: customer.id });
  });

  it('refuses another customer (403) and anonymous visitors (401)', async () => {
    expect((await getOrder(ctx.t, order._id, other.cookie)).statusCode).toBe(403);
    expect((await ctx.t.request({ method: 'GET', url: `/api/orders/${order._id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const unknown = await getOrder(ctx.t, UNKNOWN_ID, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    expect((await getOrder(ctx.t, 'nope', admin.cookie)).statusCode).toBe(400);
  });
});

describe('GET /api/orders/all', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let maria: SignedIn;
  const placed: OrderJson[] = [];

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    maria = await signUpCustomer(ctx.t, { name: 'Maria Clara' });
    const jose = await signUpCustomer(ctx.t, { name: 'Jose Rizal' });
    const andres = await signUpCustomer(ctx.t, { name: 'Andres Bonifacio' });
    const cheap = await insertProduct(ctx.t, {
      name: 'Cheap Socks',
      price: '90.00',
      sizes: [],
      variations: [],
    });
    const dear = await insertProduct(ctx.t, {
      name: 'Dear Coat',
      price: '1000.00',
      sizes: [],
      variations: [],
    });
    // Totals: 99.00, 1100.00, 198.00, 2200.00 (string order would differ from numeric order).
    placed.push(await placeOrderOk(ctx.t, maria, [orderLineFor(cheap)]));
    placed.push(await placeOrderOk(ctx.t, jose, [orderLineFor(dear)]));
    placed.push(await placeOrderOk(ctx.t, andres, [orderLineFor(cheap, { quantity: 2 })]));
    placed.push(await placeOrderOk(ctx.t, maria, [orderLineFor(dear, { quantity: 2 })]));
  });

  const list = (query = '', cookie = admin.cookie) =>
    ctx.t.request({ method: 'GET', url: `/api/orders/all${query}`, cookie });

  it('lists every order newest first, with customer names, products and the total count', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('4');
    const orders = response.json() as OrderJson[];
    expect(orders.map((o) => o._id)).toEqual([...placed].reverse().map((o) => o._id));
    expect(orders.map((o) => o.user)).toEqual([
      'Maria Clara',
      'Andres Bonifacio',
      'Jose Rizal',
      'Maria Clara',
    ]);
    expect(orders[0]).toEqual(placed[3]);
  });

  it('searches by customer name, case-insensitively', async () => {
    const response = await list('?q=maria');
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(response.json().map((o: OrderJson) => o._id)).toEqual([placed[3]!._id, placed[0]!._id]);
    const none = await list(`?q=${encodeURIComponent('%')}`);
    expect(none.json()).toEqual([]);
    expect(none.headers[TOTAL_COUNT_HEADER]).toBe('0');
  });

  it('sorts by customer name or by numeric total', async () => {
    const byUser = (await list('?sort=user')).json() as OrderJson[];
    expect(byUser.map((o) => o.user)).toEqual([
      'Andres Bonifacio',
      'Jose Rizal',
      'Maria Clara',
      'Maria Clara',
    ]);
    const byUserDesc = (await list('?sort=user&order=desc')).json() as OrderJson[];
    expect(byUserDesc.map((o) => o.user)).toEqual([
      'Maria Clara',
      'Maria Clara',
      'Jose Rizal',
      'Andres Bonifacio',
    ]);
    const byTotal = (await list('?sort=total&order=desc')).json() as OrderJson[];
    expect(byTotal.map((o) => o.total)).toEqual(['2200.00', '1100.00', '198.00', '99.00']);
    const byTotalAsc = (await list('?sort=total')).json() as OrderJson[];
    expect(byTotalAsc.map((o) => o.total)).toEqual(['99.00', '198.00', '1100.00', '2200.00']);
  });

  it('pages with limit and offset, counting every match', async () => {
    const page = await list('?limit=2&offset=1');
    expect(page.headers[TOTAL_COUNT_HEADER]).toBe('4');
    expect(page.json().map((o: OrderJson) => o._id)).toEqual([placed[2]!._id, placed[1]!._id]);
    const last = await list('?limit=3&offset=3');
    expect(last.json().map((o: OrderJson) => o._id)).toEqual([placed[0]!._id]);
    const searched = await list('?q=Clara&limit=1&offset=1');
    expect(searched.headers[TOTAL_COUNT_HEADER]).toBe('2');
    expect(searched.json().map((o: OrderJson) => o._id)).toEqual([placed[0]!._id]);
  });

  it('refuses an unknown sort column (400)', async () => {
    expect((await list('?sort=password')).statusCode).toBe(400);
  });

  it('is for admins only (401)', async () => {
    expect((await list('', maria.cookie)).statusCode).toBe(401);
    expect((await list('', '')).statusCode).toBe(401);
  });
});

describe('PATCH /api/orders/statusUpdate/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let order: OrderJson;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
    const p = await catalogue(ctx.t);
    order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee), orderLineFor(p.tote)]);
  });

  const update = (id: string, updatedStatus: unknown, cookie = admin.cookie) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${id}`,
      cookie,
      payload: { updatedStatus, userId: customer.id },
    });

  async function stored() {
    return (await getOrder(ctx.t, order._id, customer.cookie)).json() as OrderJson;
  }

  const cases: [ItemStatus[], string][] = [
    [['cancelled', 'cancelled'], 'cancelled'],
    [['delivered', 'cancelled'], 'completed'],
    [['delivered', 'delivered'], 'completed'],
    [['toReceive', 'delivered'], 'pending'],
    [['cancelled', 'toPay'], 'pending'],
    [['toReceive', 'toReceive'], 'pending'],
  ];
  for (const [statuses, derived] of cases) {
    it(`sets each line's status and derives the order status: ${statuses.join(' + ')} -> ${derived}`, async () => {
      const response = await update(order._id, statuses);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: 'Order status updated successfully', status: derived });
      const after = await stored();
      expect(after.status).toBe(derived);
      expect(after.products.map((l) => l.productStatus)).toEqual(statuses);
    });
  }

  it('shows the new statuses in the customer order list', async () => {
    await update(order._id, ['delivered', 'toReceive']);
    const response = await ctx.t.request({
      method: 'GET',
      url: `/api/orders/user/${customer.id}`,
      cookie: customer.cookie,
    });
    const [mine] = response.json() as OrderJson[];
    expect(mine!.products.map((l) => l.productStatus)).toEqual(['delivered', 'toReceive']);
    expect(mine!.status).toBe('pending');
  });

  it('refuses a status count that differs from the line count (400), changing nothing', async () => {
    await update(order._id, ['toPay', 'toPay']);
    for (const statuses of [['delivered'], ['delivered', 'delivered', 'delivered']]) {
      const response = await update(order._id, statuses);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("Send one status for each of the order's 2 product(s)");
    }
    const after = await stored();
    expect(after.products.map((l) => l.productStatus)).toEqual(['toPay', 'toPay']);
    expect(after.status).toBe('pending');
  });

  it('refuses an unknown status or an empty list (400)', async () => {
    const unknown = await update(order._id, ['shipped', 'toPay']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'updatedStatus.0': 'Unknown status' });
    expect((await update(order._id, [])).statusCode).toBe(400);
    expect((await stored()).products.map((l) => l.productStatus)).toEqual(['toPay', 'toPay']);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await update(UNKNOWN_ID, ['cancelled']);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Order not found' });
  });

  it('is for admins only (401)', async () => {
    const response = await update(order._id, ['delivered', 'delivered'], customer.cookie);
    expect(response.statusCode).toBe(401);
    expect((await stored()).status).toBe('pending');
  });
});

describe('PATCH /api/orders/checkAndUpdateOrder/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let order: OrderJson;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
    const p = await catalogue(ctx.t);
    order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee), orderLineFor(p.tote)]);
  });

  const check = (id: string, cookie = admin.cookie) =>
    ctx.t.request({ method: 'PATCH', url: `/api/orders/checkAndUpdateOrder/${id}`, cookie });

  /** Changes line statuses behind the API's back, leaving the stored order status stale. */
  async function setLineStatuses(statuses: ItemStatus[]) {
    for (const [position, status] of statuses.entries()) {
      await ctx.t.database.db.execute(
        sql`update order_items set status = ${status} where order_id = ${order._id} and position = ${position}`,
      );
    }
  }

  it('recomputes, stores and returns the derived order status', async () => {
    await setLineStatuses(['delivered', 'cancelled']);
    expect((await getOrder(ctx.t, order._id, customer.cookie)).json().status).toBe('pending');

    const response = await check(order._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Order is completed', status: 'completed' });
    expect((await getOrder(ctx.t, order._id, customer.cookie)).json().status).toBe('completed');

    const again = await check(order._id);
    expect(again.json().status).toBe('completed');

    await setLineStatuses(['cancelled', 'cancelled']);
    expect((await check(order._id)).json().status).toBe('cancelled');
    await setLineStatuses(['toReceive', 'cancelled']);
    expect((await check(order._id)).json().status).toBe('pending');
    expect((await getOrder(ctx.t, order._id, customer.cookie)).json().status).toBe('pending');
  });

  it('answers 404 for an unknown order', async () => {
    const response = await check(UNKNOWN_ID);
    expect(response.statusCode).toBe(404);
  });

  it('is for admins only (401)', async () => {
    expect((await check(order._id, customer.cookie)).statusCode).toBe(401);
  });
});

describe('DELETE /api/orders/delete/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let p: Awaited<ReturnType<typeof catalogue>>;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
    p = await catalogue(ctx.t);
  });

  const remove = (id: string, cookie = admin.cookie, payload?: Record<string, unknown>) =>
    ctx.t.request({
      method: 'DELETE',
      url: `/api/orders/delete/${id}`,
      cookie,
      ...(payload ? { payload } : {}),
    });

  it('deletes the order and its lines', async () => {
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee), orderLineFor(p.tote)]);
    const kept = await placeOrderOk(ctx.t, customer, [orderLineFor(p.shoe)]);
    const [orders, items] = [await countRows(ctx.t, 'orders'), await countRows(ctx.t, 'order_items')];

    const response = await remove(order._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Order deleted successfully' });
    expect((await getOrder(ctx.t, order._id, admin.cookie)).statusCode).toBe(404);
    expect(await countRows(ctx.t, 'orders')).toBe(orders - 1);
    expect(await countRows(ctx.t, 'order_items')).toBe(items - 2);
    expect((await getOrder(ctx.t, kept._id, admin.cookie)).statusCode).toBe(200);
  });

  it('takes the order id in the body as the admin screen sends it', async () => {
    for (const field of ['orderId', '_id']) {
      const order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee)]);
      const response = await remove(order._id, admin.cookie, { [field]: order._id });
      expect(response.statusCode, response.body).toBe(200);
      expect((await getOrder(ctx.t, order._id, admin.cookie)).statusCode).toBe(404);
    }
  });

  it('refuses unexpected body fields (400)', async () => {
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee)]);
    const response = await remove(order._id, admin.cookie, { orderId: order._id, force: true });
    expect(response.statusCode).toBe(400);
    expect((await getOrder(ctx.t, order._id, admin.cookie)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await remove(UNKNOWN_ID);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Order not found' });
  });

  it('is for admins only (401), keeping the order', async () => {
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee)]);
    expect((await remove(order._id, customer.cookie)).statusCode).toBe(401);
    expect((await remove(order._id, '')).statusCode).toBe(401);
    expect((await getOrder(ctx.t, order._id, customer.cookie)).statusCode).toBe(200);
  });
});

describe('deleting a customer', () => {
  const ctx = useTestApp();

  it("keeps the customer's orders with their name and no userId", async () => {
    const admin = await signInAdmin(ctx.t);
    const customer = await signUpCustomer(ctx.t, { name: 'Gabriela Silang' });
    const p = await catalogue(ctx.t);
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(p.tee), orderLineFor(p.tote)]);

    const response = await ctx.t.request({
      method: 'DELETE',
      url: `/api/users/delete/${customer.id}`,
      cookie: admin.cookie,
      payload: { _id: customer.id },
    });
    expect(response.statusCode, response.body).toBe(200);

    const all = await ctx.t.request({ method: 'GET', url: '/api/orders/all', cookie: admin.cookie });
    expect(all.json()).toEqual([{ ...order, userId: null }]);
    expect(all.json()[0]).toMatchObject({ user: 'Gabriela Silang', userId: null });
    const found = await ctx.t.request({
      method: 'GET',
      url: '/api/orders/all?q=gabriela',
      cookie: admin.cookie,
    });
    expect(found.json().map((o: OrderJson) => o._id)).toEqual([order._id]);
    // The deleted customer's session no longer reaches the order.
    expect((await getOrder(ctx.t, order._id, customer.cookie)).statusCode).toBe(401);
  });
});

describe('checkout racing a delete', () => {
  const ctx = useTestApp();

  /** 40 checkouts of one product in parallel, and `remove` a moment after they start. */
  async function race(remove: (admin: SignedIn, customer: SignedIn, product: ProductRow) => Promise<number>) {
    const admin = await signInAdmin(ctx.t);
    const customer = await signUpCustomer(ctx.t);
    const product = await insertProduct(ctx.t);
    const orders = Array.from({ length: 40 }, () =>
      placeOrder(ctx.t, customer, orderBodyFor(customer, [orderLineFor(product)])),
    );
    const removed = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(remove(admin, customer, product)), 2),
    );
    const answers = await Promise.all(orders);
    return {
      removed,
      statuses: answers.map((a) => a.statusCode),
      placed: answers.filter((a) => a.statusCode === 201),
    };
  }

  it('deleting the product: every checkout is placed or told the product is gone, never a 500', async () => {
    const { removed, statuses, placed } = await race((admin, _customer, product) =>
      ctx.t
        .request({ method: 'DELETE', url: `/api/product/delete/${product.id}`, cookie: admin.cookie })
        .then((r) => r.statusCode),
    );
    expect(removed).toBe(200);
    expect(new Set(statuses.filter((s) => s !== 201))).toEqual(new Set(statuses.includes(409) ? [409] : []));
    for (const answer of placed) {
      const stored = await ctx.t.request({
        method: 'GET',
        url: `/api/orders/${answer.json().order._id}`,
        cookie: (await signInAdmin(ctx.t)).cookie,
      });
      expect(stored.statusCode).toBe(200);
    }
  });

  it('deleting the customer: every checkout is placed or told to sign in, never a 500', async () => {
    const { removed, statuses } = await race((admin, customer) =>
      ctx.t
        .request({ method: 'DELETE', url: `/api/users/delete/${customer.id}`, cookie: admin.cookie })
        .then((r) => r.statusCode),
    );
    expect(removed).toBe(200);
    for (const status of statuses) expect([201, 401]).toContain(status);
  });
});

describe('the largest order', () => {
  const ctx = useTestApp();

  it('is stored whole: 50 lines of 99 at the highest price, the dearest delivery on each', async () => {
    const customer = await signUpCustomer(ctx.t);
    const product = await insertProduct(ctx.t, { price: '1000000.00', sizes: [], variations: [] });
    const line = orderLineFor(product, { quantity: 99, deliveryOption: { fee: 100 } });
    const order = await placeOrderOk(
      ctx.t,
      customer,
      orderBodyFor(customer, Array(50).fill(line), { total: '5445005500.00' }),
    );
    expect(order).toMatchObject({
      subtotal: '4950000000.00',
      shippingFee: '5000.00',
      tax: '495000500.00',
      total: '5445005500.00',
    });
  });
});
