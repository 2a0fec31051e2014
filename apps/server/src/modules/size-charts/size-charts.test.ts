import {
  DEFAULT_SIZE_CHARTS,
  SIZE_CHART_MESSAGES,
  SIZE_PRESETS,
  type SizeChart,
  type SizeChartRow,
} from '@habi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  countRows,
  insertProduct,
  multipartBody,
  type ProductRow,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';

let t: TestApp;
let admin: SignedIn;
let tee: ProductRow;
let sneaker: ProductRow;
let belt: ProductRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
  tee = await insertProduct(t, { category: 'Women', subCategory: 'Tops' });
  sneaker = await insertProduct(t, {
    category: 'Kids',
    subCategory: 'Shoes',
    sizes: [...SIZE_PRESETS.Sneakers],
  });
  belt = await insertProduct(t, { category: 'Men', subCategory: 'Accessories', sizes: [] });
});
afterAll(() => t.close());

const rowsCopy = (rows: SizeChartRow[]): SizeChartRow[] => JSON.parse(JSON.stringify(rows));
const catalogueVersion = async () =>
  (await queryRows<{ n: string }>(t, sql`select sum(n)::text as n from catalogue_versions`))[0]!.n;
const putChart = (url: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/size-charts/${url}`, cookie: admin.cookie, payload });
const productChart = (id: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url: `/api/size-charts/product/${id}`, headers });
const editBody = (product: ProductRow, extra: Record<string, unknown> = {}) => ({
  updatedName: product.name,
  updatedDescription: product.description,
  updatedPrice: product.price,
  updatedCategory: product.category,
  updatedSubcategory: product.subCategory,
  updatedSizes: product.sizes,
  ...extra,
});
const edit = (product: ProductRow, extra: Record<string, unknown>) =>
  t.request({
    method: 'PATCH',
    url: `/api/product/edit/${product.id}`,
    cookie: admin.cookie,
    payload: editBody(product, extra),
  });

describe('GET /api/size-charts', () => {
  it("lists every category's chart of every kind, the defaults until edited", async () => {
    const response = await t.request({ method: 'GET', url: '/api/size-charts', cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    const charts = response.json() as SizeChart[];
    expect(charts.map((c) => `${c.category} ${c.kind}`)).toEqual(
      ['Men', 'Women', 'Kids'].flatMap((c) =>
        ['tops', 'bottoms', 'full-outfit', 'shoes'].map((k) => `${c} ${k}`),
      ),
    );
    const kidsTops = charts.find((c) => c.category === 'Kids' && c.kind === 'tops')!;
    expect(kidsTops).toEqual({
      category: 'Kids',
      kind: 'tops',
      columns: ['age', 'height', 'chest'],
      rows: DEFAULT_SIZE_CHARTS.Kids.tops,
      isDefault: true,
    });
  });
});

describe('GET /api/size-charts/product/:id', () => {
  it("answers the category's chart of the product's kind, none for a product without one, 404 for none", async () => {
    const teeChart = (await productChart(tee.id)).json();
    expect(teeChart).toMatchObject({
      source: 'category',
      chart: { category: 'Women', kind: 'tops', isDefault: true },
    });
    expect(teeChart.chart.columns).toEqual(['bust', 'waist']);
    const shoes = (await productChart(sneaker.id)).json();
    expect(shoes.chart).toMatchObject({ category: 'Kids', kind: 'shoes', columns: ['eu', 'foot'] });
    expect(shoes.chart.rows.map((r: SizeChartRow) => r.size)).toEqual(SIZE_PRESETS.Sneakers);
    expect((await productChart(belt.id)).json()).toEqual({ source: 'none', chart: null });
    const unknown = await productChart('3b241101-e2bb-4255-8caf-4136c566a962');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('PUT /api/size-charts/:category/:kind', () => {
  it('saves the chart and raises the catalogue version with it, so kept answers go at once', async () => {
    const before = await productChart(tee.id);
    const etag = before.headers.etag as string;
    expect((await productChart(tee.id, { 'if-none-match': etag })).statusCode).toBe(304);
    const version = await catalogueVersion();

    const rows = rowsCopy(DEFAULT_SIZE_CHARTS.Women.tops);
    rows[1]!.values[0] = { min: 84, max: 88.5 };
    const response = await putChart('Women/tops', { rows });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: "Women's Tops size chart saved",
      chart: { category: 'Women', kind: 'tops', columns: ['bust', 'waist'], rows, isDefault: false },
    });
    expect(BigInt(await catalogueVersion())).toBeGreaterThan(BigInt(version));

    const after = await productChart(tee.id, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.json().chart.rows[1].values[0]).toEqual({ min: 84, max: 88.5 });

    // Saved again: one row still, updated.
    expect((await putChart('Women/tops', { rows: DEFAULT_SIZE_CHARTS.Women.tops })).statusCode).toBe(200);
    expect(await countRows(t, 'size_charts')).toBe(1);
  });

  it('refuses numbers out of range, reversed or too precise, and sizes not the preset, naming the cell', async () => {
    const version = await catalogueVersion();
    const rows = rowsCopy(DEFAULT_SIZE_CHARTS.Men.bottoms);
    rows[0]!.values[2] = { min: 101, max: 101 };
    rows[3]!.values[1] = { min: 105, max: 101 };
    const refused = await putChart('Men/bottoms', { rows });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Inseam must be between 20 and 100',
      errors: {
        'rows.0.values.2': 'Inseam must be between 20 and 100',
        'rows.3.values.1': SIZE_CHART_MESSAGES.order,
      },
    });

    const shoes = await putChart('Men/shoes', { rows: DEFAULT_SIZE_CHARTS.Men.tops });
    expect(shoes.statusCode).toBe(400);
    expect(shoes.json().message).toBe(SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Sneakers));

    for (const [url, payload] of [
      ['Teens/tops', { rows: DEFAULT_SIZE_CHARTS.Men.tops }],
      ['Men/hats', { rows: DEFAULT_SIZE_CHARTS.Men.tops }],
      ['Men/tops', { rows: 'S,M,L' }],
      ['Men/tops', { rows: DEFAULT_SIZE_CHARTS.Men.tops, extra: 1 }],
      ['Men/tops', { rows: [{ size: 'S', values: [{ min: '84', max: 88 }] }] }],
    ] as const) {
      const response = await putChart(url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    expect(await catalogueVersion()).toBe(version);
    expect(await countRows(t, 'size_charts')).toBe(1);
  });

  it('is for admins only, before the body is read', async () => {
    const customer = await signUpCustomer(t);
    for (const cookie of [undefined, customer.cookie]) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/size-charts/Men/tops',
        payload: { rows: 'not even rows' },
        ...(cookie ? { cookie } : {}),
      });
      expect(response.statusCode).toBe(401);
      const list = await t.request({ method: 'GET', url: '/api/size-charts', ...(cookie ? { cookie } : {}) });
      expect(list.statusCode).toBe(401);
    }
  });
});

describe("a product's own chart", () => {
  it("is set by Edit Product, shown instead of the category's, and given back by null", async () => {
    const own = rowsCopy(DEFAULT_SIZE_CHARTS.Women.tops);
    own[0]!.values = [
      { min: 76, max: 80 },
      { min: 60, max: 64 },
    ];
    const version = await catalogueVersion();
    const response = await edit(tee, { sizeChart: own });
    expect(response.statusCode, response.body).toBe(200);
    expect(BigInt(await catalogueVersion())).toBeGreaterThan(BigInt(version));
    expect((await productChart(tee.id)).json()).toEqual({
      source: 'product',
      chart: { category: 'Women', kind: 'tops', columns: ['bust', 'waist'], rows: own, isDefault: false },
    });

    // Absent leaves it; null gives the category's back.
    expect((await edit(tee, {})).statusCode).toBe(200);
    expect((await productChart(tee.id)).json().source).toBe('product');
    expect((await edit(tee, { sizeChart: null })).statusCode).toBe(200);
    expect((await productChart(tee.id)).json().source).toBe('category');
  });

  it('must fit the product as edited, else nothing of the edit is saved', async () => {
    const own = rowsCopy(DEFAULT_SIZE_CHARTS.Women.tops);
    expect((await edit(tee, { sizeChart: own })).statusCode).toBe(200);

    // New sizes call for a shoe chart: the kept tops chart no longer fits.
    const shoes = await edit(tee, { updatedSizes: SIZE_PRESETS.Sneakers, updatedName: 'Renamed Tee' });
    expect(shoes.statusCode).toBe(400);
    expect(shoes.json().message).toBe(SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Sneakers));
    const [row] = await queryRows<{ name: string; sizes: string[] }>(
      t,
      sql`select name, sizes from products where id = ${tee.id}`,
    );
    expect(row).toEqual({ name: tee.name, sizes: SIZE_PRESETS.Clothes });

    const wrongCell = rowsCopy(own);
    wrongCell[2]!.values[1] = { min: 10, max: 12 };
    const refused = await edit(tee, { sizeChart: wrongCell });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'sizeChart.2.values.1': 'Waist must be between 40 and 150' });

    // No chart fits accessories: an own chart is refused, none is fine.
    const none = await edit(belt, { sizeChart: own });
    expect(none.json()).toEqual({
      message: SIZE_CHART_MESSAGES.noChart,
      errors: { sizeChart: SIZE_CHART_MESSAGES.noChart },
    });
    expect((await edit(belt, { sizeChart: null })).statusCode).toBe(200);
  });

  it('is taken by Add Product, checked before any image is stored', async () => {
    const png = await testPng();
    const own = rowsCopy(DEFAULT_SIZE_CHARTS.Kids.bottoms);
    const fields = (sizeChart: string) => ({
      name: 'Kids Jogger Navy',
      description: 'Soft joggers for play.',
      price: '599.00',
      size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
      category: JSON.stringify({ label: 'Kids', value: 'Kids' }),
      subCategory: JSON.stringify({ label: 'Bottoms', value: 'Bottoms' }),
      sizeChart,
    });
    const add = async (sizeChart: string) =>
      t.request({
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
        ...(await multipartBody(fields(sizeChart), [['imageUrl', png]])),
      });
    const products = await countRows(t, 'products');
    const broken = await add('{"rows":');
    expect(broken.statusCode).toBe(400);
    const tops = await add(JSON.stringify(DEFAULT_SIZE_CHARTS.Kids.tops));
    expect(tops.statusCode).toBe(400);
    expect(tops.json().errors['sizeChart.0.values']).toBe(SIZE_CHART_MESSAGES.columns(4));
    expect(await countRows(t, 'products')).toBe(products);

    const added = await add(JSON.stringify(own));
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json().product;
    expect((await productChart(id)).json()).toMatchObject({ source: 'product', chart: { rows: own } });
    const plain = await add('');
    expect((await productChart(plain.json().product.id)).json().source).toBe('category');
  });
});
