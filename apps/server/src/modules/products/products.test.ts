import { createHash } from 'node:crypto';
import { NEXT_CURSOR_HEADER, SIZE_PRESETS } from '@habi/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  type FilePart,
  insertProduct,
  multipartBody,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';

/** The URL an upload is stored under: its content hash, re-encoded to WebP (docs/business-rules.md, Images). */
const uploadUrlOf = (bytes: Buffer) =>
  `/uploads/${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}-800.webp`;

const CLOTHES = { label: 'Clothes', value: [...SIZE_PRESETS.Clothes] };

function productFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Men Tee Navy',
    description: 'A soft cotton tee with a crew neck.',
    price: '1,299.00',
    size: JSON.stringify(CLOTHES),
    category: JSON.stringify({ label: 'Men', value: 'Men' }),
    subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
    variationsName: JSON.stringify([]),
    ...overrides,
  };
}

async function addProduct(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string>,
  files: FilePart[],
) {
  const body = await multipartBody(fields, files);
  return t.request({ method: 'POST', url: '/api/product/add', cookie, ...body });
}

async function listIds(t: TestApp, query = '') {
  const response = await t.request({ method: 'GET', url: `/api/product/all${query}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }[]).map((p) => p.id);
}

describe('GET /api/product/all', () => {
  const ctx = useTestApp();
  let menTops: ProductRow;
  let menBottoms: ProductRow;
  let womenTops: ProductRow;
  let womenShoes: ProductRow;
  let kidsTops: ProductRow;
  let uncategorised: ProductRow;

  beforeAll(async () => {
    const { t } = ctx;
    menTops = await insertProduct(t, {
      name: 'Linen Shirt',
      price: '1000',
      category: 'Men',
      subCategory: 'Tops',
    });
    menBottoms = await insertProduct(t, {
      name: 'LINEN Pants',
      price: '99.00',
      category: 'Men',
      subCategory: 'Bottoms',
    });
    womenTops = await insertProduct(t, {
      name: '100% Cotton Blouse',
      price: '250.50',
      category: 'Women',
      subCategory: 'Tops',
    });
    womenShoes = await insertProduct(t, {
      name: '100 Cotton Flats',
      price: '1,299.00',
      category: 'Women',
      subCategory: 'Shoes',
    });
    kidsTops = await insertProduct(t, {
      name: 'Kid_Tee',
      price: '699',
      category: 'Kids',
      subCategory: 'Tops',
    });
    uncategorised = await insertProduct(t, {
      name: 'KidXTee Gift Card',
      price: '500.00',
      category: null,
      subCategory: null,
    });
  });

  it('lists the whole catalogue, newest first, with the summary fields only', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/product/all' });
    expect(response.statusCode).toBe(200);
    const items = response.json() as Record<string, unknown>[];
    expect(items.map((p) => p.id)).toEqual(
      [uncategorised, kidsTops, womenShoes, womenTops, menBottoms, menTops].map((p) => p.id),
    );
    expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const kids = items[1]!;
    expect(Object.keys(kids).sort()).toEqual(
      [
        '_id',
        'category',
        'createdAt',
        'id',
        'imageUrl',
        'name',
        'price',
        'soldOut',
        'stockTotal',
        'subCategory',
      ].sort(),
    );
    expect(kids).toEqual({
      _id: kidsTops.id,
      id: kidsTops.id,
      name: 'Kid_Tee',
      imageUrl: kidsTops.imageUrl,
      price: '699.00',
      category: 'Kids',
      subCategory: 'Tops',
      createdAt: new Date(kidsTops.createdAt).toISOString(),
      stockTotal: null,
      soldOut: false,
    });
    expect(items[0]).toMatchObject({ category: null, subCategory: null, price: '500.00' });
  });

  it('filters by one or several categories', async () => {
    expect(await listIds(ctx.t, '?category=Men')).toEqual([menBottoms.id, menTops.id]);
    expect(await listIds(ctx.t, '?category=Men&category=Kids')).toEqual([
      kidsTops.id,
      menBottoms.id,
      menTops.id,
    ]);
  });

  it('filters by one or several subcategories', async () => {
    expect(await listIds(ctx.t, '?subCategory=Tops')).toEqual([kidsTops.id, womenTops.id, menTops.id]);
    expect(await listIds(ctx.t, '?subCategory=Shoes&subCategory=Bottoms')).toEqual([
      womenShoes.id,
      menBottoms.id,
    ]);
  });

  it('requires a selected category AND a selected subcategory when both groups have selections', async () => {
    expect(await listIds(ctx.t, '?category=Men&category=Women&subCategory=Tops')).toEqual([
      womenTops.id,
      menTops.id,
    ]);
    expect(await listIds(ctx.t, '?category=Kids&subCategory=Shoes&subCategory=Bottoms')).toEqual([]);
  });

  it('refuses an unknown category with 400', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/product/all?category=Aliens' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Choose a category');
  });

  it('sorts by numeric price ascending and descending', async () => {
    const ascending = [menBottoms, womenTops, uncategorised, kidsTops, menTops, womenShoes].map((p) => p.id);
    expect(await listIds(ctx.t, '?sort=asc')).toEqual(ascending);
    expect(await listIds(ctx.t, '?sort=desc')).toEqual([...ascending].reverse());
    const prices = (await ctx.t.request({ method: 'GET', url: '/api/product/all?sort=asc' }))
      .json()
      .map((p: { price: string }) => p.price);
    expect(prices).toEqual(['99.00', '250.50', '500.00', '699.00', '1000.00', '1299.00']);
  });

  it('combines a filter with the sort', async () => {
    expect(await listIds(ctx.t, '?subCategory=Tops&sort=desc')).toEqual([
      menTops.id,
      kidsTops.id,
      womenTops.id,
    ]);
  });

  it('searches names case-insensitively, the best match first (search.test.ts has the ranks)', async () => {
    expect(await listIds(ctx.t, '?q=linen')).toEqual([menBottoms.id, menTops.id]);
    // Both words in the name; then one in the name; then "cotton" in every description, newest first.
    expect(await listIds(ctx.t, '?q=COTTON%20fl')).toEqual([
      womenShoes.id,
      womenTops.id,
      uncategorised.id,
      kidsTops.id,
      menBottoms.id,
      menTops.id,
    ]);
  });

  it('treats % and _ in the search as literal characters', async () => {
    expect(await listIds(ctx.t, `?q=${encodeURIComponent('%')}`)).toEqual([womenTops.id]);
    expect(await listIds(ctx.t, `?q=${encodeURIComponent('_')}`)).toEqual([kidsTops.id]);
    // The name with the text as typed first, then the names with its word.
    expect(await listIds(ctx.t, `?q=${encodeURIComponent('100%')}`)).toEqual([womenTops.id, womenShoes.id]);
    expect(await listIds(ctx.t, `?q=${encodeURIComponent('Kid_')}`)).toEqual([kidsTops.id, uncategorised.id]);
  });

  it('refuses an invalid cursor with 400', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from(JSON.stringify({ v: '1', id: 'x' })).toString('base64url'),
      Buffer.from('[]').toString('base64url'),
    ]) {
      const response = await ctx.t.request({
        method: 'GET',
        url: `/api/product/all?limit=2&cursor=${encodeURIComponent(cursor)}`,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Invalid cursor' });
    }
  });

  it('refuses a limit out of range with 400', async () => {
    for (const limit of ['0', '101', 'ten']) {
      const response = await ctx.t.request({ method: 'GET', url: `/api/product/all?limit=${limit}` });
      expect(response.statusCode, limit).toBe(400);
    }
  });
});

describe('GET /api/product/all keyset paging', () => {
  const ctx = useTestApp();
  const all: ProductRow[] = [];

  beforeAll(async () => {
    // 25 products: prices repeat (ties broken by id), and five share one creation instant.
    const prices = ['99.00', '1000.00', '250.00', '99.00', '699.00'];
    const sameInstant = '2024-05-01T08:00:00.000Z';
    for (let i = 0; i < 25; i++) {
      all.push(
        await insertProduct(ctx.t, {
          name: `Paged Tee ${i}`,
          price: prices[i % prices.length]!,
          category: i % 2 === 0 ? 'Men' : 'Women',
          ...(i >= 10 && i < 15 ? { createdAt: sameInstant } : {}),
        }),
      );
    }
  });

  async function walk(query: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const url = `/api/product/all?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const response = await ctx.t.request({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      const items = response.json() as { id: string }[];
      expect(items.length).toBeLessThanOrEqual(limit);
      ids.push(...items.map((p) => p.id));
      cursor = response.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) return ids;
      expect(items.length).toBe(limit);
    }
    throw new Error('paging did not end');
  }

  for (const sort of ['relevant', 'asc', 'desc'] as const) {
    it(`walks every page with no duplicate or gap (sort=${sort})`, async () => {
      const whole = await listIds(ctx.t, `?sort=${sort}`);
      expect(whole).toHaveLength(25);
      for (const limit of [4, 5, 7]) {
        const paged = await walk(`sort=${sort}`, limit);
        expect(new Set(paged).size).toBe(paged.length);
        expect(paged).toEqual(whole);
      }
    });
  }

  it('orders the unpaged sorts by numeric price, ties kept in a stable order', async () => {
    const byId = new Map(all.map((p) => [p.id, p]));
    const ascending = (await listIds(ctx.t, '?sort=asc')).map((id) => Number(byId.get(id)!.price));
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(new Set(await listIds(ctx.t, '?sort=asc'))).toEqual(new Set(all.map((p) => p.id)));
    expect(await listIds(ctx.t, '?sort=asc')).toEqual(await listIds(ctx.t, '?sort=asc'));
  });

  it('pages a filtered list', async () => {
    const whole = await listIds(ctx.t, '?category=Men&sort=desc');
    expect(whole).toHaveLength(13);
    expect(await walk('category=Men&sort=desc', 3)).toEqual(whole);
  });

  it('sends no next cursor on the last page', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/product/all?limit=25' });
    expect(response.json()).toHaveLength(25);
    expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
    const more = await ctx.t.request({ method: 'GET', url: '/api/product/all?limit=24' });
    expect(more.headers[NEXT_CURSOR_HEADER]).toEqual(expect.any(String));
  });
});

