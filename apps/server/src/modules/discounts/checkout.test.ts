import type { DiscountInput } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
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
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const TABLES = ['orders', 'order_items', 'idempotency_keys', 'discount_redemptions'];

let codes = 0;
/** A code made through the back office's API; its name is unique unless given. */
async function createCode(t: TestApp, admin: SignedIn, fields: Partial<DiscountInput> = {}) {
  codes += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    cookie: admin.cookie,
    payload: { code: `CODE${codes}`, kind: 'percent', value: '20', ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().discount as { _id: string; code: string };
}

/** The code's uses as stored, and its redemptions still taken. */
async function usage(t: TestApp, code: { _id: string }) {
  const result = await t.database.db.execute(sql`select uses,
    (select count(*)::int from discount_redemptions r where r.code_id = c.id and r.released_at is null) as taken
    from discount_codes c where id = ${code._id}`);
  return (result as unknown as { rows: { uses: number; taken: number }[] }).rows[0];
}

const counts = (t: TestApp) => Promise.all(TABLES.map((table) => countRows(t, table)));

function byStatus(answers: LightMyRequestResponse[]): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.statusCode] = (tally[answer.statusCode] ?? 0) + 1;
  return tally;
}

describe('codes at checkout', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  /** ₱1,234.50 */
  let jacket: ProductRow;
  /** ₱699.00 */
  let tee: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
    jacket = await insertProduct(ctx.t, { name: 'Denim Jacket Blue', price: '1234.50' });
    tee = await insertProduct(ctx.t, { price: '699.00' });
  });

  const withCode = (who: SignedIn, code: string, total: string, cart = [orderLineFor(jacket)]) =>
    orderBodyFor(who, cart, { discountCode: code, total });
  const check = (who: SignedIn, discountCode: string, subtotal: string) =>
    ctx.t.request({
      method: 'POST',
      url: '/api/discounts/check',
      cookie: who.cookie,
      payload: { discountCode, subtotal },
    });
  const setStatuses = (order: OrderJson, updatedStatus: string[]) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus },
    });

  it('slows down guessing: an account that tries many codes waits, with Retry-After, and its next try waits too', async () => {
    const guesser = await signUpCustomer(ctx.t);
    const tryCode = (code: string) =>
      ctx.t.request({
        method: 'POST',
        url: '/api/discounts/check',
        cookie: guesser.cookie,
        remoteAddress: '10.77.0.1',
        payload: { discountCode: code, subtotal: '1000.00' },
      });
    const answers = [];
    for (let i = 0; i < 21; i++) answers.push(await tryCode(`GUESS${i}`));
    expect(answers.slice(0, 20).map((a) => a.statusCode)).toEqual(Array(20).fill(422));
    expect(new Set(answers.slice(0, 20).map((a) => a.json().message))).toEqual(
      new Set(["This code can't be used"]),
    );
    const waited = answers[20]!;
    expect(waited.statusCode).toBe(429);
    expect(Number(waited.headers['retry-after'])).toBeGreaterThan(0);
    expect(waited.json().message).toMatch(/^Too many code attempts\. Try again in \d+ seconds?\.$/);
    // Another account from another client is not held up by it.
    expect((await check(customer, 'GUESS0', '1000.00')).statusCode).toBe(422);
  });

  it('prices an order without a code exactly as before, and reads it back without discount fields', async () => {
    const order = await placeOrderOk(ctx.t, customer, [
      orderLineFor(jacket, { deliveryOption: { fee: 50 } }),
    ]);
    expect(order).toMatchObject({
      subtotal: '1234.50',
      shippingFee: '50.00',
      tax: '128.45',
      total: '1412.95',
    });
    expect(order).not.toHaveProperty('discountCode');
    expect(order).not.toHaveProperty('discountAmount');
  });

  it('takes 20% off the items, not the shipping, and taxes what is left', async () => {
    const code = await createCode(ctx.t, admin, { code: 'SAVE20', kind: 'percent', value: '20' });
    const cart = [orderLineFor(jacket, { deliveryOption: { fee: 50 } })];
    // Typed in any case. Items 1,234.50 - 246.90 + 50.00 shipping = 1,037.60; tax 103.76.
    const order = await placeOrderOk(ctx.t, customer, withCode(customer, 'save20', '1141.36', cart));
    expect(order).toMatchObject({
      subtotal: '1234.50',
      discountCode: 'SAVE20',
      discountAmount: '246.90',
      shippingFee: '50.00',
      tax: '103.76',
      total: '1141.36',
      totalFee: '1141.36',
    });
    expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });

    const mine = await ctx.t.request({
      method: 'GET',
      url: `/api/orders/user/${customer.id}`,
      cookie: customer.cookie,
    });
    expect(mine.json().find((o: OrderJson) => o._id === order._id)).toMatchObject({
      discountCode: 'SAVE20',
      discountAmount: '246.90',
    });
    const all = await ctx.t.request({ method: 'GET', url: '/api/orders/all', cookie: admin.cookie });
    expect(all.json().find((o: OrderJson) => o._id === order._id)).toMatchObject({
      discountAmount: '246.90',
    });
  });

  it('takes a fixed ₱150.00 off, and never more than the items cost', async () => {
    await createCode(ctx.t, admin, { code: 'LESS150', kind: 'fixed', value: '150' });
    // 2 x 699.00 - 150.00 + 100.00 = 1,348.00; tax 134.80.
    const cart = [orderLineFor(tee, { quantity: 2, deliveryOption: { fee: 100 } })];
    const order = await placeOrderOk(ctx.t, customer, withCode(customer, 'LESS150', '1482.80', cart));
    expect(order).toMatchObject({ discountAmount: '150.00', tax: '134.80', total: '1482.80' });

    await createCode(ctx.t, admin, { code: 'LESS5000', kind: 'fixed', value: '5000.00' });
    // The items go free; 50.00 shipping and its 5.00 tax remain.
    const free = await placeOrderOk(
      ctx.t,
      customer,
      withCode(customer, 'LESS5000', '55.00', [orderLineFor(jacket, { deliveryOption: { fee: 50 } })]),
    );
    expect(free).toMatchObject({ subtotal: '1234.50', discountAmount: '1234.50', total: '55.00' });
  });

  it('refuses a total that leaves the discount out, and tells the right one', async () => {
    await createCode(ctx.t, admin, { code: 'TENOFF', value: '10' });
    const before = await counts(ctx.t);
    const response = await placeOrder(ctx.t, customer, withCode(customer, 'TENOFF', '1357.95'));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual({ total: '1222.16' });
    expect(await counts(ctx.t)).toEqual(before);
  });

  describe('refusals at checkout and in the cart: one answer for every code that cannot be used, the shopper’s own reasons in words', () => {
    let other: SignedIn;
    beforeAll(async () => {
      other = await signUpCustomer(ctx.t);
    });

    const cases: [string, () => Promise<string>, number, string][] = [
      ['an unknown code', async () => 'NOSUCHCODE', 422, "This code can't be used"],
      [
        "a code bound to another customer's email",
        async () => (await createCode(ctx.t, admin, { email: 'someone-else@example.com' })).code,
        422,
        "This code can't be used",
      ],
      [
        'a code switched off',
        async () => (await createCode(ctx.t, admin, { active: false })).code,
        422,
        "This code can't be used",
      ],
      [
        'a code that starts tomorrow',
        async () => (await createCode(ctx.t, admin, { startsAt: daysFromNow(1) })).code,
        422,
        "This code can't be used",
      ],
      [
        'a code that ended yesterday',
        async () =>
          (await createCode(ctx.t, admin, { startsAt: daysFromNow(-10), endsAt: daysFromNow(-1) })).code,
        422,
        "This code can't be used",
      ],
      [
        'an order under the minimum spend',
        async () => (await createCode(ctx.t, admin, { minSpend: '2,000' })).code,
        422,
        'Spend at least ₱2,000.00 to use this code',
      ],
      [
        'a code used up by another customer',
        async () => {
          const code = await createCode(ctx.t, admin, { totalUses: 1 });
          await placeOrderOk(ctx.t, other, withCode(other, code.code, '1086.36'));
          return code.code;
        },
        422,
        "This code can't be used",
      ],
      [
        'a code the customer has used as often as allowed',
        async () => {
          const code = await createCode(ctx.t, admin, { perCustomerUses: 1 });
          await placeOrderOk(ctx.t, customer, withCode(customer, code.code, '1086.36'));
          return code.code;
        },
        409,
        'You have already used this code',
      ],
    ];

    it.each(cases)('%s', async (_name, make, status, message) => {
      const code = await make();
      const before = await counts(ctx.t);
      const placed = await placeOrder(ctx.t, customer, withCode(customer, code, '1086.36'));
      expect(placed.statusCode).toBe(status);
      expect(placed.json()).toEqual({ message, errors: { discountCode: message } });
      expect(await counts(ctx.t)).toEqual(before);

      const checked = await check(customer, code.toLowerCase(), '1234.50');
      expect(checked.statusCode).toBe(status);
      expect(checked.json()).toEqual({ message, errors: { discountCode: message } });
    });

    it('lets the email the code is bound to use it', async () => {
      const code = await createCode(ctx.t, admin, { email: customer.email.toUpperCase() });
      expect((await check(customer, code.code, '1234.50')).statusCode).toBe(200);
    });
  });

  it('previews what a code takes off the cart', async () => {
    await createCode(ctx.t, admin, { code: 'PREVIEW15', value: '15', minSpend: '500' });
    const response = await check(customer, ' preview15 ', '699.95');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'PREVIEW15',
      kind: 'percent',
      value: '15',
      minSpend: '500.00',
      discount: '104.99',
    });
  });

  it('gives a single-use code to exactly one of 50 checkouts sent at once; the others get one refusal and nothing is stored', async () => {
    const code = await createCode(ctx.t, admin, { totalUses: 1 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => signUpCustomer(ctx.t)));
    const before = await counts(ctx.t);
    const answers = await Promise.all(
      shoppers.map((shopper) => placeOrder(ctx.t, shopper, withCode(shopper, code.code, '1086.36'))),
    );
    expect(byStatus(answers)).toEqual({ 201: 1, 422: 49 });
    for (const answer of answers.filter((a) => a.statusCode === 422)) {
      expect(answer.json()).toEqual({
        message: "This code can't be used",
        errors: { discountCode: "This code can't be used" },
      });
    }
    const [orders, items, keys, redemptions] = before as [number, number, number, number];
    expect(await counts(ctx.t)).toEqual([orders + 1, items + 1, keys + 1, redemptions + 1]);
    expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });
  });

  it("keeps to a customer's limit when their checkouts race", async () => {
    const code = await createCode(ctx.t, admin, { perCustomerUses: 2 });
    const shopper = await signUpCustomer(ctx.t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(ctx.t, shopper, withCode(shopper, code.code, '1086.36'))),
    );
    expect(byStatus(answers)).toEqual({ 201: 2, 409: 8 });
    expect(await usage(ctx.t, code)).toEqual({ uses: 2, taken: 2 });
  });

  it('uses a code once for an Idempotency-Key, however often and however at once it is sent', async () => {
    const code = await createCode(ctx.t, admin, { totalUses: 5 });
    const key = newOrderKey();
    const body = withCode(customer, code.code, '1086.36');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(ctx.t, customer, body, key)),
    );
    expect(byStatus(answers)).toEqual({ 201: 1, 200: 9 });
    const again = await placeOrder(ctx.t, customer, body, key);
    expect(again.statusCode).toBe(200);
    const ids = new Set([...answers, again].map((a) => a.json().order._id));
    expect(ids.size).toBe(1);
    expect(again.json().order).toMatchObject({ discountCode: code.code, discountAmount: '246.90' });
    expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });
  });

  describe('cancelling and restoring', () => {
    it('gives the use back once when every line is cancelled, even when sent twice at once', async () => {
      const code = await createCode(ctx.t, admin, { totalUses: 1 });
      const order = await placeOrderOk(
        ctx.t,
        customer,
        withCode(customer, code.code, '1701.48', [orderLineFor(jacket), orderLineFor(tee, { quantity: 1 })]),
      );
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });

      expect((await setStatuses(order, ['cancelled', 'toPay'])).statusCode).toBe(200);
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });

      const answers = await Promise.all([
        setStatuses(order, ['cancelled', 'cancelled']),
        setStatuses(order, ['cancelled', 'cancelled']),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await usage(ctx.t, code)).toEqual({ uses: 0, taken: 0 });
      expect((await setStatuses(order, ['cancelled', 'cancelled'])).statusCode).toBe(200);
      expect(await usage(ctx.t, code)).toEqual({ uses: 0, taken: 0 });

      // The order keeps what it was placed with.
      const read = await ctx.t.request({
        method: 'GET',
        url: `/api/orders/${order._id}`,
        cookie: customer.cookie,
      });
      expect(read.json()).toMatchObject({
        status: 'cancelled',
        discountCode: code.code,
        discountAmount: '386.70',
      });
    });

    it('takes the use again when a line is restored, and refuses when none is left', async () => {
      const code = await createCode(ctx.t, admin, { totalUses: 1 });
      const order = await placeOrderOk(ctx.t, customer, withCode(customer, code.code, '1086.36'));
      await setStatuses(order, ['cancelled']);
      const restored = await Promise.all([setStatuses(order, ['toPay']), setStatuses(order, ['toReceive'])]);
      expect(restored.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });

      await setStatuses(order, ['cancelled']);
      const other = await signUpCustomer(ctx.t);
      await placeOrderOk(ctx.t, other, withCode(other, code.code, '1086.36'));
      const refused = await setStatuses(order, ['toPay']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: "This order's discount code has been used up since it was cancelled",
        errors: { discountCode: "This order's discount code has been used up since it was cancelled" },
      });
      const read = await ctx.t.request({
        method: 'GET',
        url: `/api/orders/${order._id}`,
        cookie: admin.cookie,
      });
      expect(read.json().products.map((p: { productStatus: string }) => p.productStatus)).toEqual([
        'cancelled',
      ]);
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });
    });

    it("refuses a restore past the customer's own limit", async () => {
      const code = await createCode(ctx.t, admin, { perCustomerUses: 1 });
      const shopper = await signUpCustomer(ctx.t);
      const first = await placeOrderOk(ctx.t, shopper, withCode(shopper, code.code, '1086.36'));
      await setStatuses(first, ['cancelled']);
      await placeOrderOk(ctx.t, shopper, withCode(shopper, code.code, '1086.36'));
      const refused = await setStatuses(first, ['delivered']);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors).toEqual({
        discountCode: "The customer has used this order's discount code again since it was cancelled",
      });
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });
    });

    it('keeps the use taken when the order is deleted', async () => {
      const code = await createCode(ctx.t, admin, { totalUses: 2 });
      const order = await placeOrderOk(ctx.t, customer, withCode(customer, code.code, '1086.36'));
      const deleted = await ctx.t.request({
        method: 'DELETE',
        url: `/api/orders/delete/${order._id}`,
        cookie: admin.cookie,
      });
      expect(deleted.statusCode).toBe(200);
      expect(await usage(ctx.t, code)).toEqual({ uses: 1, taken: 1 });
    });
  });
});
