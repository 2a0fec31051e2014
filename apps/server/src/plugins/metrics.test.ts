import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  orderBodyFor,
  orderLineFor,
  placeOrder,
  signInAdmin,
  signUpCustomer,
  type TestApp,
} from '../test/helpers.ts';

/** The value of one sample in the text format, 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => has.includes(w)) && has.length === wanted.length) return Number(match[3]);
  }
  return 0;
}

describe('metrics', () => {
  let t: TestApp;
  const scrape = () => t.app.metrics.registry.metrics();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves every name docs/metrics.md lists, and lists every name it serves', async () => {
    const docs = await readFile(new URL('../../../../docs/metrics.md', import.meta.url), 'utf8');
    const documented = new Set([...docs.matchAll(/^\| `(habi_[a-z_]+)` \|/gm)].map((m) => m[1]!));
    const served = new Set([...(await scrape()).matchAll(/^# TYPE (habi_[a-z_]+) /gm)].map((m) => m[1]!));
    // The pool's gauges are PostgreSQL's alone.
    if (t.database.kind === 'pglite') {
      for (const name of ['habi_db_connections', 'habi_db_connection_waiters']) documented.delete(name);
    }
    expect([...served].sort()).toEqual([...documented].sort());
    expect(await scrape()).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(await scrape()).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it('counts a request under its route’s pattern, method and status class', async () => {
    const product = await insertProduct(t);
    const labels = { route: '/api/product/:id', method: 'GET', status_class: '2xx' };
    const before = sample(await scrape(), 'habi_http_requests_total', labels);
    const timed = sample(await scrape(), 'habi_http_request_duration_seconds_count', labels);
    await t.request({ method: 'GET', url: `/api/product/${product.id}` });
    await t.request({ method: 'GET', url: `/api/product/${product.id}` });
    const after = await scrape();
    expect(sample(after, 'habi_http_requests_total', labels)).toBe(before + 2);
    expect(sample(after, 'habi_http_request_duration_seconds_count', labels)).toBe(timed + 2);
    const missing = { route: '/api/product/:id', method: 'GET', status_class: '4xx' };
    await t.request({ method: 'GET', url: '/api/product/not-an-id' });
    expect(sample(await scrape(), 'habi_http_requests_total', missing)).toBeGreaterThanOrEqual(1);
    // No path of its own: the labels stay few.
    expect(await scrape()).not.toContain(product.id);
  });

  it('counts orders placed once, payments recorded, and the catalogue cache’s hits and misses', async () => {
    const shopper = await signUpCustomer(t);
    const admin = await signInAdmin(t);
    const product = await insertProduct(t, { price: '100.00' });
    const orders = sample(await scrape(), 'habi_orders_placed_total');
    const body = orderBodyFor(shopper, [orderLineFor(product)]);
    const placed = await placeOrder(t, shopper, body, 'metrics-order-1');
    expect(placed.statusCode).toBe(201);
    // The same request again answers the same order: not a second one.
    expect((await placeOrder(t, shopper, body, 'metrics-order-1')).statusCode).toBe(200);
    expect(sample(await scrape(), 'habi_orders_placed_total')).toBe(orders + 1);

    const cod = { method: 'cod', kind: 'payment' };
    const payments = sample(await scrape(), 'habi_payments_recorded_total', cod);
    const collected = await t.request({
      method: 'POST',
      url: `/api/payments/orders/${placed.json().order._id}/collections`,
      cookie: admin.cookie,
      payload: { amount: '10.00' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(sample(await scrape(), 'habi_payments_recorded_total', cod)).toBe(payments + 1);

    const hits = { cache: 'catalogue', result: 'hit' };
    const misses = { cache: 'catalogue', result: 'miss' };
    const [hit, miss] = [
      sample(await scrape(), 'habi_cache_lookups_total', hits),
      sample(await scrape(), 'habi_cache_lookups_total', misses),
    ];
    const url = `/api/product/${product.id}`;
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url });
    const after = await scrape();
    expect(sample(after, 'habi_cache_lookups_total', misses) - miss).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'habi_cache_lookups_total', hits) - hit).toBeGreaterThanOrEqual(1);
    expect(
      sample(after, 'habi_cache_lookups_total', hits) + sample(after, 'habi_cache_lookups_total', misses),
    ).toBe(hit + miss + 3);
  });

  it('tells how much mail waits and how old the oldest is', async () => {
    await t.database.db.execute(
      sql`insert into outbox (kind, recipient, subject, html, text, created_at)
          values ('test', 'a@example.com', 's', 'h', 't', now() - interval '15 minutes')`,
    );
    const text = await scrape();
    expect(sample(text, 'habi_mail_waiting')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'habi_mail_oldest_waiting_seconds')).toBeGreaterThanOrEqual(15 * 60);
  });

  it('is not served on the store’s own port', async () => {
    const response = await t.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('habi_http_requests_total');
  });
});
