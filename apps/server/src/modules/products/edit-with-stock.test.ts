import { SIZE_PRESETS, SKU_MESSAGES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  insertTrackedTee,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  teeStock,
  useTestApp,
} from '../../test/helpers.ts';

const CHANGE_REFUSED = 'The stock is not what this change expects. Please review it and try again.';

/** Edit Product's fields for a tee, at ₱899.00 in the clothes sizes, with `overrides`. */
const fields = (tee: ProductRow, overrides: Record<string, unknown> = {}) => ({
  updatedName: tee.name,
  updatedDescription: tee.description,
  updatedPrice: '899.00',
  updatedCategory: 'Men',
  updatedSubcategory: 'Tops',
  updatedSizes: [...SIZE_PRESETS.Clothes],
  ...overrides,
});

// Edit Product's Update sends the Stock card's changes with the product: one transaction.
describe('PATCH /api/product/edit/:id with stock', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
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

// Edit Product's SKUs and barcodes, saved with the product (docs/business-rules.md, SKUs).
describe('PATCH /api/product/edit/:id with codes', () => {
  const ctx = useTestApp();
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
  });

  const edit = (tee: ProductRow, payload: Record<string, unknown>) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/product/edit/${tee.id}`,
      cookie: admin.cookie,
      payload: fields(tee, payload),
    });
  const codesOf = async (id: string) =>
    Object.fromEntries(
      (
        await queryRows<{ variation: string; size: string; sku: string; barcode: string | null }>(
          ctx.t,
          sql`select variation, size, sku, barcode from product_stock where product_id = ${id}`,
        )
      ).map((row) => [`${row.variation.split(' ').pop()} ${row.size}`, [row.sku, row.barcode]]),
    );

  it('sets SKUs (in capitals) and barcodes of the rows listed, and keeps the others', async () => {
    const tee = await insertTrackedTee(ctx.t, {});
    const before = await codesOf(tee.id);
    const navy = tee.variations[0]!.name;
    const response = await edit(tee, {
      codes: [
        { variation: navy, size: 'M', sku: ' tee-navy-m ', barcode: '4006381333931' },
        { variation: navy, size: 'L', sku: 'TEE-NAVY-L', barcode: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const skuOf = (size: string) =>
      (response.json().product.stock as { variation: string; size: string; sku: string }[]).find(
        (l) => l.variation === navy && l.size === size,
      )?.sku;
    expect([skuOf('M'), skuOf('L')]).toEqual(['TEE-NAVY-M', 'TEE-NAVY-L']);
    expect(await codesOf(tee.id)).toEqual({
      ...before,
      'Navy M': ['TEE-NAVY-M', '4006381333931'],
      'Navy L': ['TEE-NAVY-L', null],
    });
  });

  it('swaps the SKUs of two rows of the product', async () => {
    const tee = await insertTrackedTee(ctx.t, {});
    const before = await codesOf(tee.id);
    const [navyS, navyM] = [before['Navy S']![0]!, before['Navy M']![0]!];
    const navy = tee.variations[0]!.name;
    const response = await edit(tee, {
      codes: [
        { variation: navy, size: 'S', sku: navyM, barcode: null },
        { variation: navy, size: 'M', sku: navyS, barcode: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await codesOf(tee.id)).toEqual({ ...before, 'Navy S': [navyM, null], 'Navy M': [navyS, null] });
  });

  it('refuses a SKU another product or another row keeps, and unknown rows; changing nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, {});
    const other = await insertTrackedTee(ctx.t, {});
    const before = await codesOf(tee.id);
    const theirs = (await codesOf(other.id))['Navy M']![0]!;
    const navy = tee.variations[0]!.name;
    const cases: [unknown[], number, Record<string, string>][] = [
      [
        [{ variation: navy, size: 'M', sku: theirs, barcode: null }],
        409,
        { 'codes.0.sku': 'This SKU is already used by another product' },
      ],
      // Navy L keeps its SKU: Navy M cannot take it.
      [
        [{ variation: navy, size: 'M', sku: before['Navy L']![0]!, barcode: null }],
        409,
        { 'codes.0.sku': 'This SKU is already used by another product' },
      ],
      [
        [{ variation: `${navy} Red`, size: 'M', sku: 'RED-M', barcode: null }],
        400,
        { 'codes.0.variation': 'Unknown variation' },
      ],
      [
        [{ variation: navy, size: '3XL', sku: 'NAVY-3XL', barcode: null }],
        400,
        { 'codes.0.size': 'Unknown size' },
      ],
      [
        [
          { variation: navy, size: 'S', sku: 'SAME', barcode: null },
          { variation: navy, size: 'M', sku: 'same', barcode: null },
        ],
        400,
        { 'codes.1.sku': 'This SKU is given twice' },
      ],
      [
        [{ variation: navy, size: 'M', sku: 'A B', barcode: null }],
        400,
        { 'codes.0.sku': SKU_MESSAGES.format },
      ],
      [
        [{ variation: navy, size: 'M', sku: 'OK-1', barcode: '4006381333932' }],
        400,
        { 'codes.0.barcode': SKU_MESSAGES.barcode },
      ],
    ];
    for (const [codes, status, errors] of cases) {
      const response = await edit(tee, { updatedPrice: '1.00', codes });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().errors).toEqual(errors);
    }
    expect(await codesOf(tee.id)).toEqual(before);
    const [row] = await queryRows<{ price: string }>(
      ctx.t,
      sql`select price from products where id = ${tee.id}`,
    );
    expect(row!.price).not.toBe('1.00');
  });

  it('refuses codes for a product that does not track stock, or stops tracking in the same edit', async () => {
    const plain = await insertProduct(ctx.t, { sizes: ['M'], variations: [] });
    const untracked = await edit(plain, {
      codes: [{ variation: '', size: 'M', sku: 'PLAIN-M', barcode: null }],
    });
    expect(untracked.statusCode, untracked.body).toBe(409);
    expect(untracked.json().errors).toEqual({ codes: 'This product does not track stock' });

    const tee = await insertTrackedTee(ctx.t, {});
    const stopping = await edit(tee, {
      stock: { trackStock: false },
      codes: [{ variation: tee.variations[0]!.name, size: 'M', sku: 'STOP-M', barcode: null }],
    });
    expect(stopping.statusCode, stopping.body).toBe(409);
    expect(Object.keys(await codesOf(tee.id))).toHaveLength(10);
  });
});
