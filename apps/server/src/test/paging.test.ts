import { NEXT_CURSOR_HEADER, TOTAL_COUNT_HEADER } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedIn, signInAdmin, signUpCustomer, type TestApp } from './helpers.ts';

/**
 * Every list comes in pages: 100 rows when no limit is named, at most 100 when one is. The
 * store here holds 150 products, 150 customers more and 150 orders of one customer.
 */
let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
  customer = await signUpCustomer(t);
  const { db } = t.database;
  await db.execute(sql`
    insert into products (name, price, image_url, category, sub_category, created_at)
    select 'Paged Tee ' || g, 100 + g, '/uploads/p.webp', 'Men', 'Tops', now() - make_interval(secs => g)
    from generate_series(1, 150) g`);
  await db.execute(sql`
    insert into customers (name, email, contact_number, password_hash)
    select 'Paged Shopper ' || g, 'paged' || g || '@example.com', '+639170000000', 'x'
    from generate_series(1, 150) g`);
  await db.execute(sql`
    insert into orders (customer_id, customer_name, shipping_address, payment_method, status,
                        subtotal, shipping_fee, tax, total, created_at)
    select ${customer.id}, 'Paged', '1 Rizal Ave', 'cod', 'pending', 100, 0, 10, 110,
           now() - make_interval(secs => g)
    from generate_series(1, 150) g`);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });

describe.each([
  ['the storefront catalogue', '/api/product/all', undefined],
  ['the back office products', '/api/product/admin-list', 'admin'],
  ['the back office orders', '/api/orders/all', 'admin'],
  ['the back office users', '/api/users/all', 'admin'],
  ["a customer's orders", 'customer-orders', 'customer'],
] as const)('%s', (_label, path, who) => {
  const url = () => (path === 'customer-orders' ? `/api/orders/user/${customer.id}` : path);
  const cookie = () => (who === 'admin' ? admin.cookie : who === 'customer' ? customer.cookie : undefined);

  it('answers 100 rows when asked for no limit', async () => {
    const response = await get(url(), cookie());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toHaveLength(100);
  });

  it('answers as many as asked up to 100, and refuses 101', async () => {
    expect((await get(`${url()}?limit=7`, cookie())).json()).toHaveLength(7);
    expect((await get(`${url()}?limit=100`, cookie())).json()).toHaveLength(100);
    const tooMany = await get(`${url()}?limit=101`, cookie());
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('limit: Too big: expected number to be <=100 (querystring)');
  });
});

describe('the rest of a list', () => {
  it('is reached by the cursor on the storefront', async () => {
    const first = await get('/api/product/all');
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    const rest = await get(`/api/product/all?cursor=${cursor}`);
    expect(rest.json()).toHaveLength(50);
    expect(rest.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it("is reached by offset in a customer's orders, with their count", async () => {
    const first = await get(`/api/orders/user/${customer.id}`, customer.cookie);
    expect(first.headers[TOTAL_COUNT_HEADER]).toBe('150');
    const rest = await get(`/api/orders/user/${customer.id}?offset=100`, customer.cookie);
    expect(rest.json()).toHaveLength(50);
    const ids = new Set([...first.json(), ...rest.json()].map((o: { _id: string }) => o._id));
    expect(ids.size).toBe(150);
  });
});
