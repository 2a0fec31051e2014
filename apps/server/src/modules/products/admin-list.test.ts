import { TOTAL_COUNT_HEADER } from '@habi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  insertTrackedTee,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';

/** `GET /api/product/admin-list`: the back office's products table, paged and sorted on the server. */

let t: TestApp;
let admin: SignedIn;
let shopper: SignedIn;

// Names chosen so a case-sensitive sort ('Z' before 'a') would order them differently.
const SEEDED = [
  { name: 'banana Shorts Yellow', price: '500.00', createdAt: '2026-01-01T00:00:00Z' },
  { name: 'Apple Tee Red', price: '1299.00', createdAt: '2026-01-02T00:00:00Z' },
  { name: 'Zebra Dress Black', price: '899.50', createdAt: '2026-01-03T00:00:00Z' },
  { name: 'cherry Cap Red', price: '250.00', createdAt: '2026-01-04T00:00:00Z' },
  { name: 'Denim Jacket Blue', price: '2499.00', createdAt: '2026-01-05T00:00:00Z' },
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
  shopper = await signUpCustomer(t);
  for (const product of SEEDED) await insertProduct(t, product);
});
afterAll(() => t.close());

async function list(query = '', cookie = admin.cookie) {
  const response = await t.request({ method: 'GET', url: `/api/product/admin-list${query}`, cookie });
  return {
    status: response.statusCode,
    total: response.headers[TOTAL_COUNT_HEADER],
    body: response.json(),
    names: response.statusCode === 200 ? (response.json() as { name: string }[]).map((p) => p.name) : [],
  };
}

describe('GET /api/product/admin-list', () => {
  it('refuses anyone but an admin', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/product/admin-list' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    expect((await list('', shopper.cookie)).status).toBe(401);
  });

  it('lists every product, newest first, with the total count header', async () => {
    const { status, total, names, body } = await list();
    expect(status).toBe(200);
    expect(total).toBe('5');
    expect(names).toEqual([...SEEDED].reverse().map((p) => p.name));
    expect(body[0]).toEqual({
      _id: expect.any(String),
      id: body[0]._id,
      name: 'Denim Jacket Blue',
      imageUrl: expect.any(String),
      price: '2499.00',
      category: 'Men',
      subCategory: 'Tops',
      createdAt: '2026-01-05T00:00:00.000Z',
      stockTotal: null,
      soldOut: false,
    });
  });

  it('sorts by name ignoring case, ascending by default and descending when asked', async () => {
    const alphabetical = [
      'Apple Tee Red',
      'banana Shorts Yellow',
      'cherry Cap Red',
      'Denim Jacket Blue',
      'Zebra Dress Black',
    ];
    expect((await list('?sort=name')).names).toEqual(alphabetical);
    expect((await list('?sort=name&order=asc')).names).toEqual(alphabetical);
    expect((await list('?sort=name&order=desc')).names).toEqual([...alphabetical].reverse());
  });

  it('sorts by price numerically and by date', async () => {
    expect((await list('?sort=price')).names).toEqual([
      'cherry Cap Red',
      'banana Shorts Yellow',
      'Zebra Dress Black',
      'Apple Tee Red',
      'Denim Jacket Blue',
    ]);
    expect((await list('?sort=createdAt&order=asc')).names).toEqual(SEEDED.map((p) => p.name));
  });

  it('pages by limit and offset; the total counts every match', async () => {
    const first = await list('?sort=name&limit=2&offset=0');
    const second = await list('?sort=name&limit=2&offset=2');
    const last = await list('?sort=name&limit=2&offset=4');
    const beyond = await list('?sort=name&limit=2&offset=10');
    expect(first.names).toEqual(['Apple Tee Red', 'banana Shorts Yellow']);
    expect(second.names).toEqual(['cherry Cap Red', 'Denim Jacket Blue']);
    expect(last.names).toEqual(['Zebra Dress Black']);
    expect(beyond.names).toEqual([]);
    for (const page of [first, second, last, beyond]) expect(page.total).toBe('5');
  });

  it('searches names case-insensitively, with LIKE wildcards taken literally', async () => {
    const red = await list('?q=RED&sort=name');
    expect(red.names).toEqual(['Apple Tee Red', 'cherry Cap Red']);
    expect(red.total).toBe('2');
    const none = await list(`?q=${encodeURIComponent('%')}`);
    expect(none.names).toEqual([]);
    expect(none.total).toBe('0');
  });

  it('refuses bad paging and sorting with 400 and a message', async () => {
    for (const query of ['?sort=colour', '?order=up', '?limit=0', '?limit=101', '?offset=-1', '?unknown=1']) {
      const response = await list(query);
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toEqual(expect.any(String));
    }
  });

  it('leaves the storefront list and a product by id as they were', async () => {
    const all = await t.request({ method: 'GET', url: '/api/product/all' });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(5);
    const [first] = (await list()).body as { _id: string }[];
    const one = await t.request({ method: 'GET', url: `/api/product/${first!._id}` });
    expect(one.statusCode).toBe(200);
  });
});