describe('GET /api/product/best', () => {
  const ctx = useTestApp();
  const p: Record<string, ProductRow> = {};

  beforeAll(async () => {
    const { t } = ctx;
    p.a = await insertProduct(t, { name: 'Seller A' });
    p.b = await insertProduct(t, { name: 'Seller B', variations: [], sizes: [] });
    p.c = await insertProduct(t, { name: 'Cancelled C' });
    p.curatedTwo = await insertProduct(t, { name: 'Curated Two', bestRank: 2 });
    p.curatedOne = await insertProduct(t, { name: 'Curated One', bestRank: 1 });
    p.old = await insertProduct(t, { name: 'Old Plain' });
    p.newer = await insertProduct(t, { name: 'Newer Plain' });
    p.newest = await insertProduct(t, { name: 'Newest Plain' });
  });

  it('without orders shows the curated products, then the newest', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/product/best' });
    expect(response.statusCode).toBe(200);
    const items = response.json() as { id: string; price: string }[];
    expect(items.map((i) => i.id)).toEqual(
      [p.curatedOne, p.curatedTwo, p.newest, p.newer, p.old].map((x) => x!.id),
    );
    expect(items[0]).toMatchObject({ _id: p.curatedOne!.id, name: 'Curated One', price: '699.00' });
  });

  it('ranks by ordered quantity, leaves out cancelled lines, then tops up with curated and newest', async () => {
    const { t } = ctx;
    const customer = await signUpCustomer(t);
    const admin = await signInAdmin(t);
    await placeOrderOk(
      t,
      customer,
      [orderLineFor(p.a!, { quantity: 2 }), orderLineFor(p.b!, { quantity: 3 })],
      'best-order-1',
    );
    await placeOrderOk(t, customer, [orderLineFor(p.b!, { quantity: 2 })], 'best-order-2');
    const cancelled = await placeOrderOk(t, customer, [orderLineFor(p.c!, { quantity: 50 })], 'best-order-3');
    const update = await t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${cancelled._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled'] },
    });
    expect(update.statusCode).toBe(200);

    const response = await t.request({ method: 'GET', url: '/api/product/best' });
    expect(response.json().map((i: { id: string }) => i.id)).toEqual(
      [p.b, p.a, p.curatedOne, p.curatedTwo, p.newest].map((x) => x!.id),
    );
  });
});

