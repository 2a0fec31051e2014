import { createHash } from 'node:crypto';
import { PRODUCT_EDIT_MESSAGES, type Product, SIZE_PRESETS } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertTrackedTee,
  multipartBody,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  teeStock,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';
import type { ImageStore } from '../uploads/image-store.ts';
import { editWithImages } from './product-media.ts';
import { updateProduct } from './products.service.ts';

// Edit Product changes the product's images and variations with the rest of the form, all or none.
describe('PATCH /api/product/edit/:id with images and variations', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
  });

  const fields = (tee: { name: string; description: string }, overrides: Record<string, unknown> = {}) => ({
    updatedName: tee.name,
    updatedDescription: tee.description,
    updatedPrice: '699.00',
    updatedCategory: 'Men',
    updatedSubcategory: 'Tops',
    updatedSizes: [...SIZE_PRESETS.Clothes],
    ...overrides,
  });
  const editJson = (id: string, payload: Record<string, unknown>) =>
    ctx.t.request({ method: 'PATCH', url: `/api/product/edit/${id}`, cookie: admin.cookie, payload });
  async function editForm(id: string, body: Record<string, unknown>, files: Buffer[]) {
    const form = await multipartBody(
      { product: JSON.stringify(body) },
      files.map((bytes) => ['images', bytes] as [string, Buffer]),
    );
    return ctx.t.request({
      method: 'PATCH',
      url: `/api/product/edit/${id}`,
      cookie: admin.cookie,
      payload: form.payload,
      headers: form.headers,
    });
  }
  const read = async (id: string): Promise<Product> =>
    (await ctx.t.request({ method: 'GET', url: `/api/product/${id}` })).json();
  const served = async (url: string) => (await ctx.t.request({ method: 'GET', url })).statusCode;
  const colour = (n: number) => `#${(0x100000 + n * 7919).toString(16).slice(-6)}`;
  let shade = 0;
  const png = () => {
    shade += 1;
    return testPng(colour(shade));
  };

  /** A tracked tee whose main and variation images are real uploads (the pipeline's URLs). */
  async function teeWithPhotos(quantities: Record<string, number> = {}): Promise<Product> {
    const tee = await insertTrackedTee(ctx.t, quantities);
    const response = await editForm(
      tee.id,
      {
        ...fields(tee),
        imageUrl: { upload: 0 },
        variations: tee.variations.map((v, i) => ({ name: v.name, imageUrl: { upload: i + 1 } })),
      },
      [await png(), await png(), await png()],
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().product;
  }
  const asRow = (p: Product) =>
    ({ ...p, sizes: p.size, variations: p.variations }) as unknown as ProductRow & { sizes: string[] };

  it('adds a colour with its photo and stock in each size', async () => {
    const tee = await teeWithPhotos({ 'Navy M': 4 });
    const khaki = `${tee.variations[0]!.name.replace(/ Navy$/, '')} Khaki`;
    const response = await editForm(
      tee.id,
      {
        ...fields(tee),
        seenUpdatedAt: tee.updatedAt,
        variations: [...tee.variations, { name: khaki, imageUrl: { upload: 0 } }],
        stock: {
          changes: [
            { variation: khaki, size: 'M', quantity: 7, expected: 0 },
            { variation: khaki, size: 'L', quantity: 3, expected: 0 },
          ],
        },
      },
      [await png()],
    );
    expect(response.statusCode, response.body).toBe(200);
    const product: Product = response.json().product;
    expect(product.variations.map((v) => v.name)).toEqual([...tee.variations.map((v) => v.name), khaki]);
    const photo = product.variations[2]!.imageUrl;
    expect(photo).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    expect(await served(photo)).toBe(200);
    expect(await served(photo.replace('-800.', '-400.'))).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toEqual({
      ...teeStock({ 'Navy M': 4 }),
      ...Object.fromEntries(
        SIZE_PRESETS.Clothes.map((s) => [`Khaki ${s}`, s === 'M' ? 7 : s === 'L' ? 3 : 0]),
      ),
    });
    expect(product.stockTotal).toBe(14);
  });

  it('replaces a variation photo and the main photo, removing the old files once saved', async () => {
    const tee = await teeWithPhotos();
    const [navy, olive] = tee.variations;
    const response = await editForm(
      tee.id,
      {
        ...fields(tee),
        imageUrl: { upload: 1 },
        variations: [{ name: navy!.name, imageUrl: { upload: 0 } }, olive],
      },
      [await png(), await png()],
    );
    expect(response.statusCode, response.body).toBe(200);
    const product: Product = response.json().product;
    expect(product.variations[1]!.imageUrl).toBe(olive!.imageUrl);
    for (const url of [product.imageUrl, product.variations[0]!.imageUrl])
      expect(await served(url)).toBe(200);
    for (const url of [tee.imageUrl, navy!.imageUrl]) {
      expect(await served(url)).toBe(404);
      expect(await served(url.replace('-800.', '-400.'))).toBe(404);
    }
    expect(await served(olive!.imageUrl)).toBe(200);
  });

  it('keeps a replaced photo an ordered line still shows, and moves a photo between variations', async () => {
    const tee = await teeWithPhotos({ 'Navy S': 5 });
    const [navy, olive] = tee.variations;
    await placeOrderOk(ctx.t, customer, [orderLineFor(asRow(tee), { size: 'S' })]);
    const response = await editForm(
      tee.id,
      {
        ...fields(tee),
        // Olive takes Navy's photo; Navy a new one; Olive's own is shown by no one.
        variations: [
          { name: navy!.name, imageUrl: { upload: 0 } },
          { name: olive!.name, imageUrl: navy!.imageUrl },
        ],
      },
      [await png()],
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product.variations[1].imageUrl).toBe(navy!.imageUrl);
    expect(await served(navy!.imageUrl)).toBe(200);
    expect(await served(olive!.imageUrl)).toBe(404);
  });

  it('reorders the variations, each keeping its stock', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2, 'Olive L': 6 });
    const response = await editJson(tee.id, {
      ...fields(tee),
      variations: [...tee.variations].reverse(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const product: Product = response.json().product;
    expect(product.variations.map((v) => v.name)).toEqual(tee.variations.map((v) => v.name).reverse());
    // The grid follows the product's order: Olive's row first.
    expect(product.stock?.[0]).toMatchObject({ variation: tee.variations[1]!.name, size: 'S' });
    expect(await stockRows(ctx.t, tee.id)).toEqual(teeStock({ 'Navy M': 2, 'Olive L': 6 }));
  });

  it('removes a variation with its stock; its orders keep their copy, and a cart asking for it is told', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5, 'Olive M': 5 });
    const [navy, olive] = tee.variations;
    const order = await placeOrderOk(ctx.t, customer, [orderLineFor(tee, { size: 'M', quantity: 2 })]);
    const response = await editJson(tee.id, { ...fields(tee), variations: [olive] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().product).toMatchObject({ variations: [olive], stockTotal: 5 });
    expect(await stockRows(ctx.t, tee.id)).toEqual(
      Object.fromEntries(SIZE_PRESETS.Clothes.map((s) => [`Olive ${s}`, s === 'M' ? 5 : 0])),
    );
    // The order keeps what was bought; its line holds no stock any more.
    const lines = await queryRows<{ name: string; image_url: string; stock_held: boolean }>(
      ctx.t,
      sql`select name, image_url, stock_held from order_items where order_id = ${order._id}`,
    );
    expect(lines).toEqual([{ name: navy!.name, image_url: navy!.imageUrl, stock_held: false }]);
    // Cancelling it gives nothing back to a row that is gone, and fails nothing.
    const cancel = await ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled'] },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).not.toHaveProperty('Navy M');
    // A cart still holding Navy is refused at checkout, naming the line.
    const stale = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, [orderLineFor(tee, { size: 'M' })]),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors).toEqual({ 'cart.0.name': navy!.name });
  });

  it('refuses images it cannot place and names that repeat, changing nothing', async () => {
    const tee = await teeWithPhotos({ 'Navy S': 1 });
    const before = await read(tee.id);
    const cases: [Record<string, unknown>, Buffer[], number, string][] = [
      [{ imageUrl: '/uploads/0123456789abcdef0123456789abcdef-800.webp' }, [], 400, 'imageUrl'],
      [{ variations: [{ name: 'Khaki', imageUrl: { upload: 0 } }] }, [], 400, 'images'],
      [{ imageUrl: { upload: 0 } }, [await png(), await png()], 400, 'images'],
      [
        {
          variations: [
            { name: 'Khaki', imageUrl: tee.imageUrl },
            { name: 'Khaki', imageUrl: tee.imageUrl },
          ],
        },
        [],
        400,
        'variations.1.name',
      ],
      [{ imageUrl: { upload: 0 } }, [Buffer.from('not an image at all')], 415, ''],
    ];
    for (const [extra, files, status, field] of cases) {
      const response = await editForm(tee.id, { ...fields(tee, { updatedPrice: '1.00' }), ...extra }, files);
      expect(response.statusCode, response.body).toBe(status);
      if (field) expect(response.json().errors).toHaveProperty([field]);
    }
    expect(await read(tee.id)).toEqual(before);
  });

  it('answers a form without the product field, or with other fields, 400', async () => {
    const tee = await teeWithPhotos();
    const forms: Record<string, string>[] = [
      { other: 'x' },
      { product: '{not json' },
      { product: '{}', extra: '1' },
    ];
    for (const fieldsSent of forms) {
      const form = await multipartBody(fieldsSent);
      const response = await ctx.t.request({
        method: 'PATCH',
        url: `/api/product/edit/${tee.id}`,
        cookie: admin.cookie,
        payload: form.payload,
        headers: form.headers,
      });
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('saves nothing and removes the new photo when the stock part is refused', async () => {
    const tee = await teeWithPhotos({ 'Navy M': 10 });
    const fresh = await png();
    const response = await editForm(
      tee.id,
      {
        ...fields(tee, { updatedPrice: '1,000.00' }),
        imageUrl: { upload: 0 },
        stock: { changes: [{ variation: tee.variations[0]!.name, size: 'M', quantity: 1, expected: 9 }] },
      },
      [fresh],
    );
    expect(response.statusCode, response.body).toBe(409);
    const after = await read(tee.id);
    expect(after).toMatchObject({ price: '699.00', imageUrl: tee.imageUrl });
    expect(await served(tee.imageUrl)).toBe(200);
    // The refused photo's files were not kept: its URL is its bytes' hash.
    const hash = createHash('sha256').update(fresh).digest('hex').slice(0, 32);
    expect(await served(`/uploads/${hash}-800.webp`)).toBe(404);
  });

  it('of two edits made from the same read, one is saved and the other told the product changed', async () => {
    const tee = await teeWithPhotos();
    const seen = tee.updatedAt;
    const [first, second] = await Promise.all([
      editJson(tee.id, { ...fields(tee, { updatedPrice: '711.00' }), seenUpdatedAt: seen }),
      editJson(tee.id, {
        ...fields(tee, { updatedPrice: '722.00' }),
        seenUpdatedAt: seen,
        variations: [tee.variations[1]],
      }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().message).toBe(PRODUCT_EDIT_MESSAGES.changed);
    const after = await read(tee.id);
    expect(after.price).toBe(first.statusCode === 200 ? '711.00' : '722.00');
    expect(after.variations).toHaveLength(first.statusCode === 200 ? 2 : 1);
    // A form read after that saves again.
    const again = await editJson(tee.id, { ...fields(tee), seenUpdatedAt: after.updatedAt });
    expect(again.statusCode, again.body).toBe(200);
  });
});

/** A store in memory that writes down, in order, what it was asked to do. */
function loggingStore(log: string[]): ImageStore {
  const kept = new Map<string, Buffer>();
  return {
    kind: 'fs',
    stored: async (names) => new Set(names.filter((n) => kept.has(n))),
    refresh: async (names) => new Set(names.filter((n) => kept.has(n))),
    storedBefore: async () => [],
    put: async (name, bytes) => {
      log.push(`put ${name.slice(-8)}`);
      kept.set(name, bytes);
    },
    get: async (name) => kept.get(name) ?? null,
    remove: async (names) => {
      log.push(`remove ${names.length}`);
      for (const name of names) kept.delete(name);
    },
  };
}

describe('editWithImages', () => {
  const ctx = useTestApp();
  const silent = { error: () => undefined } as never;

  it('removes the replaced photo only after the edit has committed', async () => {
    const log: string[] = [];
    const store = loggingStore(log);
    const tee = await insertTrackedTee(ctx.t, {});
    const body = {
      updatedName: tee.name,
      updatedDescription: tee.description,
      updatedPrice: '699.00',
      updatedCategory: 'Men' as const,
      updatedSubcategory: 'Tops' as const,
      updatedSizes: [...SIZE_PRESETS.Clothes],
    };
    const db = ctx.t.database.db;
    const withPhoto = { ...body, imageUrl: { upload: 0 } };
    await editWithImages(db, store, [await testPng('#101010')], silent, withPhoto, async (uploads) => {
      const result = await updateProduct(db, tee.id, withPhoto, uploads);
      log.push('committed');
      return result;
    });
    // The fake URL the tee started with is no upload's: nothing to remove.
    expect(log).toEqual(['put 400.webp', 'put 800.webp', 'committed']);
    log.length = 0;
    await editWithImages(db, store, [await testPng('#202020')], silent, withPhoto, async (uploads) => {
      const result = await updateProduct(db, tee.id, withPhoto, uploads);
      log.push('committed');
      return result;
    });
    expect(log).toEqual(['put 400.webp', 'put 800.webp', 'committed', 'remove 2']);
  });

  it('takes the edit back and removes what it wrote when storing the files fails', async () => {
    const log: string[] = [];
    const store = loggingStore(log);
    const put = store.put;
    store.put = async (name, bytes) => {
      if (name.endsWith('-800.webp')) throw new Error('disk full');
      await put(name, bytes);
    };
    const tee = await insertTrackedTee(ctx.t, {});
    const body = {
      updatedName: tee.name,
      updatedDescription: tee.description,
      updatedPrice: '5.00',
      updatedCategory: 'Men' as const,
      updatedSubcategory: 'Tops' as const,
      updatedSizes: [...SIZE_PRESETS.Clothes],
      imageUrl: { upload: 0 },
    };
    const db = ctx.t.database.db;
    await expect(
      editWithImages(db, store, [await testPng('#303030')], silent, body, (uploads) =>
        updateProduct(db, tee.id, body, uploads),
      ),
    ).rejects.toThrow('disk full');
    expect(log).toEqual(['put 400.webp', 'remove 2']);
    const [row] = await queryRows<{ price: string; image_url: string }>(
      ctx.t,
      sql`select price, image_url from products where id = ${tee.id}`,
    );
    expect(row).toEqual({ price: '699.00', image_url: tee.imageUrl });
  });

  it('stores nothing when the edit is refused before its files are stored', async () => {
    const log: string[] = [];
    const tee = await insertTrackedTee(ctx.t, {});
    const body = {
      updatedName: tee.name,
      updatedDescription: tee.description,
      updatedPrice: '699.00',
      updatedCategory: 'Men' as const,
      updatedSubcategory: 'Tops' as const,
      updatedSizes: [...SIZE_PRESETS.Clothes],
      imageUrl: { upload: 0 },
      seenUpdatedAt: '2000-01-01T00:00:00.000Z',
    };
    const db = ctx.t.database.db;
    await expect(
      editWithImages(db, loggingStore(log), [await testPng('#404040')], silent, body, (uploads) =>
        updateProduct(db, tee.id, body, uploads),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(log).toEqual([]);
  });
});
