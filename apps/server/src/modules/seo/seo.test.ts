import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  deleteProductOk,
  editProductOk,
  insertProduct,
  type SignedIn,
  signInAdmin,
  type TestApp,
} from '../../test/helpers.ts';

const PUBLIC_URL = 'https://shop.example.ph';

describe('page statuses, robots.txt and the sitemaps', () => {
  let t: TestApp;
  let web: string;
  let admin: SignedIn;
  const shell =
    '<!doctype html><html><head><title>Habi</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'habi-web-'));
    await writeFile(path.join(web, 'index.html'), shell);
    t = await buildTestApp({ WEB_DIST: web, PUBLIC_URL });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string) => t.request({ method: 'GET', url });
  /** The <loc> and <lastmod> pairs of a sitemap. */
  const entries = (xml: string) =>
    [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map((m) => ({
      loc: m[1]!.replaceAll('&amp;', '&'),
      lastmod: m[2],
    }));
  const productLocs = async () =>
    entries((await get('/sitemap-products-1.xml')).body)
      .map((e) => e.loc)
      .filter((loc) => loc.includes('/view?pid='));

  it("answers the app's pages 200 with the page shell, deep links and the back office included", async () => {
    for (const url of [
      '/',
      '/about',
      '/products?category=Men&sort=asc',
      '/cart',
      '/user/to-pay_products',
      '/admin',
      '/admin/orders',
      '/sign-in/',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
  });

  it("lets search engines index the storefront's public pages alone (X-Robots-Tag)", async () => {
    const product = await insertProduct(t, { name: 'Indexed Linen Shirt' });
    for (const url of ['/', '/about', '/products?category=Men', `/view?pid=${product.id}`]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBeUndefined();
    }
    for (const url of [
      '/cart',
      '/sign-in',
      '/user',
      '/user/to-pay_products',
      '/admin',
      '/admin/orders',
      '/no-such-page',
      `/view?pid=${randomUUID()}`,
    ]) {
      expect((await get(url)).headers['x-robots-tag'], url).toBe('noindex');
    }
  });

  it('answers any other path 404 with the page shell, which shows the not-found page', async () => {
    for (const url of ['/no-such-page', '/products/shirts', '/aboutus?x=1', '/view/extra']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(shell);
    }
    // Files and API paths that are not there stay plain 404s.
    expect((await get('/missing.js')).statusCode).toBe(404);
    expect((await get('/api/no-such-call')).json()).toEqual({ message: 'Not found' });
  });

  it('answers a product page 200 while the product exists, and 404 for one deleted, unknown or malformed', async () => {
    const product = await insertProduct(t, { name: 'Status Linen Shirt' });
    expect((await get(`/view?pid=${product.id}`)).statusCode).toBe(200);
    expect((await get(`/view?pid=${product.id.toUpperCase()}`)).statusCode).toBe(200);
    for (const pid of [randomUUID(), 'not-an-id', '']) {
      expect((await get(`/view?pid=${pid}`)).statusCode, pid).toBe(404);
    }
    expect((await get('/view')).statusCode).toBe(404);
    await deleteProductOk(t, admin, product.id);
    expect((await get(`/view?pid=${product.id}`)).statusCode).toBe(404);
  });

  it('serves robots.txt: the storefront open, the back office, the API and personal pages closed, the sitemap named', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const closed of ['/admin', '/api/', '/cart', '/user', '/sign-in'])
      expect(lines).toContain(`Disallow: ${closed}`);
    for (const open of ['/products', '/view', '/about']) expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('indexes the sitemaps, and lists the pages and every category and subcategory listing', async () => {
    await insertProduct(t, { name: 'Sitemap Linen Tee' });
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(files).toEqual([`${PUBLIC_URL}/sitemap-pages.xml`, `${PUBLIC_URL}/sitemap-products-1.xml`]);
    const pages = entries((await get('/sitemap-pages.xml')).body).map((e) => e.loc);
    expect(pages).toEqual(
      expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/about`, `${PUBLIC_URL}/products`]),
    );
    expect(pages).toContain(`${PUBLIC_URL}/products?category=Kids&subCategory=Full+Outfit`);
    expect(pages.filter((loc) => loc.includes('category='))).toHaveLength(3 * 6);
    expect(pages.some((loc) => loc.includes('/cart') || loc.includes('/admin'))).toBe(false);
    expect((await get('/sitemap-products-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemap-products-0.xml')).statusCode).toBe(404);
  });

  it('lists a product added a moment before with its lastmod, moves lastmod on an edit, and drops one deleted', async () => {
    const added = await insertProduct(t, { name: 'Sitemap Chambray Shirt' });
    const doomed = await insertProduct(t, { name: 'Sitemap Doomed Shorts' });
    const loc = (id: string) => `${PUBLIC_URL}/view?pid=${id}`;
    const before = entries((await get('/sitemap-products-1.xml')).body);
    const first = before.find((e) => e.loc === loc(added.id));
    expect(first?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await productLocs()).toContain(loc(doomed.id));

    await editProductOk(t, admin, added.id, 'Sitemap Chambray Shirt', '999.00');
    const edited = entries((await get('/sitemap-products-1.xml')).body).find((e) => e.loc === loc(added.id));
    expect(Date.parse(edited!.lastmod!)).toBeGreaterThan(Date.parse(first!.lastmod!));

    await deleteProductOk(t, admin, doomed.id);
    expect(await productLocs()).not.toContain(loc(doomed.id));
  });
});