describe('GET /api/product/:id', () => {
  const ctx = useTestApp();

  it('returns the product with description, sizes and variations, and no stock when untracked', async () => {
    const row = await insertProduct(ctx.t, {
      name: 'Runner Shoe White',
      description: 'Light running shoe.',
      price: '2,499.5',
      category: 'Women',
      subCategory: 'Shoes',
      sizes: [...SIZE_PRESETS.Sneakers],
      variations: [
        { name: 'Runner Shoe White', imageUrl: '/uploads/white-800.webp' },
        { name: 'Runner Shoe Black', imageUrl: '/uploads/black-800.webp' },
      ],
    });
    const response = await ctx.t.request({ method: 'GET', url: `/api/product/${row.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: row.id,
      id: row.id,
      name: 'Runner Shoe White',
      description: 'Light running shoe.',
      price: '2499.50',
      imageUrl: row.imageUrl,
      category: 'Women',
      subCategory: 'Shoes',
      size: [...SIZE_PRESETS.Sneakers],
      variations: [
        { name: 'Runner Shoe White', imageUrl: '/uploads/white-800.webp' },
        { name: 'Runner Shoe Black', imageUrl: '/uploads/black-800.webp' },
      ],
      createdAt: new Date(row.createdAt).toISOString(),
      trackStock: false,
      stockTotal: null,
      soldOut: false,
      updatedAt: new Date(row.updatedAt).toISOString(),
    });
  });

  it('answers 404 for an unknown id', async () => {
    const response = await ctx.t.request({
      method: 'GET',
      url: '/api/product/00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });

  it('answers 400 for a malformed id', async () => {
    const response = await ctx.t.request({ method: 'GET', url: '/api/product/not-a-uuid' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ id: 'Invalid id' });
  });
});

describe('POST /api/product/add', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let main: Buffer;
  let navy: Buffer;
  let olive: Buffer;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    main = await testPng('#336699');
    navy = await testPng('#000080');
    olive = await testPng('#556b2f');
  });

  it('adds a product with its images and zipped variations (201)', async () => {
    const response = await addProduct(
      ctx.t,
      admin.cookie,
      productFields({ variationsName: JSON.stringify(['Men Tee Navy', 'Men Tee Olive']) }),
      [
        ['imageUrl', main, 'main.png'],
        ['varImgUrls', navy, 'navy.png'],
        ['varImgUrls', olive, 'olive.png'],
      ],
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Product added successfully');
    expect(body.product).toMatchObject({
      name: 'Men Tee Navy',
      description: 'A soft cotton tee with a crew neck.',
      price: '1299.00',
      imageUrl: uploadUrlOf(main),
      category: 'Men',
      subCategory: 'Tops',
      size: ['S', 'M', 'L', 'XL', '2XL'],
      variations: [
        { name: 'Men Tee Navy', imageUrl: uploadUrlOf(navy) },
        { name: 'Men Tee Olive', imageUrl: uploadUrlOf(olive) },
      ],
    });
    expect(body.product.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);

    const stored = await ctx.t.request({ method: 'GET', url: `/api/product/${body.product.id}` });
    expect(stored.json()).toEqual(body.product);
    const listed = await ctx.t.request({ method: 'GET', url: '/api/product/all' });
    expect(listed.json().map((p: { id: string }) => p.id)).toContain(body.product.id);

    for (const url of [body.product.imageUrl, body.product.variations[1].imageUrl]) {
      const image = await ctx.t.request({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40 });
    }
  });

  it('stores no size, category or subcategory when they are sent empty', async () => {
    const response = await addProduct(
      ctx.t,
      admin.cookie,
      productFields({ name: 'Canvas Tote Bag', size: '', category: '', subCategory: '', price: '350' }),
      [['imageUrl', main]],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().product).toMatchObject({
      name: 'Canvas Tote Bag',
      price: '350.00',
      size: [],
      category: null,
      subCategory: null,
      variations: [],
    });
  });

  it('refuses a variation name count that differs from the image count (400), storing nothing', async () => {
    const before = await countRows(ctx.t, 'products');
    for (const [names, files] of [
      [['Navy', 'Olive'], [navy]],
      [['Navy'], [navy, olive]],
      [[], [navy]],
    ] as const) {
      const response = await addProduct(
        ctx.t,
        admin.cookie,
        productFields({ variationsName: JSON.stringify(names) }),
        [['imageUrl', main], ...files.map((bytes): FilePart => ['varImgUrls', bytes])],
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        message: 'Give one variation name for each variation image',
        errors: { variationsName: 'Give one variation name for each variation image' },
      });
    }
    expect(await countRows(ctx.t, 'products')).toBe(before);
  });

  it('refuses a product without a main image (400)', async () => {
    const before = await countRows(ctx.t, 'products');
    const response = await addProduct(ctx.t, admin.cookie, productFields(), []);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Add a product image',
      errors: { imageUrl: 'Add a product image' },
    });
    expect(await countRows(ctx.t, 'products')).toBe(before);
  });

  it('refuses a file that is not an image (415)', async () => {
    const before = await countRows(ctx.t, 'products');
    const response = await addProduct(ctx.t, admin.cookie, productFields(), [
      ['imageUrl', Buffer.from('#!/bin/sh\necho hi\n'), 'evil.png'],
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Only png, jpeg, jpg and svg images are accepted');
    expect(await countRows(ctx.t, 'products')).toBe(before);
  });

  const invalid: [string, Record<string, string>, string, string][] = [
    ['an empty name', { name: '' }, 'name', 'Required'],
    ['a blank name', { name: '   ' }, 'name', 'Required'],
    ['a name under 4 characters', { name: 'Tee' }, 'name', 'Too Short!'],
    ['an empty description', { description: '' }, 'description', 'Too short!'],
    ['a description under 3 characters', { description: 'ab' }, 'description', 'Too short!'],
    [
      'a description over 1000 characters',
      { description: 'x'.repeat(1001) },
      'description',
      'Description must not exceed to 1000 character(s)',
    ],
    ['a zero price', { price: '0.00' }, 'price', 'Enter a price above zero'],
    ['a price that is not a number', { price: 'abcd' }, 'price', 'Enter a price above zero'],
    ['a negative price', { price: '-100.00' }, 'price', 'Enter a price above zero'],
    [
      'an unknown size preset',
      { size: JSON.stringify({ label: 'Odd', value: ['S', 'M'] }) },
      'size',
      'Choose a size preset',
    ],
    [
      'an unknown category',
      { category: JSON.stringify({ label: 'Pets', value: 'Pets' }) },
      'category',
      'Choose a category',
    ],
  ];
  for (const [what, fields, field, message] of invalid) {
    it(`refuses ${what} with '${message}' (400)`, async () => {
      const before = await countRows(ctx.t, 'products');
      const response = await addProduct(ctx.t, admin.cookie, productFields(fields), [['imageUrl', main]]);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().errors[field]).toBe(message);
      expect(await countRows(ctx.t, 'products')).toBe(before);
    });
  }

  it('accepts a description of exactly 1000 characters', async () => {
    const response = await addProduct(
      ctx.t,
      admin.cookie,
      productFields({ name: 'Long Story Tee', description: 'y'.repeat(1000) }),
      [['imageUrl', main]],
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().product.description).toHaveLength(1000);
  });

  it('is for admins only (401 anonymous or as a customer), storing nothing', async () => {
    const customer = await signUpCustomer(ctx.t);
    const before = await countRows(ctx.t, 'products');
    for (const cookie of [undefined, customer.cookie]) {
      const response = await addProduct(ctx.t, cookie, productFields(), [['imageUrl', main]]);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Admin sign-in required' });
    }
    expect(await countRows(ctx.t, 'products')).toBe(before);
  });
});

describe('PATCH /api/product/edit/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let product: ProductRow;

  const edit = (id: string, payload: Record<string, unknown>, cookie = admin.cookie) =>
    ctx.t.request({ method: 'PATCH', url: `/api/product/edit/${id}`, cookie, payload });

  const changes = {
    updatedName: 'Women Blouse Red',
    updatedDescription: 'A light blouse.',
    updatedPrice: '1,499.75',
    updatedCategory: 'Women',
    updatedSubcategory: 'Tops',
    updatedSizes: [...SIZE_PRESETS.Clothes],
  };

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    product = await insertProduct(ctx.t, { name: 'Men Tee Navy', price: '699.00', sizes: [] });
  });

  it('updates every field; the new price shows in the catalogue', async () => {
    const response = await edit(product.id, changes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('Product updated successfully');
    expect(response.json().product).toMatchObject({ id: product.id, price: '1499.75' });

    const detail = (await ctx.t.request({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(detail).toMatchObject({
      name: 'Women Blouse Red',
      description: 'A light blouse.',
      price: '1499.75',
      category: 'Women',
      subCategory: 'Tops',
      size: ['S', 'M', 'L', 'XL', '2XL'],
      variations: product.variations,
      imageUrl: product.imageUrl,
    });
    const all = (await ctx.t.request({ method: 'GET', url: '/api/product/all' })).json();
    expect(all.find((p: { id: string }) => p.id === product.id)).toMatchObject({
      price: '1499.75',
      name: 'Women Blouse Red',
    });
  });

  it('takes a whole size preset or none', async () => {
    const sneakers = await edit(product.id, { ...changes, updatedSizes: [...SIZE_PRESETS.Sneakers] });
    expect(sneakers.statusCode).toBe(200);
    expect(sneakers.json().product.size).toEqual([...SIZE_PRESETS.Sneakers]);

    const none = await edit(product.id, { ...changes, updatedSizes: [], updatedCategory: null });
    expect(none.statusCode).toBe(200);
    expect(none.json().product).toMatchObject({ size: [], category: null });

    const partial = await edit(product.id, { ...changes, updatedSizes: ['S', 'M'] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().errors.updatedSizes).toBe('Choose a size preset');
  });

  it("refuses a name under 2 characters with 'Too short!' (400) and changes nothing", async () => {
    const response = await edit(product.id, { ...changes, updatedName: 'A', updatedPrice: '1.00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ updatedName: 'Too short!' });
    expect(response.json().message).toContain('Too short!');
    const detail = (await ctx.t.request({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(detail.price).not.toBe('1.00');
  });

  it('accepts a 2-character name', async () => {
    const response = await edit(product.id, { ...changes, updatedName: 'Ox' });
    expect(response.statusCode).toBe(200);
    expect(response.json().product.name).toBe('Ox');
  });

  it("refuses a short description with 'Too short!' and a zero price (400)", async () => {
    const short = await edit(product.id, { ...changes, updatedDescription: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ updatedDescription: 'Too short!' });
    const zero = await edit(product.id, { ...changes, updatedPrice: '0' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors).toEqual({ updatedPrice: 'Enter a price above zero' });
  });

  it('answers 404 for an unknown product', async () => {
    const response = await edit('00000000-0000-4000-8000-000000000000', changes);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Product not found' });
  });

  it('is for admins only (401)', async () => {
    const customer = await signUpCustomer(ctx.t);
    for (const cookie of ['', customer.cookie]) {
      const response = await edit(product.id, { ...changes, updatedName: 'Hijacked' }, cookie);
      expect(response.statusCode).toBe(401);
    }
    const detail = (await ctx.t.request({ method: 'GET', url: `/api/product/${product.id}` })).json();
    expect(detail.name).not.toBe('Hijacked');
  });
});

describe('DELETE /api/product/delete/:id', () => {
  const ctx = useTestApp();
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
  });

  it('removes the product; ordered lines keep their snapshot with productId null', async () => {
    const { t } = ctx;
    const product = await insertProduct(t, { name: 'Gone Tee Navy', price: '450.00' });
    const kept = await insertProduct(t, { name: 'Kept Tee' });
    const customer = await signUpCustomer(t);
    const order = await placeOrderOk(
      t,
      customer,
      [orderLineFor(product, { quantity: 2 })],
      'delete-product-1',
    );

    const response = await t.request({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      cookie: admin.cookie,
      payload: { _id: product.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Product deleted successfully' });

    expect(await listIds(t)).toEqual([kept.id]);
    expect((await t.request({ method: 'GET', url: `/api/product/${product.id}` })).statusCode).toBe(404);

    const stored = await t.request({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      cookie: customer.cookie,
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.json().products).toEqual([
      expect.objectContaining({
        productId: null,
        name: product.variations[0]!.name,
        imageUrl: product.variations[0]!.imageUrl,
        price: '450.00',
        quantity: 2,
      }),
    ]);
  });

  it('answers 404 for an unknown or already deleted product', async () => {
    const product = await insertProduct(ctx.t);
    const first = await ctx.t.request({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      cookie: admin.cookie,
    });
    expect(first.statusCode).toBe(200);
    const again = await ctx.t.request({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      cookie: admin.cookie,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Product not found' });
  });

  it('is for admins only (401), keeping the product', async () => {
    const product = await insertProduct(ctx.t);
    const customer = await signUpCustomer(ctx.t);
    for (const cookie of [undefined, customer.cookie]) {
      const response = await ctx.t.request({
        method: 'DELETE',
        url: `/api/product/delete/${product.id}`,
        cookie,
      });
      expect(response.statusCode).toBe(401);
    }
    expect((await ctx.t.request({ method: 'GET', url: `/api/product/${product.id}` })).statusCode).toBe(200);
  });
});
