import { SIZE_PRESETS, TOTAL_COUNT_HEADER } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
  insertTrackedTee,
  multipartBody,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  restockTee,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  teeStock,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';
import { stockTotalsAt } from './stock.service.ts';

const CHANGE_REFUSED = 'The stock is not what this change expects. Please review it and try again.';

describe('stock in product reads', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let tee: ProductRow;
  let soldOut: ProductRow;
  let plain: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    plain = await insertProduct(ctx.t, { name: 'Plain Tee Navy', createdAt: '2026-03-01T00:00:00Z' });
    soldOut = await insertTrackedTee(ctx.t, {}, { createdAt: '2026-03-02T00:00:00Z' });
    tee = await insertTrackedTee(
      ctx.t,
      { 'Navy S': 3, 'Olive 2XL': 40 },
      { createdAt: '2026-03-03T00:00:00Z' },
    );
  });

  it('shows a tracked product with each variation in each size, in the product order', async () => {
    const response = await ctx.t.request({ method: 'GET', url: `/api/product/${tee.id}` });
    expect(response.statusCode).toBe(200);
    const [navy, olive] = tee.variations.map((v) => v.name);
    expect(response.json()).toMatchObject({
      trackStock: true,
      stockTotal: 43,
      soldOut: false,
      stock: [
        { variation: navy, size: 'S', quantity: 3 },
        { variation: navy, size: 'M', quantity: 0 },
        { variation: navy, size: 'L', quantity: 0 },
        { variation: navy, size: 'XL', quantity: 0 },
        { variation: navy, size: '2XL', quantity: 0 },
        { variation: olive, size: 'S', quantity: 0 },
        { variation: olive, size: 'M', quantity: 0 },
        { variation: olive, size: 'L', quantity: 0 },
        { variation: olive, size: 'XL', quantity: 0 },
        { variation: olive, size: '2XL', quantity: 40 },
      ],
    });
  });

  it('gives every list the units left (null untracked) and whether the product is sold out', async () => {
    const expected = [
      [tee.id, 43, false],
      [soldOut.id, 0, true],
      [plain.id, null, false],
    ];
    const summary = (p: { id: string; stockTotal: number | null; soldOut: boolean }) => [
      p.id,
      p.stockTotal,
      p.soldOut,
    ];
    const all = await ctx.t.request({ method: 'GET', url: '/api/product/all' });
    expect(all.json().map(summary)).toEqual(expected);
    const best = await ctx.t.request({ method: 'GET', url: '/api/product/best' });
    expect(best.json().map(summary)).toEqual(expected);
    const adminList = await ctx.t.request({
      method: 'GET',
      url: '/api/product/admin-list',
      cookie: admin.cookie,
    });
    expect(adminList.headers[TOTAL_COUNT_HEADER]).toBe('3');
    expect(adminList.json().map(summary)).toEqual(expected);
  });
});