describe('GET /api/product/admin-list by stock', () => {
  const ctx = useTestApp();
  let cookie: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    cookie = (await signInAdmin(ctx.t)).cookie;
    // Totals at each edge of the low range (1 to 5), two sold out and two untracked, so the
    // ties show the order by id.
    const tracked: [string, Record<string, number>][] = [
      ['Sold Tee A', {}],
      ['Big Tee', { 'Navy S': 30, 'Olive 2XL': 10 }],
      ['Low Tee', { 'Navy S': 2, 'Olive M': 3 }],
      ['One Tee', { 'Olive XL': 1 }],
      ['Sold Tee B', {}],
      ['Full Tee', { 'Navy L': 6 }],
    ];
    for (const [i, [name, quantities]] of tracked.entries()) {
      const createdAt = `2026-02-0${i + 1}T00:00:00Z`;
      ids[name] = (await insertTrackedTee(ctx.t, quantities, { name, createdAt })).id;
    }
    for (const [i, name] of ['Plain Cap', 'Plain Bag'].entries()) {
      ids[name] = (await insertProduct(ctx.t, { name, createdAt: `2026-03-0${i + 1}T00:00:00Z` })).id;
    }
  });

  async function list(query: string) {
    const response = await ctx.t.request({ method: 'GET', url: `/api/product/admin-list${query}`, cookie });
    expect(response.statusCode, query).toBe(200);
    const rows = response.json() as { name: string; stockTotal: number | null; soldOut: boolean }[];
    return {
      total: response.headers[TOTAL_COUNT_HEADER],
      rows: rows.map((p) => [p.name, p.stockTotal, p.soldOut]),
    };
  }
  /** Names ordered by id, the tie-break. */
  const byId = (...names: string[]) => names.sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));

  it('shows each total in the rows, null when untracked', async () => {
    const { rows, total } = await list('?sort=createdAt&order=asc');
    expect(total).toBe('8');
    expect(rows).toEqual([
      ['Sold Tee A', 0, true],
      ['Big Tee', 40, false],
      ['Low Tee', 5, false],
      ['One Tee', 1, false],
      ['Sold Tee B', 0, true],
      ['Full Tee', 6, false],
      ['Plain Cap', null, false],
      ['Plain Bag', null, false],
    ]);
  });

  it('sorts by total either way, untracked products last, ties by id', async () => {
    const sold = byId('Sold Tee A', 'Sold Tee B');
    const plain = byId('Plain Cap', 'Plain Bag');
    const names = async (query: string) => (await list(query)).rows.map(([name]) => name);
    expect(await names('?sort=stock')).toEqual([
      ...sold,
      'One Tee',
      'Low Tee',
      'Full Tee',
      'Big Tee',
      ...plain,
    ]);
    expect(await names('?sort=stock&order=asc')).toEqual(await names('?sort=stock'));
    expect(await names('?sort=stock&order=desc')).toEqual([
      'Big Tee',
      'Full Tee',
      'Low Tee',
      'One Tee',
      ...[...sold].reverse(),
      ...[...plain].reverse(),
    ]);
  });

  it('filters by stock state: low is 1 to 5 left, sold out none, tracked or not', async () => {
    expect(await list('?stock=low')).toEqual({
      total: '2',
      rows: [
        ['One Tee', 1, false],
        ['Low Tee', 5, false],
      ],
    });
    expect(await list('?stock=soldOut')).toEqual({
      total: '2',
      rows: [
        ['Sold Tee B', 0, true],
        ['Sold Tee A', 0, true],
      ],
    });
    expect(await list('?stock=untracked')).toEqual({
      total: '2',
      rows: [
        ['Plain Bag', null, false],
        ['Plain Cap', null, false],
      ],
    });
    const tracked = await list('?stock=tracked&sort=name');
    expect(tracked.total).toBe('6');
    expect(tracked.rows.map(([name]) => name)).toEqual([
      'Big Tee',
      'Full Tee',
      'Low Tee',
      'One Tee',
      'Sold Tee A',
      'Sold Tee B',
    ]);
  });

  it('pages a filtered, stock-sorted list by offset, the count header over every match', async () => {
    const page = (offset: number) => list(`?stock=tracked&sort=stock&order=desc&limit=4&offset=${offset}`);
    expect(await page(0)).toEqual({
      total: '6',
      rows: [
        ['Big Tee', 40, false],
        ['Full Tee', 6, false],
        ['Low Tee', 5, false],
        ['One Tee', 1, false],
      ],
    });
    const second = await page(4);
    expect(second.total).toBe('6');
    expect(second.rows.map(([name]) => name)).toEqual(byId('Sold Tee A', 'Sold Tee B').reverse());
  });

  it('combines the stock filter with the name search', async () => {
    expect(await list('?stock=low&q=one')).toEqual({ total: '1', rows: [['One Tee', 1, false]] });
    expect(await list('?stock=untracked&q=tee')).toEqual({ total: '0', rows: [] });
  });

  it('refuses an unknown stock filter or a repeated one with 400', async () => {
    for (const query of ['?stock=plenty', '?stock=', '?stock=low&stock=soldOut', '?sort=stocks']) {
      const response = await ctx.t.request({ method: 'GET', url: `/api/product/admin-list${query}`, cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
  });
});
