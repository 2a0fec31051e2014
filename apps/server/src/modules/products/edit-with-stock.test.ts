import { SIZE_PRESETS } from '@habi/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  insertTrackedTee,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  teeStock,
  useTestApp,
} from '../../test/helpers.ts';

const CHANGE_REFUSED = 'The stock is not what this change expects. Please review it and try again.';

// Edit Product's Update sends the Stock card's changes with the product: one transaction.
describe('PATCH /api/product/edit/:id with stock', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
  });

  const fields = (tee: ProductRow, overrides: Record<string, unknown> = {}) => ({
    updatedName: tee.name,
    updatedDescription: tee.description,
    updatedPrice: '899.00',
    updatedCategory: 'Men',
    updatedSubcategory: 'Tops',
    updatedSizes: [...SIZE_PRESETS.Clothes],
    ...overrides,
  });
  const edit = (id: string, payload: Record<string, unknown>) =>
    ctx.t.request({ method: 'PATCH', url: `/api/product/edit/${id}`, cookie: admin.cookie, payload });
  const priceOf = async (id: string) =>
    (await ctx.t.request({ method: 'GET', url: `/api/product/${id}` })).json().price;
  const navy = (tee: ProductRow) => tee.variations[0]!.name;
  const olive = (tee: ProductRow) => tee.variations[1]!.name;

  it('saves the product and its stock changes together, answering the product as saved', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const response = await edit(tee.id, {
      ...fields(tee),
      stock: {
        changes: [
          { variation: navy(tee), size: 'M', quantity: 9, expected: 4 },
          { variation: olive(tee), size: 'L', quantity: 2, expected: 0 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Product updated successfully');
    expect(response.json().product).toMatchObject({ price: '899.00', trackStock: true, stockTotal: 11 });
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 9, 'Olive L': 2 }));
  });

  it('keeps the stock as it is without the field', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const response = await edit(tee.id, fields(tee));
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 4 }));
  });

  it('changes nothing, not even the product, when a stock change is refused (409)', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 10 });
    // The admin saw 10; a shopper buys 3 before Update arrives.
    await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 3 })]);
    const stale = await edit(tee.id, {
      ...fields(tee, { updatedPrice: '1,000.00' }),
      stock: {
        changes: [
          { variation: olive(tee), size: 'S', quantity: 4, expected: 0 },
          { variation: navy(tee), size: 'M', quantity: 20, expected: 10 },
        ],
      },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: CHANGE_REFUSED,
      errors: { 'stock.changes.1': '7 in stock now' },
      available: [{ line: 1, available: 7 }],
    });
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 7 }));
    expect(await priceOf(tee.id)).toBe(tee.price);
  });

  it('checks the changes against the sizes after the edit, refusing those of sizes gone (400)', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const response = await edit(tee.id, {
      ...fields(tee, { updatedSizes: [...SIZE_PRESETS.Sneakers] }),
      stock: { changes: [{ variation: navy(tee), size: 'M', quantity: 5, expected: 4 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'stock.changes.0.size': 'Unknown size' });
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 4 }));

    // A new size starts at none, so a change expecting none applies in the same request.
    const resized = await edit(tee.id, {
      ...fields(tee, { updatedSizes: [...SIZE_PRESETS.Sneakers] }),
      stock: { changes: [{ variation: navy(tee), size: 'US 9', quantity: 6, expected: 0 }] },
    });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.json().product).toMatchObject({ stockTotal: 6, size: SIZE_PRESETS.Sneakers });
  });

  it('turns tracking on or off with the product', async () => {
    const plain = await insertProduct(ctx.t, { name: 'Plain Edit Tee Navy' });
    const on = await edit(plain.id, {
      ...fields(plain),
      stock: { trackStock: true, changes: [{ variation: navy(plain), size: 'S', quantity: 3, expected: 0 }] },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().product).toMatchObject({ trackStock: true, stockTotal: 3 });
    const off = await edit(plain.id, { ...fields(plain), stock: { trackStock: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().product).toMatchObject({ trackStock: false, stockTotal: null });
    expect(await stockRows(ctx.t, plain.id)).toEqual({});
  });

  it('refuses a malformed stock field (400), changing nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 4 });
    const refusals: [unknown, Record<string, string>][] = [
      [{}, { stock: 'Nothing to change' }],
      [
        { changes: [{ variation: navy(tee), size: 'M', quantity: 5 }] },
        { 'stock.changes.0': 'Send a delta, or a quantity with the quantity you saw as expected' },
      ],
    ];
    for (const [stock, errors] of refusals) {
      const response = await edit(tee.id, { ...fields(tee, { updatedPrice: '1.00' }), stock });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await priceOf(tee.id)).toBe(tee.price);
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 4 }));
  });
});
