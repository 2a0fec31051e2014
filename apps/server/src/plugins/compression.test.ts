import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, signInAdmin, type TestApp } from '../test/helpers.ts';

const bodyOf = (raw: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(
    'utf8',
  );

describe('compressed answers', () => {
  let t: TestApp;
  let web: string;
  const script = `console.log(${JSON.stringify('habi '.repeat(800))});\n`;
  const html = `<!doctype html><html><head><title>Habi</title></head><body>${'<p>shop</p>'.repeat(200)}</body></html>`;

  beforeAll(async () => {
    // A built web app as the build leaves it: text files with .br and .gz copies beside them.
    web = await mkdtemp(path.join(tmpdir(), 'habi-web-'));
    await mkdir(path.join(web, 'assets'));
    for (const [file, text] of [
      ['index.html', html],
      ['assets/entry-Ab12Cd34.js', script],
    ] as const) {
      await writeFile(path.join(web, file), text);
      await writeFile(path.join(web, `${file}.br`), brotliCompressSync(text));
      await writeFile(path.join(web, `${file}.gz`), gzipSync(text));
    }
    t = await buildTestApp({ WEB_DIST: web });
    for (let i = 0; i < 30; i += 1) await insertProduct(t, { name: `Compressed Linen Shirt ${i}` });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url, headers });

  it('sends a hashed asset as built in brotli or gzip, cached for good, varying on the encoding', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get('/assets/entry-Ab12Cd34.js', { 'accept-encoding': accept });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(bodyOf(response.rawPayload, encoding)).toBe(script);
    }
  });

  it('sends a page (the shell with its own head) compressed, revalidated each time', async () => {
    const plain = await get('/products?category=Men');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Products Collections | Habi</title>');
    expect(plain.body).toContain('<p>shop</p>'.repeat(200));
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/products?category=Men', { 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(bodyOf(response.rawPayload, encoding)).toBe(plain.body);
    }
  });

  it('keeps catalogue answers compressed, each encoding with its own tag, and the same JSON', async () => {
    const plain = await get('/api/product/all?limit=24');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const tags = new Set([plain.headers.etag]);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await get('/api/product/all?limit=24', { 'accept-encoding': encoding });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(bodyOf(response.rawPayload, encoding)).toBe(plain.body);
      tags.add(response.headers.etag);
      const again = await get('/api/product/all?limit=24', {
        'accept-encoding': encoding,
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    }
    expect(tags.size).toBe(3);
  });

  it('compresses JSON built per request above a kilobyte, and leaves small answers as they are', async () => {
    const admin = await signInAdmin(t);
    const list = await t.request({
      method: 'GET',
      url: '/api/product/admin-list?limit=30',
      cookie: admin.cookie,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(bodyOf(list.rawPayload, 'gzip'))).toHaveLength(30);
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });
});
