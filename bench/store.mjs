// The store as the benchmarks run it: the built server on plain node with the flags `npm start`
// gives it, on a fresh database (embedded, or a PostgreSQL one created for the run), scaled to a
// number of products, customers and orders; and its resident memory, read from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFreshDatabase, dropDatabase } from './postgres.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { username: 'bench-admin', password: 'bench-admin-secret' };
// The built server on plain node, as `npm start` runs it, so its memory is what is read.
export const SERVER_ARGS = [
  '--max-semi-space-size=8',
  '--heap-growing-percent=20',
  '--liftoff-only',
  'apps/server/dist/main.js',
];

export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

export async function waitForHealth(base) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/**
 * Starts the store on port `port` with `products` products (and as many customers and orders),
 * on `databaseUrl` (created fresh, dropped by `stop()`) or an embedded database in a new folder.
 * `nodeArgs` go before the server's own (`--cpu-prof`, say). Returns the running server.
 */
export async function startScaledStore({ port, products, databaseUrl, nodeArgs = [] }) {
  const base = `http://localhost:${port}`;
  if (databaseUrl) await createFreshDatabase(databaseUrl);
  // The server's database is the bench's own, never one the caller's DATABASE_URL names.
  const { DATABASE_URL: _callers, ...inherited } = process.env;
  const env = {
    ...inherited,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'habi-bench-')),
    PORT: String(port),
    NODE_ENV: 'production',
    // As `npm start` and the systemd unit run it.
    MALLOC_ARENA_MAX: '2',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // The bench's shoppers sign up from addresses of their own (X-Forwarded-For), as real ones do.
    TRUST_PROXY: '127.0.0.1,::1',
  };
  const start = (args) =>
    spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const first = start(SERVER_ARGS);
  try {
    await waitForHealth(base);
    // PGlite allows one process at a time: scale the catalogue between two runs of the server.
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
  } catch (error) {
    first.kill('SIGKILL');
    throw error;
  }
  // BENCH_ORDER_DAYS spreads the orders over that many days (the dashboard's bench), else one a second.
  const orderDays = process.env.BENCH_ORDER_DAYS ? [process.env.BENCH_ORDER_DAYS] : [];
  spawnSync(process.execPath, ['apps/server/dist/seed-scale.js', String(products), ...orderDays], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const server = start([...nodeArgs, ...SERVER_ARGS]);
  return {
    base,
    pid: server.pid,
    env,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      if (databaseUrl) await dropDatabase(databaseUrl);
    },
  };
}
