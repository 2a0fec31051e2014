import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  api,
  type Database,
  type Exit,
  freePort,
  freshDatabase,
  type Server,
  serverDir,
  startServer,
  tempDataDir,
  until,
  watch,
} from '../process/server-process.ts';
import { type Customer, placeOrder, type ShopProduct } from '../process/shop.ts';

/**
 * A scaled-out shop on this machine: N built servers on one PostgreSQL database, behind nginx
 * running the checked-in deploy/nginx.conf. Driven only through HTTP, signals and SQL.
 */

export const nginxConf = path.join(serverDir, '../../deploy/nginx.conf');

export interface Instance {
  name: string;
  port: number;
  url: string;
  env: Record<string, string>;
  server: Server;
}

export interface Cluster {
  instances: Instance[];
  /** SIGTERM, as systemd stops a unit: the instance drains and must exit by itself. */
  stop(instance: Instance): Promise<Exit>;
  /** SIGKILL: a crash, with requests in flight. */
  kill(instance: Instance): Promise<Exit>;
  /** Starts the instance again on its port and data directory; resolves once it is healthy. */
  start(instance: Instance): Promise<void>;
  /** Stops every running instance with SIGTERM and removes their data directories; the exit codes. */
  close(): Promise<(number | null)[]>;
}

/**
 * Starts `size` instances on `databaseUrl` at the same moment, as a fresh deployment does, each
 * on a free port with a data directory of its own, trusting one proxy hop (nginx).
 */
async function startCluster(databaseUrl: string, size = 3): Promise<Cluster> {
  const ports: number[] = [];
  while (ports.length < size) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const dataDirs = await Promise.all(ports.map(() => tempDataDir()));
  const envs = ports.map((port, i) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // Three pools of 5 on a server other suites use too: well under max_connections.
    DATABASE_POOL_SIZE: '5',
    DATA_DIR: dataDirs[i]!.dir,
    SEED_DEMO: 'true',
    TRUST_PROXY: '1',
    NODE_ENV: 'production',
    // Request lines would pile up in memory under load; warnings and the first-admin note stay.
    LOG_LEVEL: 'warn',
  }));
  const started = await Promise.allSettled(envs.map((env) => startServer(env, 240_000)));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    for (const result of started) if (result.status === 'fulfilled') result.value.child.kill('SIGKILL');
    await Promise.all(dataDirs.map((d) => d.remove()));
    throw failed.reason;
  }
  const instances = started.map((result, i) => ({
    name: String.fromCharCode(65 + i),
    port: ports[i]!,
    url: `http://127.0.0.1:${ports[i]}`,
    env: envs[i]!,
    server: (result as PromiseFulfilledResult<Server>).value,
  }));
  const running = (instance: Instance) =>
    instance.server.child.exitCode === null && instance.server.child.signalCode === null;
  const signal = async (instance: Instance, name: NodeJS.Signals) => {
    instance.server.child.kill(name);
    return instance.server.exited;
  };
  return {
    instances,
    stop: (instance) => signal(instance, 'SIGTERM'),
    kill: (instance) => signal(instance, 'SIGKILL'),
    async start(instance) {
      if (running(instance)) throw new Error(`instance ${instance.name} is still running`);
      instance.server = await startServer(instance.env, 120_000);
    },
    async close() {
      const codes = await Promise.all(
        instances.map(async (instance) =>
          running(instance) ? (await signal(instance, 'SIGTERM')).code : null,
        ),
      );
      await Promise.all(dataDirs.map((d) => d.remove()));
      return codes;
    },
  };
}

export interface Nginx {
  url: string;
  /** The access log's lines so far (format `habi` of deploy/nginx.conf). */
  accessLog(): Promise<string[]>;
  /** Stops gracefully (SIGQUIT: finish requests, then exit) and removes the prefix. */
  stop(): Promise<Exit>;
}

/**
 * deploy/nginx.conf as shipped, with only its `listen` port and its upstream's `server` lines
 * changed: one line per given port, each keeping the parameters of the file's first line.
 */
function rewriteNginxConf(conf: string, listenPort: number, upstreamPorts: number[]) {
  const listen = /^(\s*)listen\s+[^;]+;/gm;
  const server = /^(\s*)server\s+127\.0\.0\.1:\d+([^;]*);\n/gm;
  const servers = [...conf.matchAll(server)];
  if ([...conf.matchAll(listen)].length !== 1 || servers.length === 0) {
    throw new Error('deploy/nginx.conf no longer has one listen line and 127.0.0.1 upstream servers');
  }
  const [, indent, params] = servers[0]!;
  const lines = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join('');
  let first = true;
  return conf
    .replace(listen, (_line, space: string) => `${space}listen 127.0.0.1:${listenPort};`)
    .replace(server, () => {
      const replacement = first ? lines : '';
      first = false;
      return replacement;
    });
}

