import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NEXT_CURSOR_HEADER } from '@habi/shared';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Executor } from '../../db/client.ts';
import { heapAfterGc } from '../../test/heap.ts';
import {
  buildTestApp,
  deleteProductOk,
  editProductOk,
  insertProduct,
  insertTrackedTee,
  ORIGIN,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  restockTee,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  testConfig,
  useTestApp,
} from '../../test/helpers.ts';
import { createCatalogueCache, versionReader } from './catalogue-cache.ts';

/**
 * Catalogue answers are built once and reused (catalogue-cache.ts): each test reads an answer,
 * changes the catalogue the way the store does, and expects the change on the very next read.
 */
describe('catalogue answers reused until the catalogue changes', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t);
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.t.request({ method: 'GET', url, headers });
  const json = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const names = async (url: string) => (await json(url)).map((p: { name: string }) => p.name);
  const restock = (tee: ProductRow, delta: number) => restockTee(ctx.t, admin, tee, delta);

  it('tags each answer, and answers 304 with no body to a client that holds it', async () => {
    await insertProduct(ctx.t, { name: 'Tagged Linen Shirt' });
    const first = await get('/api/product/all?limit=24');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers.etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/api/product/all?limit=24', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
    // Weak comparison, and a list of tags.
    const weak = await get('/api/product/all?limit=24', {
      'if-none-match': `"other", W/${first.headers.etag}`,
    });
    expect(weak.statusCode).toBe(304);
    expect((await get('/api/product/all?limit=24', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('reuses the same bytes for the same question, asked however the URL spells it', async () => {
    await insertProduct(ctx.t, { name: 'Spelled Cotton Polo' });
    const a = await get('/api/product/all?limit=24&sort=asc');
    const b = await get('/api/product/all?sort=asc&limit=24');
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  it('keeps the page headers with the answer', async () => {
    for (let i = 0; i < 3; i++) await insertProduct(ctx.t, { name: `Cursor Knit ${i}` });
    const first = await get('/api/product/all?limit=2');
    const again = await get('/api/product/all?limit=2');
    expect(first.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeTruthy();
    expect(again.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBe(
      first.headers[NEXT_CURSOR_HEADER.toLowerCase()],
    );
  });

  it('shows an edited price on the next read of the list, the search, the product and the tag', async () => {
    const product = await insertProduct(ctx.t, { name: 'Edited Corduroy Jacket', price: '1500.00' });
    const detail = await get(`/api/product/${product.id}`);
    expect(detail.json().price).toBe('1500.00');
    expect((await json('/api/product/all?q=corduroy')).map((p: { price: string }) => p.price)).toEqual([
      '1500.00',
    ]);
    await editProductOk(ctx.t, admin, product.id, 'Edited Corduroy Jacket', '1,250.50');
    const after = await get(`/api/product/${product.id}`, { 'if-none-match': detail.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json().price).toBe('1250.50');
    expect((await json('/api/product/all?q=corduroy')).map((p: { price: string }) => p.price)).toEqual([
      '1250.50',
    ]);
  });

  it('forgets a deleted product at once, and finds a new one at once', async () => {
    const product = await insertProduct(ctx.t, { name: 'Doomed Seersucker Shorts' });
    expect(await names('/api/product/all?q=seersucker')).toEqual(['Doomed Seersucker Shorts']);
    expect((await get(`/api/product/${product.id}`)).statusCode).toBe(200);
    await deleteProductOk(ctx.t, admin, product.id);
    expect(await names('/api/product/all?q=seersucker')).toEqual([]);
    expect((await get(`/api/product/${product.id}`)).statusCode).toBe(404);
    expect((await json('/api/product/suggest?q=seersucker')).products).toEqual([]);

    await insertProduct(ctx.t, { name: 'Fresh Seersucker Shirt' });
    expect(await names('/api/product/all?q=seersucker')).toEqual(['Fresh Seersucker Shirt']);
    expect(
      (await json('/api/product/suggest?q=seersucker')).products.map((p: { name: string }) => p.name),
    ).toEqual(['Fresh Seersucker Shirt']);
  });

  it('shows stock an order took and an admin gave back on the next read', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy S': 2 });
    /** The tee as its page, the collection, a search and Best Collections show it. */
    const shown = async () => {
      const find = (list: { id: string }[]) => list.find((p) => p.id === tee.id);
      return [
        await json(`/api/product/${tee.id}`),
        find(await json('/api/product/all?limit=100')),
        find(await json(`/api/product/all?q=${encodeURIComponent(tee.name)}`)),
        find(await json('/api/product/best')),
      ];
    };
    const each = (stock: object) => Array.from({ length: 4 }, () => expect.objectContaining(stock));
    expect(await shown()).toEqual(each({ stockTotal: 2, soldOut: false }));
    await placeOrderOk(ctx.t, shopper, [orderLineFor(tee, { size: 'S', quantity: 2 })]);
    expect(await shown()).toEqual(each({ stockTotal: 0, soldOut: true }));
    await restock(tee, 5);
    expect(await shown()).toEqual(each({ stockTotal: 5, soldOut: false }));
  });

  it('moves a product up Best Collections on the order that outsells the others, and down when cancelled', async () => {
    const outsider = await insertProduct(ctx.t, { name: 'Outsider Wool Scarf' });
    const before = await names('/api/product/best');
    expect(before[0]).not.toBe('Outsider Wool Scarf');
    const order = await placeOrderOk(ctx.t, shopper, [orderLineFor(outsider, { quantity: 99 })]);
    expect((await names('/api/product/best'))[0]).toBe('Outsider Wool Scarf');
    const cancel = await ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled'], userId: shopper.id },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await names('/api/product/best'))[0]).not.toBe('Outsider Wool Scarf');
  });

  const versions = async () => {
    const result = await ctx.t.database.db.execute(sql`select
      (select sum(n) from catalogue_versions)::text as catalogue,
      (select sum(n) from sales_versions)::text as sales,
      (select sum(n) from products_versions)::text as products`);
    const [row] = (result as unknown as { rows: { catalogue: string; sales: string; products: string }[] })
      .rows;
    return { catalogue: BigInt(row!.catalogue), sales: BigInt(row!.sales), products: BigInt(row!.products) };
  };

  it("raises the products' version (the search index's) for writes to products alone, once per write", async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy S': 3 });
    const before = await versions();
    await placeOrderOk(ctx.t, shopper, [orderLineFor(tee, { size: 'S', quantity: 1 })]);
    await restock(tee, 5);
    const afterStock = await versions();
    expect(afterStock.catalogue).toBeGreaterThan(before.catalogue);
    expect(afterStock.products).toBe(before.products);

    await editProductOk(ctx.t, admin, tee.id, 'Renamed Ribbed Tee', '499.00');
    const afterEdit = await versions();
    expect(afterEdit.products).toBe(afterStock.products + 1n);
    expect(afterEdit.catalogue).toBeGreaterThan(afterStock.catalogue);
  });

  it('keeps other answers through an order of a product without stock, and moves only Best Collections', async () => {
    const untracked = await insertProduct(ctx.t, { name: 'Untracked Silk Scarf' });
    const list = await get('/api/product/all?limit=24');
    const before = await versions();
    await placeOrderOk(ctx.t, shopper, [orderLineFor(untracked, { quantity: 99 })]);
    const after = await versions();
    expect(after.catalogue).toBe(before.catalogue);
    expect(after.sales).toBeGreaterThan(before.sales);
    expect((await get('/api/product/all?limit=24', { 'if-none-match': list.headers.etag! })).statusCode).toBe(
      304,
    );
    expect((await names('/api/product/best'))[0]).toBe('Untracked Silk Scarf');
  });

  it('answers a shopper signed in exactly as anyone, and keeps no cookie with the answer', async () => {
    await insertProduct(ctx.t, { name: 'Shared Denim Jacket' });
    const anonymous = await get('/api/product/all?q=denim');
    const signedIn = await ctx.t.request({
      method: 'GET',
      url: '/api/product/all?q=denim',
      cookie: shopper.cookie,
    });
    expect(signedIn.body).toBe(anonymous.body);
    for (const response of [anonymous, signedIn]) expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('caches no refusal: a bad query and an unknown product are answered without a tag', async () => {
    const bad = await get('/api/product/all?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const unknown = await get('/api/product/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.etag).toBeUndefined();
  });
});

describe('catalogue answers across instances', () => {
  const ctx = useTestApp();
  let other: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    // A second instance of the store on the same database, with answers of its own.
    dataDir = await mkdtemp(path.join(tmpdir(), 'habi-data-'));
    other = await buildApp(testConfig(dataDir), ctx.t.database);
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  let admin: SignedIn;
  beforeEach(async () => {
    admin = await signInAdmin(ctx.t);
  });

  const readOther = async (url: string) =>
    (await other.inject({ method: 'GET', url, headers: { host: 'localhost:80', origin: ORIGIN } })).json();

  it('shows on one instance the edit made through the other at the next request', async () => {
    const product = await insertProduct(ctx.t, { name: 'Twin Chambray Shirt', price: '900.00' });
    expect((await readOther(`/api/product/${product.id}`)).price).toBe('900.00');
    expect((await readOther('/api/product/all?q=chambray'))[0].price).toBe('900.00');
    await editProductOk(ctx.t, admin, product.id, 'Twin Chambray Shirt', '850.00');
    expect((await readOther(`/api/product/${product.id}`)).price).toBe('850.00');
    expect((await readOther('/api/product/all?q=chambray'))[0].price).toBe('850.00');
  });

  it('finds on one instance, at the next request, a product renamed or deleted through the other', async () => {
    const product = await insertProduct(ctx.t, { name: 'Twin Gingham Shirt' });
    const names = async (url: string) => (await readOther(url)).map((p: { name: string }) => p.name);
    expect(await names('/api/product/all?q=gingham')).toEqual(['Twin Gingham Shirt']);
    await editProductOk(ctx.t, admin, product.id, 'Twin Madras Shirt', '900.00');
    expect(await names('/api/product/all?q=gingham')).toEqual([]);
    expect(await names('/api/product/all?q=madras')).toEqual(['Twin Madras Shirt']);
    expect(await names('/api/product/all?q=madras&sort=asc')).toEqual(['Twin Madras Shirt']);
    await deleteProductOk(ctx.t, admin, product.id);
    expect(await names('/api/product/all?q=madras')).toEqual([]);
    expect((await readOther('/api/product/suggest?q=madras')).products).toEqual([]);
  });
});

describe('reading the catalogue version for many requests at once', () => {
  /** A database whose version reads answer only when the test says, each with the next number. */
  function controlledDatabase() {
    const pending: (() => void)[] = [];
    let reads = 0;
    const db = {
      execute: () => {
        reads += 1;
        const version = String(reads);
        return new Promise((resolve) =>
          pending.push(() => resolve({ rows: [{ catalogue: version, sales: version, products: version }] })),
        );
      },
    } as unknown as Executor;
    return {
      db,
      reads: () => reads,
      /** Lets the oldest read still waiting answer. */
      answer: async () => {
        pending.shift()!();
        // The callers' continuations run before the test looks.
        await new Promise((r) => setImmediate(r));
      },
    };
  }

  it('gives requests arriving during a read the next read, sent after they arrived', async () => {
    const database = controlledDatabase();
    const read = versionReader(database.db);
    const first = read();
    const second = read();
    const third = read();
    // One read in flight; the two latecomers wait for one read of their own.
    expect(database.reads()).toBe(1);
    await database.answer();
    expect(await first).toEqual({ catalogue: 1n, sales: 1n, products: 1n });
    expect(database.reads()).toBe(2);
    await database.answer();
    expect(await second).toEqual({ catalogue: 2n, sales: 2n, products: 2n });
    expect(await third).toEqual({ catalogue: 2n, sales: 2n, products: 2n });
    // Nothing in flight: the next request reads at once.
    const fourth = read();
    expect(database.reads()).toBe(3);
    await database.answer();
    expect(await fourth).toEqual({ catalogue: 3n, sales: 3n, products: 3n });
  });
});

describe('the embedded database’s versions, kept until a commit raises one', () => {
  it('reads once, then answers from memory until told of a raise; a raise during a read keeps nothing', async () => {
    let reads = 0;
    const db = {
      execute: async () => {
        reads += 1;
        const version = String(reads);
        return { rows: [{ catalogue: version, sales: version, products: version }] };
      },
    } as unknown as Executor;
    const listeners = new Set<() => void>();
    const raise = () => {
      for (const listener of listeners) listener();
    };
    const read = versionReader(db, (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    });
    expect((await read()).catalogue).toBe(1n);
    expect((await read()).catalogue).toBe(1n);
    expect(reads).toBe(1);
    raise();
    expect((await read()).catalogue).toBe(2n);
    expect(reads).toBe(2);
    // A raise while a read is on its way: that read is answered, not kept.
    raise();
    const during = read();
    raise();
    expect((await during).catalogue).toBe(3n);
    expect((await read()).catalogue).toBe(4n);
    expect((await read()).catalogue).toBe(4n);
    expect(reads).toBe(4);
  });

  it('is told of each commit that raised a version, before the committing call returns', async () => {
    const ctx = { t: await buildTestApp() };
    try {
      const raised = ctx.t.database.versionsRaised;
      if (ctx.t.database.kind === 'postgres') {
        // Instances of one PostgreSQL database read the versions: nothing to be told.
        expect(raised).toBeUndefined();
        return;
      }
      let told = 0;
      raised!(() => {
        told += 1;
      });
      const product = await insertProduct(ctx.t, { name: 'Told Linen Shirt' });
      const afterInsert = told;
      expect(afterInsert).toBeGreaterThan(0);
      // A statement that changes nothing raises nothing.
      await ctx.t.database.db.execute(sql`update products set name = name where id = ${crypto.randomUUID()}`);
      expect(told).toBe(afterInsert);
      await ctx.t.database.db.execute(sql`update products set price = price where id = ${product.id}`);
      expect(told).toBeGreaterThan(afterInsert);
    } finally {
      await ctx.t.close();
    }
  });
});

describe('which answers the cache keeps', () => {
  const ctx = useTestApp();
  const LIMITS = { name: 'test', entries: 3, bytes: 1024 * 1024 };
  let app: FastifyInstance;
  /** How many times each key's answer was built. */
  const builds = new Map<string, number>();

  beforeAll(async () => {
    app = Fastify();
    const cache = createCatalogueCache(ctx.t.database.db, LIMITS);
    app.get<{ Params: { key: string } }>('/answer/:key', (request, reply) =>
      cache.reply(request, reply, request.params.key, async () => {
        builds.set(request.params.key, (builds.get(request.params.key) ?? 0) + 1);
        return { body: `the answer for ${request.params.key}` };
      }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = async (key: string) => {
    const response = await app.inject({ method: 'GET', url: `/answer/${key}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(`the answer for ${key}`);
    expect(response.headers.etag).toMatch(/^"[\w-]{27}"$/);
  };

  it('keeps an answer asked for twice, so searches asked once do not push it out', async () => {
    await ask('collection');
    await ask('collection');
    await ask('collection');
    // Built for the first two, answered from the cache after.
    expect(builds.get('collection')).toBe(2);
    // Far more one-off searches than the cache holds answers (and than it remembers keys of).
    for (let i = 0; i < LIMITS.entries * 10; i++) await ask(`search ${i}`);
    await ask('collection');
    expect(builds.get('collection')).toBe(2);
    // Each was built once, and asked again, is built once more and then kept.
    expect(builds.get('search 7')).toBe(1);
    await ask('search 29');
    await ask('search 29');
    expect(builds.get('search 29')).toBe(2);
    // Keys asked once are remembered for a while only: "search 0", long ago, is new again.
    await ask('search 0');
    await ask('search 0');
    expect(builds.get('search 0')).toBe(3);
    await ask('search 0');
    expect(builds.get('search 0')).toBe(3);
  });
});

describe('answers built from the sales counts', () => {
  /** A database whose versions the test sets: the catalogue's stays, the sales counts' moves. */
  const versions = { catalogue: '1', sales: '1', products: '1' };
  const db = { execute: async () => ({ rows: [{ ...versions }] }) } as unknown as Executor;
  const LIMITS = { name: 'test', entries: 3, bytes: 1024 * 1024 };
  let app: FastifyInstance;
  const builds = new Map<string, number>();
  /** A build waits here while the test holds it. */
  let held: Promise<void> | undefined;

  beforeAll(async () => {
    app = Fastify();
    const cache = createCatalogueCache(db, LIMITS);
    app.get<{ Querystring: { key: string; sales: string; keep?: string } }>('/answer', (request, reply) => {
      const { key, sales, keep } = request.query;
      return cache.reply(
        request,
        reply,
        key,
        async (seen) => {
          if (keep !== 'no') builds.set(key, (builds.get(key) ?? 0) + 1);
          await held;
          return { body: `${key} at sales ${seen.sales}` };
        },
        // Kept from the first ask, so the counts below are of builds; a search's is not (keep=no).
        { readsSales: sales === 'yes', keepFirst: keep !== 'no' },
      );
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const ask = async (key: string, sales: 'yes' | 'no' = 'yes') => {
    const response = await app.inject({ method: 'GET', url: '/answer', query: { key, sales } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('are built again once the counts change; the others are kept', async () => {
    expect(await ask('best')).toBe('best at sales 1');
    expect(await ask('collection', 'no')).toBe('collection at sales 1');
    expect(await ask('best')).toBe('best at sales 1');
    expect(builds.get('best')).toBe(1);
    versions.sales = '2';
    expect(await ask('best')).toBe('best at sales 2');
    expect(await ask('best')).toBe('best at sales 2');
    expect(builds.get('best')).toBe(2);
    expect(await ask('collection', 'no')).toBe('collection at sales 1');
    expect(builds.get('collection')).toBe(1);
  });

  it('are not kept when the counts change while they are built', async () => {
    let release!: () => void;
    held = new Promise((resolve) => {
      release = resolve;
    });
    const during = ask('best during');
    await expect.poll(() => builds.get('best during')).toBe(1);
    versions.sales = '3';
    // A request after the change does not share the build started before it.
    const after = ask('best during');
    await expect.poll(() => builds.get('best during')).toBe(2);
    release();
    held = undefined;
    expect(await during).toBe('best during at sales 2');
    expect(await after).toBe('best during at sales 3');
    expect(await ask('best during')).toBe('best during at sales 3');
    expect(builds.get('best during')).toBe(2);
  });

  it('leave nothing behind when not kept, however many distinct ones are asked', async () => {
    // Searches asked once each (not kept), between two orders: each key 4 kB, as long as a
    // search with its filters may be.
    const key = (i: number) => `search ${i} ${'x'.repeat(4096)}`;
    // Over HTTP: the injected requests' stand-in sockets would keep their answers for a while.
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const askOnce = async (i: number) => {
      const query = new URLSearchParams({ key: key(i), sales: 'yes', keep: 'no' });
      const response = await fetch(`${base}/answer?${query}`);
      await response.arrayBuffer();
      return response.status;
    };
    for (let i = 0; i < 100; i++) await askOnce(i);
    const before = heapAfterGc();
    for (let i = 100; i < 3_100; i++) expect(await askOnce(i)).toBe(200);
    // A key remembered per answer would be 3,000 × 4 kB = 12 MB here.
    expect((heapAfterGc() - before) / 1024 / 1024).toBeLessThan(3);
  });
});
