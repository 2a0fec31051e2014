import { TOTAL_COUNT_HEADER } from '@habi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
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