/**
 * Runs nginx in the foreground from a temporary prefix folder with the rewritten configuration;
 * resolves once it answers `GET /api/health` from an instance.
 */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), 'habi-nginx-'));
  // Started as root (CI), nginx's workers run as nobody and must reach the temp and cache folders.
  await chmod(prefix, 0o755);
  await mkdir(path.join(prefix, 'logs'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  await writeFile(conf, rewriteNginxConf(await readFile(nginxConf, 'utf8'), port, upstreamPorts));
  const nginx = watch(
    spawn(
      'nginx',
      ['-p', prefix, '-e', 'logs/error.log', '-c', conf, '-g', `daemon off; pid ${prefix}/nginx.pid;`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    ),
  );
  const { child, exited } = nginx;
  let exit: Exit | undefined;
  exited.then((e) => {
    exit = e;
  });
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => readFile(path.join(prefix, 'logs/error.log'), 'utf8').catch(() => '');
  try {
    await until(
      async () => {
        if (exit) throw new Error(`nginx exited ${exit.code}: ${nginx.stderr()}\n${await errorLog()}`);
        return (await fetch(`${url}/api/health`).catch(() => null))?.status === 200;
      },
      'nginx to answer',
      20_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    async accessLog() {
      const text = await readFile(path.join(prefix, 'logs/access.log'), 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean);
    },
    async stop() {
      if (!exit) child.kill('SIGQUIT');
      const result = await exited;
      await rm(prefix, { recursive: true, force: true });
      return result;
    },
  };
}

/** The instances nginx sent a logged request to, in order: more than one when it failed over. */
export function triedBy(line: string): string[] {
  return /upstream=([^ ,]+(?:, [^ ,]+)*)/.exec(line)?.[1]?.split(', ') ?? [];
}

export interface Figures {
  scenario: string;
  /** Every HTTP request the load generator sent (retries of an order included). */
  requests: number;
  /** Requests answered with an unexpected status or not answered at all. */
  failed: number;
  ordersAcknowledged: number;
  ordersStored: number;
  /** Order keys given up on after all retries: each one a possibly lost order. */
  ordersGivenUp: number;
  /** Requests nginx sent to a second instance after the first failed (from its access log). */
  failedOver: number;
  /** A sample of what failed, for the report. */
  failures: string[];
}

export interface Load {
  /** Requests sent so far; each loop sends its next only when its last is answered. */
  sent(): number;
  /** Stops sending, waits for the requests in flight; the counts and the acknowledged order ids. */
  stop(): Promise<{
    requests: number;
    failed: number;
    orderIds: string[];
    givenUp: string[];
    failures: string[];
  }>;
}

/**
 * A storefront's traffic through `base` until stopped: `browsers` loops reading the list of 24, a
 * product and the health check, and `buyers` loops placing orders, each order with a key of its
 * own, sent again with the same key after a failure, as the web app's checkout does.
 */
export function startLoad(
  base: string,
  shop: { customer: Customer; product: ShopProduct; productIds: string[] },
  { browsers = 4, buyers = 2 } = {},
): Load {
  let running = true;
  let requests = 0;
  let failed = 0;
  const failures: string[] = [];
  const orderIds: string[] = [];
  const givenUp: string[] = [];
  const fail = (what: string) => {
    failed++;
    if (failures.length < 20) failures.push(what);
  };
  const get = async (pathname: string) => {
    requests++;
    try {
      const response = await api(base, pathname);
      if (response.status !== 200) fail(`GET ${pathname}: ${response.status} ${response.text.slice(0, 200)}`);
    } catch (error) {
      fail(`GET ${pathname}: ${(error as Error).cause ?? error}`);
    }
  };
  const browse = async (offset: number) => {
    for (let i = offset; running; i++) {
      await get('/api/product/all?limit=24');
      await get(`/api/product/${shop.productIds[i % shop.productIds.length]}`);
      await get('/api/health');
    }
  };
  const buy = async () => {
    while (running) {
      const key = randomUUID();
      let placed = false;
      for (let attempt = 0; attempt < 10 && !placed; attempt++) {
        requests++;
        try {
          const order = await placeOrder(base, shop.customer, shop.product, key);
          if (order.orderId) {
            orderIds.push(order.orderId);
            placed = true;
          } else fail(`order ${key}: ${order.status} ${order.text.slice(0, 200)}`);
        } catch (error) {
          fail(`order ${key}: ${(error as Error).cause ?? error}`);
        }
      }
      if (!placed) givenUp.push(key);
    }
  };
  const loops = [
    ...Array.from({ length: browsers }, (_, i) => browse(i * 7)),
    ...Array.from({ length: buyers }, () => buy()),
  ];
  return {
    sent: () => requests,
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests, failed, orderIds, givenUp, failures };
    },
  };
}

/** The ids of a customer's orders as stored, one row each. */
export async function storedOrderIds(database: Database, customer: Customer) {
  const rows = await database.query<{ id: string }>('select id from orders where customer_id = $1', [
    customer.id,
  ]);
  return rows.map((row) => row.id);
}

export function printFigures(figures: Figures) {
  const { failures, ...counts } = figures;
  console.log(`cluster figures: ${JSON.stringify(counts)}`);
  if (failures.length > 0) console.log(`  failures (sample): ${failures.join('\n    ')}`);
}

export interface Shop {
  database: Database;
  cluster: Cluster;
  nginx: Nginx;
}

/** A fresh database, three instances started on it at once, and nginx in front of them. */
export async function startShop(baseUrl: string): Promise<Shop> {
  const database = await freshDatabase(baseUrl);
  const cluster = await startCluster(database.url).catch(async (error) => {
    await database.drop();
    throw error;
  });
  const nginx = await startNginx(cluster.instances.map((instance) => instance.port)).catch(async (error) => {
    await cluster.close();
    await database.drop();
    throw error;
  });
  return { database, cluster, nginx };
}

/** Stops nginx and the instances, drops the database, and checks every process stopped cleanly. */
export async function stopShop({ database, cluster, nginx }: Partial<Shop>) {
  const nginxExit = await nginx?.stop();
  const codes = await cluster?.close();
  await database?.drop();
  if (nginxExit) expect(nginxExit.code).toBe(0);
  if (codes) expect(codes).toEqual([0, 0, 0]);
}
