import { TOTAL_COUNT_HEADER } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
  orderBodyFor,
  orderLineFor,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';

const UNKNOWN_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('the back office Discounts API', () => {
  const ctx = useTestApp();
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
  });

  const create = (payload: Record<string, unknown>) =>
    ctx.t.request({ method: 'POST', url: '/api/admin/discounts', cookie: admin.cookie, payload });
  const patch = (id: string, payload: Record<string, unknown>) =>
    ctx.t.request({ method: 'PATCH', url: `/api/admin/discounts/${id}`, cookie: admin.cookie, payload });
  const list = (query = '') =>
    ctx.t.request({ method: 'GET', url: `/api/admin/discounts${query}`, cookie: admin.cookie });

  it('creates a code with everything it can hold, and reads it back', async () => {
    const response = await create({
      code: 'summer-25',
      kind: 'fixed',
      value: '250',
      minSpend: '1,500.00',
      startsAt: '2026-06-01T00:00:00+08:00',
      endsAt: '2026-09-01T00:00:00+08:00',
      totalUses: 100,
      perCustomerUses: 2,
      email: 'Ana@Example.com',
      active: false,
    });
    expect(response.statusCode, response.body).toBe(201);
    const { message, discount } = response.json();
    expect(message).toBe('Discount code created');
    expect(discount).toEqual({
      _id: expect.any(String),
      code: 'SUMMER-25',
      kind: 'fixed',
      value: '250.00',
      minSpend: '1500.00',
      startsAt: '2026-05-31T16:00:00.000Z',
      endsAt: '2026-08-31T16:00:00.000Z',
      totalUses: 100,
      uses: 0,
      perCustomerUses: 2,
      email: 'ana@example.com',
      active: false,
      orders: 0,
      createdAt: expect.any(String),
    });
    const read = await ctx.t.request({
      method: 'GET',
      url: `/api/admin/discounts/${discount._id}`,
      cookie: admin.cookie,
    });
    expect(read.json()).toEqual(discount);
  });

  it('starts a code now, for ever, for anyone, without limits, unless told otherwise', async () => {
    const before = Date.now();
    const response = await create({ code: 'OPEN10', kind: 'percent', value: '10' });
    expect(response.statusCode).toBe(201);
    const discount = response.json().discount;
    expect(discount).toMatchObject({
      value: '10',
      minSpend: '0.00',
      endsAt: null,
      totalUses: null,
      perCustomerUses: null,
      email: null,
      active: true,
    });
    expect(Date.parse(discount.startsAt)).toBeGreaterThanOrEqual(before - 60_000);
  });

  it('refuses the same code in another case, and writes nothing', async () => {
    await create({ code: 'TWICE', kind: 'percent', value: '10' });
    const before = await countRows(ctx.t, 'discount_codes');
    const response = await create({ code: 'twice', kind: 'fixed', value: '10' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'This code already exists',
      errors: { code: 'This code already exists' },
    });
    expect(await countRows(ctx.t, 'discount_codes')).toBe(before);
  });

  it('refuses a value out of range for its kind, with the message under the field', async () => {
    const response = await create({ code: 'TOOMUCH', kind: 'percent', value: '120' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ value: 'Enter a whole percent from 1 to 100' });
  });

  it('lists codes with their uses and orders, searched, sorted and paged', async () => {
    const customer = await signUpCustomer(ctx.t);
    const product = await insertProduct(ctx.t, { price: '500.00' });
    const { _id } = (await create({ code: 'LISTED5', kind: 'percent', value: '5', totalUses: 3 })).json()
      .discount;
    // 500.00 - 25.00 = 475.00; tax 47.50.
    await placeOrderOk(
      ctx.t,
      customer,
      orderBodyFor(customer, [orderLineFor(product)], { discountCode: 'LISTED5', total: '522.50' }),
    );

    const found = await list('?q=listed');
    expect(found.statusCode).toBe(200);
    expect(found.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect(found.json()).toEqual([
      expect.objectContaining({ _id, code: 'LISTED5', uses: 1, totalUses: 3, orders: 1 }),
    ]);

    const byCode = (await list('?sort=code&limit=100')).json().map((d: { code: string }) => d.code);
    expect(byCode).toEqual([...byCode].sort());
    const byUses = (await list('?sort=uses&order=desc&limit=1')).json();
    expect(byUses[0].code).toBe('LISTED5');
  });

  describe('changing a code', () => {
    it('switches a code off and on', async () => {
      const { _id } = (await create({ code: 'SWITCH', kind: 'percent', value: '10' })).json().discount;
      const off = await patch(_id, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ message: 'Discount code updated', discount: { active: false } });
      expect((await patch(_id, { active: true })).json().discount.active).toBe(true);
    });

    it('checks a change together with the fields it leaves alone', async () => {
      const { _id } = (await create({ code: 'FIXED300', kind: 'fixed', value: '300' })).json().discount;
      const response = await patch(_id, { kind: 'percent' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Enter a whole percent from 1 to 100',
        errors: { value: 'Enter a whole percent from 1 to 100' },
      });
      const ends = await patch(_id, { endsAt: '2000-01-01T00:00:00Z' });
      expect(ends.json().errors).toEqual({ endsAt: 'The end must be after the start' });
      const both = await patch(_id, { kind: 'percent', value: '30', endsAt: null, email: null });
      expect(both.json().discount).toMatchObject({ kind: 'percent', value: '30', endsAt: null });
    });

    it('refuses total uses below the uses already taken', async () => {
      const customer = await signUpCustomer(ctx.t);
      const product = await insertProduct(ctx.t, { price: '100.00' });
      const { _id } = (await create({ code: 'TAKEN2', kind: 'fixed', value: '10', totalUses: 5 })).json()
        .discount;
      for (let i = 0; i < 2; i++) {
        await placeOrderOk(
          ctx.t,
          customer,
          orderBodyFor(customer, [orderLineFor(product)], { discountCode: 'TAKEN2', total: '99.00' }),
        );
      }
      const response = await patch(_id, { totalUses: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors).toEqual({
        totalUses: 'Total uses cannot be fewer than the 2 already taken',
      });
      expect((await patch(_id, { totalUses: 2 })).json().discount).toMatchObject({ uses: 2, totalUses: 2 });
    });

    it("refuses another code's name", async () => {
      await create({ code: 'FIRST', kind: 'percent', value: '10' });
      const { _id } = (await create({ code: 'SECOND', kind: 'percent', value: '10' })).json().discount;
      const response = await patch(_id, { code: 'first' });
      expect(response.statusCode).toBe(409);
      expect(response.json().errors).toEqual({ code: 'This code already exists' });
    });

    it('refuses an empty change and an unknown code', async () => {
      const { _id } = (await create({ code: 'EMPTY', kind: 'percent', value: '10' })).json().discount;
      expect((await patch(_id, {})).statusCode).toBe(400);
      expect((await patch(UNKNOWN_ID, { active: false })).statusCode).toBe(404);
      const read = await ctx.t.request({
        method: 'GET',
        url: `/api/admin/discounts/${UNKNOWN_ID}`,
        cookie: admin.cookie,
      });
      expect(read.statusCode).toBe(404);
    });
  });
});
