import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, signInAdmin, type TestApp } from '../../test/helpers.ts';

// A stand-in for the web app's server bundle (apps/web src/entry-server.tsx), with its exports:
// it reads the newest product through the API it is given and renders its name, and it
// records what it was asked, so the tests see what the server hands it and does with the answer.
const BUNDLE = `
let api;
globalThis.__rendered = [];
export const SERVER_STATE_ID = 'habi-state';
export function sendApiRequestsTo(next) { api = next; }
export async function renderPage(url) {
  globalThis.__rendered.push(url);
  if (url.startsWith('/delivery')) throw new Error('a page that breaks');
  if (url.startsWith('/privacy')) return undefined;
  if (url.startsWith('/about')) {
    const write = await api('/api/product', { method: 'POST' }).then(() => 'sent', (error) => error.message);
    return { html: '<p>' + write + '</p>', state: '{}', sources: [] };
  }
  const response = await api('/api/product/all?limit=1');
  const [newest] = await response.json();
  return {
    html: '<h1>' + newest.name + '</h1>',
    state: JSON.stringify({ status: response.status, name: newest.name, end: '</script><!--' }),
    sources: ['src/pages/home.tsx'],
  };
}
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-2.js' },
  '_card.js': { file: 'assets/card-3.js', imports: ['_react.js'] },
  'src/pages/home.tsx': { file: 'assets/home-4.js', imports: ['_card.js', '_react.js'] },
};

const SHELL =
  '<!doctype html><html><head><title>Habi</title><script type="module" src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" href="/assets/react-2.js"></head><body><div id="root"></div></body></html>';

describe('pages rendered on the server', () => {
  let t: TestApp;
  let dir: string;
  const rendered = () => (globalThis as unknown as { __rendered: string[] }).__rendered;
  const get = (url: string) => t.request({ method: 'GET', url });
  const root = (html: string) => /<div id="root">(.*?)<\/div>/.exec(html)?.[1];
  const state = (html: string) =>
    /<script type="application\/json" id="habi-state"[^>]*>(.*?)<\/script>/.exec(html)?.[1];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'habi-ssr-'));
    await mkdir(path.join(dir, 'web', '.vite'), { recursive: true });
    await mkdir(path.join(dir, 'dist-ssr'));
    await writeFile(path.join(dir, 'web', 'index.html'), SHELL);
    await writeFile(path.join(dir, 'web', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dir, 'dist-ssr', 'entry-server.js'), BUNDLE);
    t = await buildTestApp({ WEB_DIST: path.join(dir, 'web') });
    await insertProduct(t, { name: 'Rendered Linen Shirt' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a public page rendered, with the data it was rendered from and its modules listed', async () => {
    const response = await get('/products?category=Men');
    expect(response.statusCode).toBe(200);
    expect(rendered().at(-1)).toBe('/products?category=Men');
    expect(root(response.body)).toBe('<h1>Rendered Linen Shirt</h1>');
    // The API answered in process, and the data cannot close its script element early.
    const data = state(response.body)!;
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data)).toEqual({ status: 200, name: 'Rendered Linen Shirt', end: '</script><!--' });
    // The page's chunks for the browser to fetch together, imports first, without what the
    // shell already asks for.
    const modules = /id="habi-state" data-modules="([^"]*)"/.exec(response.body)?.[1];
    expect(modules?.split(' ')).toEqual(['/assets/card-3.js', '/assets/home-4.js']);
  });

  it('renders the not-found page too, with its 404', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(rendered().at(-1)).toBe('/no-such-page');
    expect(root(response.body)).toBe('<h1>Rendered Linen Shirt</h1>');
  });

  it('renders the cart, the same for everyone: the browser shows what its own cart holds', async () => {
    const response = await get('/cart');
    expect(response.statusCode).toBe(200);
    expect(rendered().at(-1)).toBe('/cart');
    expect(root(response.body)).toBe('<h1>Rendered Linen Shirt</h1>');
    expect(response.headers['x-robots-tag']).toBe('noindex');
  });

  it('leaves other personal pages and the back office to the browser: never rendered on the server', async () => {
    for (const url of ['/user/to-pay_products', '/sign-in', '/admin/orders']) {
      const before = rendered().length;
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(rendered().length, url).toBe(before);
      expect(root(response.body), url).toBe('');
      expect(state(response.body), url).toBeUndefined();
    }
  });

  it('sends the shell when a page cannot be rendered, or rendering throws', async () => {
    for (const url of ['/privacy', '/delivery']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(root(response.body), url).toBe('');
      expect(state(response.body), url).toBeUndefined();
    }
  });

  it('lets rendering read the API, never write through it', async () => {
    const response = await get('/about');
    expect(root(response.body)).toBe('<p>page rendering sent POST /api/product</p>');
  });

  it('keeps a rendered page until the catalogue changes, and answers 304 to its entity tag', async () => {
    const url = '/products?category=Women';
    const before = rendered().length;
    const page = await get(url);
    const again = await get(url);
    expect(rendered().length).toBe(before + 1);
    expect(again.body).toBe(page.body);
    expect(again.headers['cache-control']).toBe('public, no-cache');
    const etag = again.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const unchanged = await t.request({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // A new product: the next request renders the page afresh, with it.
    await insertProduct(t, { name: 'Newer Linen Dress' });
    const changed = await get(url);
    expect(rendered().length).toBe(before + 2);
    expect(root(changed.body)).toBe('<h1>Newer Linen Dress</h1>');
  });

  it("keeps a search's page from its second request: searches made once do not push out the others", async () => {
    const before = rendered().length;
    for (let i = 0; i < 3; i++) await get('/products?q=linen');
    // Drawn for the first request and the second (which keeps it), not the third.
    expect(rendered().slice(before)).toEqual(['/products?q=linen', '/products?q=linen']);
  });

  it('draws and keeps a page by the parameters it reads: made-up ones share one copy', async () => {
    const before = rendered().length;
    const urls = [
      '/products?sort=asc&category=Men',
      '/products?category=Men&sort=asc&x=1',
      '/products/?utm_source=mail&category=Men&category=Foo&sort=asc',
      '/products?x=2&sort=asc&category=Men',
    ];
    const pages = [];
    for (const url of urls) pages.push(await get(url));
    expect(rendered().slice(before)).toEqual(['/products?category=Men&sort=asc']);
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);
    // Its canonical link names what it reads, never what was made up.
    expect(pages[0]!.body).toContain('/products?category=Men"');
    // A product page reads its id alone.
    const product = await insertProduct(t, { name: 'Kept Linen Shorts' });
    await get(`/view?x=1&pid=${product.id}`);
    expect(rendered().at(-1)).toBe(`/view?pid=${product.id}`);
  });

  it('draws a kept page again when the ways to pay change, which it names', async () => {
    const admin = await signInAdmin(t);
    await get('/');
    const before = rendered().length;
    await get('/');
    expect(rendered().length).toBe(before);
    const settings = await t.request({ method: 'GET', url: '/api/payments/settings', cookie: admin.cookie });
    const { onlineAvailable: _online, accounts: _accounts, ...current } = settings.json();
    const changed = await t.request({
      method: 'PUT',
      url: '/api/payments/settings',
      cookie: admin.cookie,
      payload: { ...current, codMaxTotal: '5000.00' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await get('/');
    expect(rendered().length).toBe(before + 1);
  });

  it('keeps nothing of a page that could not be rendered', async () => {
    const before = rendered().length;
    await get('/privacy');
    await get('/privacy');
    expect(rendered().length).toBe(before + 2);
  });
});
