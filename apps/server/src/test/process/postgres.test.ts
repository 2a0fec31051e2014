import { execSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_MIGRATED,
  api,
  type Database,
  freshDatabase,
  logLines,
  run,
  type Server,
  startServer,
  tempDataDir,
  until,
} from './server-process.ts';
import { addProduct, placeOrder, signInAdmin, signUp } from './shop.ts';

// These need a PostgreSQL server: `.ci/run` starts one and sets DATABASE_URL (a role that may
// create databases); without it they do not run. HABI_TEST_PG_CTL (for example
// `pg_ctlcluster 15 main`) lets the outage test stop and start the whole cluster.
const baseUrl = process.env.DATABASE_URL;
const pgCtl = process.env.HABI_TEST_PG_CTL;

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  return (await server.exited).code;
}

describe.runIf(baseUrl)('instances on one PostgreSQL', () => {
  it('boot together on an empty database into one catalogue and one first admin', async () => {
    const database = await freshDatabase(baseUrl!);
    const data = await Promise.all([tempDataDir(), tempDataDir(), tempDataDir()]);
    const env = (i: number) => ({
      DATABASE_URL: database.url,
      DATA_DIR: data[i]!.dir,
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: '',
    });
    const servers = await Promise.all([0, 1, 2].map((i) => startServer(env(i), 180_000)));
    try {
      const products = await database.query<{ n: number; names: number }>(
        'select count(*)::int as n, count(distinct name)::int as names from products',
      );
      expect(products[0]!.n).toBeGreaterThan(0);
      expect(products[0]!.names).toBe(products[0]!.n);
      expect(await database.query('select username from admins')).toEqual([{ username: 'admin' }]);
      const announced = servers.filter((s) => s.stdout().includes('First admin created'));
      expect(announced).toHaveLength(1);
      const password = /password: (\S+)/.exec(announced[0]!.stdout())![1];
      // Any instance signs the printed admin in: they share one database.
      for (const server of servers) {
        const signIn = await api(server.url, '/api/admin/sign-in', {
          method: 'POST',
          body: { username: 'admin', password },
        });
        expect(signIn.status).toBe(200);
      }
      const migrated = servers
        .flatMap((s) => logLines(s).map((l) => l.msg))
        .filter((m) => m.startsWith('database'));
      expect(migrated.sort()).toEqual([
        ALL_MIGRATED,
        'database schema up to date',
        'database schema up to date',
      ]);
    } finally {
      expect(await Promise.all(servers.map(stop))).toEqual([0, 0, 0]);
      await Promise.all(data.map((d) => d.remove()));
      await database.drop();
    }
  });

  it('lets admin:create add an admin while the store runs', async () => {
    const database = await freshDatabase(baseUrl!);
    const data = await tempDataDir();
    const server = await startServer({ DATABASE_URL: database.url, DATA_DIR: data.dir });
    try {
      const cli = run('create-admin.js', { DATABASE_URL: database.url, ADMIN_PASSWORD: 'second-secret' }, [
        'second-admin',
        'second@example.com',
      ]);
      expect((await cli.exited).code).toBe(0);
      const signIn = await api(server.url, '/api/admin/sign-in', {
        method: 'POST',
        body: { username: 'second-admin', password: 'second-secret' },
      });
      expect(signIn.status).toBe(200);
    } finally {
      await stop(server);
      await data.remove();
      await database.drop();
    }
  });
});

describe.runIf(baseUrl)('a PostgreSQL outage', () => {
  let database: Database;
  let data: Awaited<ReturnType<typeof tempDataDir>>;
  let server: Server;
  let shop: { customer: Awaited<ReturnType<typeof signUp>>; product: Awaited<ReturnType<typeof addProduct>> };

  beforeAll(async () => {
    database = await freshDatabase(baseUrl!);
    data = await tempDataDir();
    server = await startServer({ DATABASE_URL: database.url, DATA_DIR: data.dir, DATABASE_POOL_SIZE: '4' });
    const product = await addProduct(server.url, await signInAdmin(server.url), 'Outage Tee');
    shop = { customer: await signUp(server.url), product };
  });
  afterAll(async () => {
    expect(await stop(server)).toBe(0);
    await data.remove();
    await database.drop();
  });

  /** Browses, checks the session and orders in a loop until stopped; every status it got. */
  function traffic() {
    const statuses: number[] = [];
    const bodies: string[] = [];
    let running = true;
    const loop = async () => {
      while (running) {
        for (const call of [
          () => api(server.url, '/api/product/all?limit=5'),
          () => api(server.url, '/api/users/current', { cookie: shop.customer.cookie }),
          () => placeOrder(server.url, shop.customer, shop.product),
        ]) {
          // A request that got no answer at all counts as status 0: a failure the test reports.
          const response = await call().catch(() => ({ status: 0, text: '' }));
          statuses.push(response.status);
          if (response.status === 503) bodies.push(response.text);
        }
      }
    };
    const loops = [loop(), loop()];
    return {
      statuses,
      bodies,
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  async function answersAgain() {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const health = await api(server.url, '/api/health').catch(() => null);
      if (health?.status === 200) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  }

  it('answers 503 while its connections are killed, never 500, and recovers by itself', async () => {
    const load = traffic();
    for (let round = 1; round <= 15; round++) {
      // Only the client connections of this test's database: autovacuum's are the server's own.
      await database.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend' and usename = current_user`,
      );
      // Some traffic between two rounds, so requests meet dead and fresh connections alike.
      await until(() => load.statuses.length >= round * 4, 'traffic between terminations');
    }
    await load.stop();
    expect(load.statuses.length).toBeGreaterThan(10);
    expect(new Set(load.statuses.filter((s) => s !== 503))).toEqual(new Set([200, 201]));
    for (const body of load.bodies) {
      expect(JSON.parse(body)).toEqual({
        message: 'The store is briefly unavailable. Please try again in a moment.',
      });
    }
    expect(server.child.exitCode).toBeNull();
    expect(await answersAgain()).toBe(true);
    expect((await api(server.url, '/api/product/all?limit=1')).status).toBe(200);
    const placed = await placeOrder(server.url, shop.customer, shop.product);
    expect(placed.status).toBe(201);
  });

  // Stopping the cluster needs the rights to do so (HABI_TEST_PG_CTL); .ci/run gives them.
  it.runIf(pgCtl)('answers 503 while PostgreSQL is down, and serves again once it is back', async () => {
    execSync(`${pgCtl} stop`, { stdio: 'ignore' });
    try {
      const health = await api(server.url, '/api/health');
      expect(health.status).toBe(503);
      expect(health.json()).toEqual({ message: 'Database unavailable' });
      const list = await api(server.url, '/api/product/all?limit=1');
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('5');
    } finally {
      execSync(`${pgCtl} start`, { stdio: 'ignore' });
    }
    expect(await answersAgain()).toBe(true);
    expect(server.child.exitCode).toBeNull();
    expect((await placeOrder(server.url, shop.customer, shop.product)).status).toBe(201);
  });
});
