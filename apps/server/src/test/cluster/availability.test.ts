import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Database, until } from '../process/server-process.ts';
import { addProduct, type ShopProduct, signInAdmin, signUp } from '../process/shop.ts';
import {
  type Cluster,
  type Figures,
  type Instance,
  type Load,
  type Nginx,
  printFigures,
  startLoad,
  startShop,
  stopShop,
  storedOrderIds,
  triedBy,
} from './cluster.ts';

// A PostgreSQL server is needed: DATABASE_URL names a role that may create databases (each file
// makes one of its own from it). Without it the instances could only run on embedded PGlite,
// one process per data directory, and there is no cluster to test.
const baseUrl = process.env.DATABASE_URL;

/** The load generator's concurrency: at most this many requests are ever in flight. */
const BROWSERS = 4;
const BUYERS = 2;

describe.runIf(baseUrl)('three instances behind nginx under load', () => {
  let database: Database;
  let cluster: Cluster;
  let nginx: Nginx;
  let product: ShopProduct;
  let productIds: string[];

  beforeAll(async () => {
    ({ database, cluster, nginx } = await startShop(baseUrl!));
    product = await addProduct(nginx.url, await signInAdmin(nginx.url), 'Cluster Load Tee', '350.00');
    productIds = (await api(nginx.url, '/api/product/all?limit=24'))
      .json()
      .map((p: { _id: string }) => p._id);
  });

  afterAll(() => stopShop({ database, cluster, nginx }));

  const address = (instance: Instance) => `127.0.0.1:${instance.port}`;
  /**
   * From nginx's access log after line `from`: per instance, the requests it answered (2xx/3xx),
   * and how many requests nginx had to send to another instance after a failure.
   */
  async function logSince(from: number) {
    const answered: Record<string, number> = {};
    let failedOver = 0;
    for (const line of (await nginx.accessLog()).slice(from)) {
      const tried = triedBy(line);
      if (tried.length > 1) failedOver++;
      const by = tried.at(-1);
      if (by && /" [23]\d\d /.test(line)) answered[by] = (answered[by] ?? 0) + 1;
    }
    return { answered, failedOver };
  }

  it('restarts every instance in turn under load without a failed request or a lost order', async () => {
    const customer = await signUp(nginx.url);
    const start = (await nginx.accessLog()).length;
    const load = startLoad(
      nginx.url,
      { customer, product, productIds },
      { browsers: BROWSERS, buyers: BUYERS },
    );
    const exits: (number | null)[] = [];
    let result: Awaited<ReturnType<Load['stop']>>;
    try {
      await until(() => load.sent() >= 100, 'the load to get going');
      for (const instance of cluster.instances) {
        exits.push((await cluster.stop(instance)).code);
        await cluster.start(instance);
        // Back in rotation before the next one goes: nginx has sent it traffic again.
        const mark = (await nginx.accessLog()).length;
        await until(
          async () => ((await logSince(mark)).answered[address(instance)] ?? 0) > 0,
          `nginx to use instance ${instance.name} again`,
        );
      }
    } finally {
      result = await load.stop();
    }
    const stored = await storedOrderIds(database, customer);
    const log = await logSince(start);
    const figures: Figures = {
      scenario: 'rolling restart (SIGTERM, exit, start, healthy; A then B then C)',
      requests: result.requests,
      failed: result.failed,
      ordersAcknowledged: result.orderIds.length,
      ordersStored: stored.length,
      ordersGivenUp: result.givenUp.length,
      failedOver: log.failedOver,
      failures: result.failures,
    };
    printFigures(figures);
    console.log(`  answered per instance: ${JSON.stringify(log.answered)}`);

    expect(exits).toEqual([0, 0, 0]);
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    expect(result.givenUp).toEqual([]);
    expect(result.orderIds.length).toBeGreaterThan(0);
    expect(new Set(result.orderIds).size).toBe(result.orderIds.length);
    expect(stored.sort()).toEqual([...result.orderIds].sort());
  });

  it('keeps serving when one instance is killed; only requests in flight to it may fail', async () => {
    const customer = await signUp(nginx.url);
    const victim = cluster.instances[1]!;
    const others = cluster.instances.filter((instance) => instance !== victim);
    const load = startLoad(
      nginx.url,
      { customer, product, productIds },
      { browsers: BROWSERS, buyers: BUYERS },
    );
    let sinceKill: Awaited<ReturnType<typeof logSince>> = { answered: {}, failedOver: 0 };
    let result: Awaited<ReturnType<Load['stop']>>;
    try {
      // All three in rotation first: the last test's restarts are over for nginx too.
      const start = (await nginx.accessLog()).length;
      await until(async () => {
        const { answered } = await logSince(start);
        return cluster.instances.every((instance) => (answered[address(instance)] ?? 0) > 0);
      }, 'the load to reach every instance');
      // Counted from just before the kill, so the requests in flight to the victim and the first
      // ones sent to it afterwards (refused) are in: nginx learns it is gone only by trying.
      const mark = (await nginx.accessLog()).length;
      const sentAtKill = load.sent();
      const exit = await cluster.kill(victim);
      expect(exit.signal).toBe('SIGKILL');
      await until(() => load.sent() >= sentAtKill + 600, 'the load to go on without the killed instance');
      sinceKill = await logSince(mark);
      for (const other of others) {
        expect((await api(other.url, '/api/health')).status).toBe(200);
      }
      await cluster.start(victim);
    } finally {
      result = await load.stop();
    }
    const stored = await storedOrderIds(database, customer);
    printFigures({
      scenario: `kill -9 of instance ${victim.name} under load, then a restart`,
      requests: result.requests,
      failed: result.failed,
      ordersAcknowledged: result.orderIds.length,
      ordersStored: stored.length,
      ordersGivenUp: result.givenUp.length,
      failedOver: sinceKill.failedOver,
      failures: result.failures,
    });
    console.log(`  answered per instance since the kill: ${JSON.stringify(sinceKill.answered)}`);

    // The survivors carried the load, each its share.
    for (const other of others) expect(sinceKill.answered[address(other)] ?? 0).toBeGreaterThan(100);
    // nginx did meet the dead instance, and sent those requests on to a live one.
    expect(sinceKill.failedOver).toBeGreaterThan(0);
    expect(result.failed).toBeLessThanOrEqual(BROWSERS + BUYERS);
    expect(result.givenUp).toEqual([]);
    expect(new Set(result.orderIds).size).toBe(result.orderIds.length);
    expect(stored.sort()).toEqual([...result.orderIds].sort());
  });
});
