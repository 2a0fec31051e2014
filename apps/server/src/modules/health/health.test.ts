import { createHash } from 'node:crypto';
import { CART_STATE_SCRIPT } from '@habi/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { PROBE_MS } from './saving.ts';

/** The pages' head script, the one inline script the CSP allows (seo.test.ts). */
const CART_SCRIPT_HASH = `sha256-${createHash('sha256').update(CART_STATE_SCRIPT).digest('base64')}`;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers liveness apart from readiness', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'alive' });
  });

  it('turns readiness to 503 while draining, and keeps liveness at 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.request({ method: 'GET', url: '/api/health' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Shutting down' });
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('turns readiness to 503 while writes find no room, says why, and back once the probe finds room', async () => {
    t.app.lifecycle.saving.refused({ cause: { code: '53100', message: 'No space left on device' } });
    const ready = await t.request({ method: 'GET', url: '/api/health' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(
      /^Cannot save changes since \S+: no space left for the database\. Reads still work\.$/,
    );
    expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    // The probe (every PROBE_MS) asks the database, which can write: ready again, no write needed.
    await vi.waitFor(
      async () => expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200),
      { timeout: 3 * PROBE_MS, interval: 100 },
    );
    expect(t.app.lifecycle.saving.active).toBe(false);
  });

  it("answers the probe's question: the database can write", async () => {
    expect(await t.database.canWrite()).toBe(true);
  });

  it('sends the same security headers on every answer, a 404 and a refusal too', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        `img-src 'self' data: blob:;object-src 'none';script-src 'self' '${CART_SCRIPT_HASH}';script-src-attr 'none';` +
        "style-src 'self' 'unsafe-inline';media-src 'self';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/nope' },
      { method: 'POST', url: '/api/users/sign-in', payload: {} },
    ] as const) {
      const response = await t.request(request);
      expect(response.headers, request.url).toMatchObject(expected);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/orders/placed-order');
    expect(paths).toContain('/api/product/all');
  });
});
