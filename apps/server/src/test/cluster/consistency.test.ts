import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, cookieFrom, type Database } from '../process/server-process.ts';
import { addProduct, placeOrder, signInAdmin, signUp } from '../process/shop.ts';
import { type Cluster, type Nginx, startShop, stopShop } from './cluster.ts';

// A PostgreSQL server is needed: DATABASE_URL names a role that may create databases (each file
// makes one of its own from it). Without it the instances could only run on embedded PGlite,
// one process per data directory, and there is no cluster to test.
const baseUrl = process.env.DATABASE_URL;

describe.runIf(baseUrl)('three instances behind nginx, one PostgreSQL: one shop', () => {
  let database: Database;
  let cluster: Cluster;
  let nginx: Nginx;
  let a: string;
  let b: string;
  let c: string;

  beforeAll(async () => {
    ({ database, cluster, nginx } = await startShop(baseUrl!));
    [a, b, c] = cluster.instances.map((instance) => instance.url) as [string, string, string];
  });

  afterAll(() => stopShop({ database, cluster, nginx }));

  const current = async (base: string, cookie: string) =>
    (await api(base, '/api/users/current', { cookie })).json();

  it('boots together on an empty database into one catalogue and one first admin', async () => {
    const [products] = await database.query<{ n: number; names: number }>(
      'select count(*)::int as n, count(distinct name)::int as names from products',
    );
    expect(products!.n).toBeGreaterThan(0);
    expect(products!.names).toBe(products!.n);
    expect(await database.query('select username from admins')).toEqual([{ username: 'admin' }]);
    const announced = cluster.instances.filter((i) => i.server.stdout().includes('First admin created'));
    expect(announced).toHaveLength(1);
    // Every instance, and nginx whichever it picks, lists the same page.
    const pages = await Promise.all(
      [a, b, c, nginx.url, nginx.url].map(
        async (base) => (await api(base, '/api/product/all?limit=24')).text,
      ),
    );
    expect(JSON.parse(pages[0]!)).toHaveLength(24);
    expect(new Set(pages).size).toBe(1);
  });

  it('serves an image uploaded through A from B and C, alike and cacheable for ever', async () => {
    // The first upload in this shop: addProduct always sends the same picture, so a later test
    // could otherwise find it already stored on B or C by an upload that went there.
    const admin = await signInAdmin(a);
    const product = await addProduct(a, admin, 'Cluster Image Tee', '500.00');
    const { imageUrl } = (await api(a, `/api/product/${product.id}`)).json();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]+-\d+\.webp$/);
    const fetched = await Promise.all(
      [a, b, c, nginx.url].map(async (base) => {
        const response = await fetch(base + imageUrl);
        return {
          status: response.status,
          etag: response.headers.get('etag'),
          cacheControl: response.headers.get('cache-control') ?? '',
          bytes: Buffer.from(await response.arrayBuffer()),
        };
      }),
    );
    for (const image of fetched) {
      expect(image.status).toBe(200);
      expect(image.etag).toBeTruthy();
      expect(image.etag).toBe(fetched[0]!.etag);
      expect(image.cacheControl).toContain('immutable');
      expect(image.bytes.equals(fetched[0]!.bytes)).toBe(true);
    }
    const revalidated = await fetch(b + imageUrl, { headers: { 'if-none-match': fetched[0]!.etag! } });
    expect(revalidated.status).toBe(304);
    // nginx keeps the image: the second request through it is answered from its cache.
    expect((await fetch(nginx.url + imageUrl)).headers.get('x-cache-status')).toBe('HIT');
  });

  it('shows a price edited through B on A and C at the next request', async () => {
    const admin = await signInAdmin(a);
    const product = await addProduct(a, admin, 'Cluster Edited Tee', '500.00');
    const read = (base: string) => api(base, `/api/product/${product.id}`).then((r) => r.json());
    // A and C have just served the old price: nothing they keep may outlive the edit.
    for (const base of [a, c, nginx.url]) expect(await read(base)).toMatchObject({ price: '500.00' });
    // The back-office session from A works on B.
    const edit = await api(b, `/api/product/edit/${product.id}`, {
      method: 'PATCH',
      cookie: admin,
      body: {
        updatedName: 'Cluster Edited Tee',
        updatedDescription: 'Edited through instance B.',
        updatedPrice: '777.00',
        updatedCategory: 'Men',
        updatedSubcategory: 'Tops',
        updatedSizes: [],
      },
    });
    expect(edit.status).toBe(200);
    for (const base of [a, c, nginx.url]) {
      expect(await read(base)).toMatchObject({ price: '777.00', description: 'Edited through instance B.' });
    }
  });

  it('keeps a session signed in on A valid on B and C, and a logout on C ends it on A', async () => {
    const shopper = await signUp(a);
    const { email: address } = await current(a, shopper.cookie);
    const signIn = await api(a, '/api/users/sign-in', {
      method: 'POST',
      body: { email: address, password: 'secret123' },
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn.headers);
    for (const base of [b, c, nginx.url]) {
      expect((await api(base, '/api/users/current', { cookie })).json()).toMatchObject({ _id: shopper.id });
    }
    expect((await api(c, '/api/users/logout', { method: 'POST', cookie })).status).toBe(200);
    for (const base of [a, b, nginx.url]) {
      expect((await api(base, '/api/users/current', { cookie })).json()).toBeNull();
    }
  });

  it('places one order for one Idempotency-Key sent to A and B at the same moment', async () => {
    const admin = await signInAdmin(nginx.url);
    const product = await addProduct(nginx.url, admin, 'Cluster Idempotent Tee', '450.00');
    const shopper = await signUp(nginx.url);
    const rounds = 8;
    for (let round = 0; round < rounds; round++) {
      const key = randomUUID();
      const [first, second] = await Promise.all([
        placeOrder(a, shopper, product, key),
        placeOrder(b, shopper, product, key),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 201]);
      expect(first.orderId).toBe(second.orderId);
    }
    const [stored] = await database.query<{ n: number }>(
      'select count(*)::int as n from orders where customer_id = $1',
      [shopper.id],
    );
    expect(stored!.n).toBe(rounds);
  });

  it('counts wrong passwords for one account over A, B and C together', async () => {
    const victim = await signUp(nginx.url);
    const { email: address } = await current(nginx.url, victim.cookie);
    const bound = 60;
    const statuses: number[] = [];
    for (let guess = 0; guess < bound && !statuses.includes(429); guess++) {
      const base = [a, b, c][guess % 3]!;
      // One attacker: TRUST_PROXY=1 makes each instance take the address its proxy reports.
      const response = await api(base, '/api/users/sign-in', {
        method: 'POST',
        body: { email: address, password: `wrong-${guess}` },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      statuses.push(response.status);
    }
    console.log(`sign-in throttle: 429 after ${statuses.length - 1} wrong guesses over three instances`);
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([401]));
  });

  it('compresses JSON through nginx with brotli or gzip, as the client accepts', async () => {
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(`${nginx.url}/api/product/all?limit=24`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.json()).toHaveLength(24);
    }
  });

  it('lets every upload through nginx at the largest size the store takes, and nothing larger', async () => {
    const id = randomUUID();
    const MB = 1024 * 1024;
    // Each route's largest form (files and the form's own bytes), sent without a session: an
    // instance answers 401, where nginx would have refused the body with 413.
    const uploads: [method: string, pathname: string, bytes: number][] = [
      ['POST', '/api/product/add', 56 * MB],
      ['PATCH', `/api/product/edit/${id}`, 56 * MB],
      ['POST', '/api/admin/catalogue/zip/check', 51 * MB],
      ['POST', '/api/admin/catalogue/zip', 51 * MB],
      ['POST', '/api/admin/catalogue/csv/check', 8 * MB],
      ['POST', '/api/admin/catalogue/csv', 8 * MB],
      ['PATCH', `/api/users/${id}`, 6 * MB],
      ['PATCH', `/api/admin/${id}`, 6 * MB],
      ['PUT', `/api/payments/accounts/${id}/qr-image`, 6 * MB],
      ['PUT', `/api/payments/orders/${id}/transfer-proof`, 6 * MB],
      ['PUT', `/api/returns/${id}/photos`, 6 * MB],
      // Larger than any: refused by nginx before an instance sees it.
      ['POST', '/api/product/add', 61 * MB],
      ['POST', '/api/orders/placed-order', 2 * MB],
    ];
    const statuses = [];
    for (const [method, pathname, bytes] of uploads) {
      const response = await fetch(nginx.url + pathname, {
        method,
        headers: { origin: nginx.url, 'content-type': 'multipart/form-data; boundary=x' },
        body: Buffer.alloc(bytes, 'a'),
      });
      await response.arrayBuffer();
      statuses.push(`${method} ${pathname.replace(id, ':id')} ${bytes / MB} MB: ${response.status}`);
    }
    expect(statuses).toEqual([
      'POST /api/product/add 56 MB: 401',
      'PATCH /api/product/edit/:id 56 MB: 401',
      'POST /api/admin/catalogue/zip/check 51 MB: 401',
      'POST /api/admin/catalogue/zip 51 MB: 401',
      'POST /api/admin/catalogue/csv/check 8 MB: 401',
      'POST /api/admin/catalogue/csv 8 MB: 401',
      'PATCH /api/users/:id 6 MB: 401',
      'PATCH /api/admin/:id 6 MB: 401',
      'PUT /api/payments/accounts/:id/qr-image 6 MB: 401',
      'PUT /api/payments/orders/:id/transfer-proof 6 MB: 401',
      'PUT /api/returns/:id/photos 6 MB: 401',
      'POST /api/product/add 61 MB: 413',
      'POST /api/orders/placed-order 2 MB: 413',
    ]);
  });
});