describe('stock totals at catalogue versions', () => {
  const ctx = useTestApp();
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
  });

  const restock = (tee: ProductRow, delta: number) => restockTee(ctx.t, admin, tee, delta);

  it('reads a total once for a version, and again for a newer one', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy S': 3, 'Olive M': 4 });
    const none = await insertTrackedTee(ctx.t, {});
    const totalsAt = stockTotalsAt(ctx.t.database.db);
    expect(await totalsAt(10n)([tee.id, none.id])).toEqual(
      new Map([
        [tee.id, 7],
        [none.id, 0],
      ]),
    );
    await restock(tee, 2);
    // The change raised the catalogue's version: a request still at 10 read it before.
    expect(await totalsAt(10n)([tee.id])).toEqual(new Map([[tee.id, 7]]));
    expect(await totalsAt(11n)([tee.id, none.id])).toEqual(
      new Map([
        [tee.id, 9],
        [none.id, 0],
      ]),
    );
  });

  it('keeps nothing read for a version older than one seen since', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy S': 1 });
    const totalsAt = stockTotalsAt(ctx.t.database.db);
    expect(await totalsAt(21n)([tee.id])).toEqual(new Map([[tee.id, 1]]));
    await restock(tee, 5);
    // Read as it is now, for the late request...
    expect(await totalsAt(20n)([tee.id])).toEqual(new Map([[tee.id, 6]]));
    // ...and not taken for version 21's, which keeps what it read.
    expect(await totalsAt(21n)([tee.id])).toEqual(new Map([[tee.id, 1]]));
    expect(await totalsAt(22n)([tee.id])).toEqual(new Map([[tee.id, 6]]));
  });

  it('keeps to its bound, and answers a total it knew even when others clear them meanwhile', async () => {
    const [one, two, three] = [
      await insertTrackedTee(ctx.t, { 'Navy S': 1 }),
      await insertTrackedTee(ctx.t, { 'Navy S': 2 }),
      await insertTrackedTee(ctx.t, { 'Navy S': 3 }),
    ];
    const totalsAt = stockTotalsAt(ctx.t.database.db, 2)(40n);
    expect(await totalsAt([one.id])).toEqual(new Map([[one.id, 1]]));
    // The second read waits for the first; when the first is back, three totals would pass the
    // bound of two, so it clears what was kept, "one" with it.
    const [first, second] = await Promise.all([totalsAt([two.id, three.id]), totalsAt([one.id, three.id])]);
    expect(first).toEqual(
      new Map([
        [two.id, 2],
        [three.id, 3],
      ]),
    );
    expect(second).toEqual(
      new Map([
        [one.id, 1],
        [three.id, 3],
      ]),
    );
  });

  it('answers the products asked for, and none for none', async () => {
    const [one, two] = [
      await insertTrackedTee(ctx.t, { 'Navy S': 1 }),
      await insertTrackedTee(ctx.t, { 'Olive S': 2 }),
    ];
    const totalsAt = stockTotalsAt(ctx.t.database.db)(30n);
    expect(await totalsAt([two.id])).toEqual(new Map([[two.id, 2]]));
    expect(await totalsAt([one.id, two.id])).toEqual(
      new Map([
        [one.id, 1],
        [two.id, 2],
      ]),
    );
    expect(await totalsAt([])).toEqual(new Map());
  });
});

