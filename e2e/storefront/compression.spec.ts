import { expect, test } from '../fixtures.ts';

test('the built app is sent as built: its hashed entry script brotli-compressed, cached for good', async ({
  request,
}) => {
  const page = await request.get('/', { headers: { 'accept-encoding': 'br' } });
  expect(page.status()).toBe(200);
  // The shell is under a kilobyte: sent as it is, and revalidated each time.
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers().vary).toMatch(/accept-encoding/i);
  const html = await page.text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry, 'the entry script in the page').toBeDefined();
  const script = await request.get(entry!, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(script.status()).toBe(200);
  expect(script.headers()['content-encoding']).toBe('br');
  expect(script.headers().vary).toMatch(/accept-encoding/i);
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await script.body()).length).toBeGreaterThan(1000);
});