describe('POST /api/product/add with stock', () => {
  const ctx = useTestApp();
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
  });

  async function add(stock?: unknown) {
    const form = await multipartBody(
      {
        name: 'Linen Shirt White',
        description: 'A cool linen shirt.',
        price: '1299.00',
        size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
        variationsName: JSON.stringify(['Linen Shirt White', 'Linen Shirt Sand']),
        ...(stock === undefined ? {} : { stock: JSON.stringify(stock) }),
      },
      [
        ['imageUrl', await testPng('#101010')],
        ['varImgUrls', await testPng('#202020')],
        ['varImgUrls', await testPng('#303030')],
      ],
    );
    return ctx.t.request({ method: 'POST', url: '/api/product/add', cookie: admin.cookie, ...form });
  }

  it('tracks the quantities given, none of the variations and sizes left out', async () => {
    const response = await add({
      trackStock: true,
      quantities: [
        { variation: 'Linen Shirt Sand', size: 'L', quantity: 12 },
        { variation: 'Linen Shirt White', size: 'S', quantity: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { product } = response.json();
    expect(product).toMatchObject({ trackStock: true, stockTotal: 12, soldOut: false });
    expect(product.stock).toHaveLength(10);
    expect(await stockRows(ctx.t, product._id)).toEqual({
      'White S': 0,
      'White M': 0,
      'White L': 0,
      'White XL': 0,
      'White 2XL': 0,
      'Sand S': 0,
      'Sand M': 0,
      'Sand L': 12,
      'Sand XL': 0,
      'Sand 2XL': 0,
    });
  });

  it('does not track stock without the field, or with tracking off', async () => {
    for (const stock of [undefined, { trackStock: false }]) {
      const response = await add(stock);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().product).toMatchObject({ trackStock: false, stockTotal: null, soldOut: false });
      expect(response.json().product).not.toHaveProperty('stock');
      expect(await stockRows(ctx.t, response.json().product._id)).toEqual({});
    }
  });

  it('refuses a variation or size the product does not have, and bad quantities (400), storing nothing', async () => {
    const before = await countRows(ctx.t, 'products');
    const refusals: [unknown, Record<string, string>][] = [
      [
        { trackStock: true, quantities: [{ variation: 'Linen Shirt Red', size: 'M', quantity: 1 }] },
        { 'stock.quantities.0.variation': 'Unknown variation' },
      ],
      [
        { trackStock: true, quantities: [{ variation: 'Linen Shirt Sand', size: 'US 9', quantity: 1 }] },
        { 'stock.quantities.0.size': 'Unknown size' },
      ],
      [
        { trackStock: true, quantities: [{ variation: 'Linen Shirt Sand', size: 'M', quantity: 100_001 }] },
        { 'stock.quantities.0.quantity': 'Enter a whole number from 0 to 100,000' },
      ],
      [
        { trackStock: false, quantities: [{ variation: 'Linen Shirt Sand', size: 'M', quantity: 1 }] },
        { 'stock.quantities': 'Turn stock tracking on to set quantities' },
      ],
      [{ trackStock: 'yes' }, { 'stock.trackStock': 'trackStock must be true or false' }],
    ];
    for (const [stock, errors] of refusals) {
      const response = await add(stock);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await countRows(ctx.t, 'products')).toBe(before);
  });
});

describe('PATCH /api/product/stock/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
  });

  const patch = (id: string, payload: unknown, cookie = admin.cookie) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/product/stock/${id}`,
      cookie,
      payload: payload as Record<string, unknown>,
    });
  const navy = (tee: ProductRow) => tee.variations[0]!.name;
  const olive = (tee: ProductRow) => tee.variations[1]!.name;

  it('turns tracking on with none of anything, then adds and takes relative amounts', async () => {
    const tee = await insertProduct(ctx.t, { name: 'Switch Tee Navy' });
    const on = await patch(tee.id, {
      trackStock: true,
      changes: [{ variation: navy(tee), size: 'M', delta: 7 }],
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().message).toBe('Stock updated successfully');
    expect(on.json().product).toMatchObject({ trackStock: true, stockTotal: 7, soldOut: false });
    const changed = await patch(tee.id, {
      changes: [
        { variation: navy(tee), size: 'M', delta: -2 },
        { variation: olive(tee), size: 'XL', delta: 30 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 5, 'Olive XL': 30 }));
  });

  it('sets an absolute quantity only while the stock is what the admin saw', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    // The admin saw 10; a shopper buys 3 before the change arrives.
    await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 3 })]);
    const stale = await patch(tee.id, {
      changes: [
        { variation: olive(tee), size: 'S', quantity: 4, expected: 0 },
        { variation: navy(tee), size: 'M', quantity: 20, expected: 10 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: CHANGE_REFUSED,
      errors: { 'changes.1': '7 in stock now' },
      available: [{ line: 1, available: 7 }],
    });
    // All or nothing: the Olive S change that could apply did not.
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));

    const fresh = await patch(tee.id, {
      changes: [{ variation: navy(tee), size: 'M', quantity: 20, expected: 7 }],
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 20 }));
  });

  it('refuses a delta that would go below none or above 100,000 (409), changing nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 3, 'Navy L': 99_999 });
    const below = await patch(tee.id, { changes: [{ variation: navy(tee), size: 'M', delta: -4 }] });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({
      message: CHANGE_REFUSED,
      errors: { 'changes.0': '3 in stock now' },
      available: [{ line: 0, available: 3 }],
    });
    const above = await patch(tee.id, { changes: [{ variation: navy(tee), size: 'L', delta: 2 }] });
    expect(above.statusCode).toBe(409);
    expect(above.json().available).toEqual([{ line: 0, available: 99_999 }]);
    expect(
      (await patch(tee.id, { changes: [{ variation: navy(tee), size: 'L', delta: 1 }] })).statusCode,
    ).toBe(200);
    expect(
      (await patch(tee.id, { changes: [{ variation: navy(tee), size: 'M', delta: -3 }] })).statusCode,
    ).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy L': 100_000 }));
  });

  it('never loses or double-counts a checkout made at the same moment as a relative change', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    const body = orderBodyFor(customer, [orderLineFor(tee, { size: 'M' })]);
    const [added, taken, ...orders] = await Promise.all([
      patch(tee.id, { changes: [{ variation: navy(tee), size: 'M', delta: 5 }] }),
      patch(tee.id, { changes: [{ variation: navy(tee), size: 'M', delta: -4 }] }),
      ...Array.from({ length: 14 }, () => placeOrder(ctx.t, customer, body)),
    ]);
    expect(added!.statusCode).toBe(200);
    const placed = orders.filter((o) => o.statusCode === 201).length;
    // A checkout of one is refused only when none is left at its moment.
    for (const refused of orders.filter((o) => o.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().available).toEqual([{ line: 0, available: 0 }]);
    }
    const removed = taken!.statusCode === 200 ? 4 : 0;
    if (removed === 0) expect(taken!.json().available[0].available).toBeLessThan(4);
    const left = (await stockRows(ctx.t, tee.id))['Navy M']!;
    // 10 + 5, less each unit sold or taken away: every unit is accounted for.
    expect(left + placed + removed).toBe(15);
    expect(left).toBeGreaterThanOrEqual(0);
  });

  it('follows the sizes of an edited product: new ones start at none, gone ones are dropped', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const edit = (sizes: string[]) =>
      ctx.t.request({
        method: 'PATCH',
        url: `/api/product/edit/${tee.id}`,
        cookie: admin.cookie,
        payload: {
          updatedName: tee.name,
          updatedDescription: tee.description,
          updatedPrice: tee.price,
          updatedCategory: 'Men',
          updatedSubcategory: 'Tops',
          updatedSizes: sizes,
        },
      });
    const sneakers = await edit([...SIZE_PRESETS.Sneakers]);
    expect(sneakers.statusCode, sneakers.body).toBe(200);
    expect(sneakers.json().product).toMatchObject({ trackStock: true, stockTotal: 0, soldOut: true });
    expect(sneakers.json().product.stock).toHaveLength(26);
    expect(Object.keys(await stockRows(ctx.t, tee.id))).toHaveLength(26);
    await edit([...SIZE_PRESETS.Clothes]);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock());
  });

  it('turns tracking off: the rows go, and reads show no stock', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const off = await patch(tee.id, { trackStock: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().product).toMatchObject({ trackStock: false, stockTotal: null, soldOut: false });
    expect(off.json().product).not.toHaveProperty('stock');
    expect(await stockRows(ctx.t, tee.id)).toEqual({});
    // Tracking was off: the order is not limited.
    await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 99 })]);
  });

  it('refuses changes to a product that does not track stock (409)', async () => {
    const plain = await insertProduct(ctx.t, { name: 'Plain Polo Navy' });
    const response = await patch(plain.id, { changes: [{ variation: navy(plain), size: 'M', delta: 1 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This product does not track stock' });
    expect(await stockRows(ctx.t, plain.id)).toEqual({});
  });

  it('refuses a variation or size the product does not sell, and malformed changes (400)', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const refusals: [unknown, Record<string, string>][] = [
      [
        { changes: [{ variation: 'Red', size: 'M', delta: 1 }] },
        { 'changes.0.variation': 'Unknown variation' },
      ],
      [{ changes: [{ variation: navy(tee), size: '', delta: 1 }] }, { 'changes.0.size': 'Unknown size' }],
      [
        { changes: [{ variation: navy(tee), size: 'M', quantity: 5 }] },
        { 'changes.0': 'Send a delta, or a quantity with the quantity you saw as expected' },
      ],
      [
        { changes: [{ variation: navy(tee), size: 'M', delta: 1.5 }] },
        { 'changes.0.delta': 'Enter a whole number from -100,000 to 100,000' },
      ],
      [
        {
          changes: [
            { variation: navy(tee), size: 'M', delta: 1 },
            { variation: navy(tee), size: 'M', delta: 1 },
          ],
        },
        { 'changes.1': 'This variation and size is listed twice' },
      ],
      [
        { trackStock: false, changes: [{ variation: navy(tee), size: 'M', delta: 1 }] },
        { changes: 'Turn stock tracking on to set quantities' },
      ],
      [{}, { _: 'Nothing to change' }],
    ];
    for (const [payload, errors] of refusals) {
      const response = await patch(tee.id, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 4 }));
  });

  it('answers 404 for an unknown product, and is for admins only (401)', async () => {
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { trackStock: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found' });
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const change = { changes: [{ variation: navy(tee), size: 'M', delta: 10 }] };
    expect((await patch(tee.id, change, customer.cookie)).statusCode).toBe(401);
    expect((await patch(tee.id, change, '')).statusCode).toBe(401);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 4 }));
  });

  it('drops the stock with the product', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const removed = await ctx.t.request({
      method: 'DELETE',
      url: `/api/product/delete/${tee.id}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual({});
  });
});
