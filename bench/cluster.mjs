// `npm run bench:cluster -w @habi/bench`: the storefront's list of 24, a product page and order
// placement through nginx (deploy/nginx.conf) in front of 1, 2 and 3 instances of the built
// server on one PostgreSQL database. BENCH_DATABASE_URL names that database (default
// postgres://habi:habi@localhost:5432/habi_bench); it is created fresh and dropped at the end, so
// the role must be allowed to create databases. GETs are measured with autocannon, orders with
// a plain concurrent loop (each order with its own Idempotency-Key). Writes a Markdown table to
// stdout and bench/results/cluster-<time>.md. Compare runs on the same machine only: every
// instance, nginx, PostgreSQL and the load generator share its CPUs.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { createFreshDatabase, dropDatabase } from './postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://habi:habi@localhost:5432/habi_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const ORDER_CONCURRENCY = Number(process.env.BENCH_ORDER_CONCURRENCY ?? 16);
const INSTANCES = 3;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-secret' };

async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

async function until(condition, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const isOk = async (url) => (await fetch(url).catch(() => null))?.status === 200;

function startInstance(port, dataDir) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL,
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { port, child, exited };
}

/** deploy/nginx.conf with only its listen port and upstream server lines changed. */
function nginxConf(listenPort, upstreamPorts) {
  const conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const server = /^(\s*)server\s+127\.0\.0\.1:\d+([^;]*);\n/gm;
  const [, indent, params] = server.exec(conf);
  const lines = upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join('');
  let first = true;
  return conf
    .replace(/^(\s*)listen\s+[^;]+;/m, (_line, space) => `${space}listen 127.0.0.1:${listenPort};`)
    .replace(server, () => {
      const replacement = first ? lines : '';
      first = false;
      return replacement;
    });
}

async function startNginx(listenPort, upstreamPorts) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'habi-bench-nginx-'));
  // Started as root, the workers run as nobody and need the temp and cache folders.
  chmodSync(prefix, 0o755);
  mkdirSync(path.join(prefix, 'logs'));
  writeFileSync(path.join(prefix, 'nginx.conf'), nginxConf(listenPort, upstreamPorts));
  const child = spawn(
    'nginx',
    [
      '-p',
      prefix,
      '-e',
      'logs/error.log',
      '-c',
      path.join(prefix, 'nginx.conf'),
      '-g',
      `daemon off; pid ${prefix}/nginx.pid;`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await until(() => isOk(`http://127.0.0.1:${listenPort}/api/health`), 'nginx');
  return {
    /** Stops nginx; answers the errors its log holds (an upstream refused or cut off). */
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      const log = readFileSync(path.join(prefix, 'logs/error.log'), 'utf8');
      rmSync(prefix, { recursive: true, force: true });
      return log.split('\n').filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
    },
  };
}

// A 1x1 PNG: the product the orders buy needs an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

async function prepareShop(base) {
  const json = { 'content-type': 'application/json', origin: base };
  const cookieOf = (response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(';', 1)[0])
      .join('; ');
  const signIn = await fetch(`${base}/api/admin/sign-in`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(ADMIN),
  });
  if (signIn.status !== 200) throw new Error(`admin sign-in: ${signIn.status} ${await signIn.text()}`);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: 'Bench Tee',
    description: 'The product the cluster bench orders.',
    price: '500.00',
    size: JSON.stringify({ label: 'N/A', value: [] }),
    category: JSON.stringify({ label: 'Men', value: 'Men' }),
    subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
    variationsName: '[]',
  })) {
    form.append(name, value);
  }
  form.append('imageUrl', new Blob([PNG], { type: 'image/png' }), 'bench.png');
  const added = await fetch(`${base}/api/product/add`, {
    method: 'POST',
    headers: { origin: base, cookie: cookieOf(signIn) },
    body: form,
  });
  if (added.status !== 201) throw new Error(`add product: ${added.status} ${await added.text()}`);
  const { product } = await added.json();
  const signUp = await fetch(`${base}/api/users/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      name: 'Bench Shopper',
      email: `bench-${randomUUID()}@example.com`,
      contactNumber: '+639171234567',
      password: 'secret123',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = cookieOf(signUp);
  const me = await (await fetch(`${base}/api/users/current`, { headers: { cookie } })).json();
  const [first] = await (await fetch(`${base}/api/product/all?limit=1`)).json();
  return { product, customer: { id: me._id, cookie }, detailId: first._id };
}

/** One of the product, FREE delivery: subtotal plus 10% tax (as the checkout computes it). */
function orderBody(customer, product) {
  const centavos = Math.round(Number(product.price) * 100);
  const total = ((centavos + Math.round(centavos / 10)) / 100).toFixed(2);
  return JSON.stringify({
    userId: customer.id,
    total,
    address: '12 Mabini St, Ermita, Manila 1000',
    cart: [
      {
        id: product.id,
        name: product.name,
        imageUrl: '',
        price: product.price,
        size: '',
        quantity: 1,
        deliveryOption: { fee: 0 },
      },
    ],
  });
}

/** `ORDER_CONCURRENCY` loops placing orders for `SECONDS`: orders/s, p99 latency, failures. */
async function placeOrders(base, { customer, product }) {
  const body = orderBody(customer, product);
  const latencies = [];
  /** Each answer other than 201 by its status, and requests that got none ("no answer"). */
  const failures = {};
  const started = performance.now();
  const end = started + SECONDS * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      const response = await fetch(`${base}/api/orders/placed-order`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          cookie: customer.cookie,
          'idempotency-key': randomUUID(),
        },
        body,
      }).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === 201) latencies.push(performance.now() - sent);
      else {
        const kind = response ? `order ${response.status}` : 'order: no answer';
        failures[kind] = (failures[kind] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: ORDER_CONCURRENCY }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { perSecond: Math.round(latencies.length / seconds), p99: Math.round(p99), failures };
}

async function hammer(name, url, duration = SECONDS) {
  const run = await autocannon({ url, connections: CONNECTIONS, duration });
  const failures = {};
  // autocannon counts answers by class only; its errors are requests without an answer.
  for (const [kind, count] of [
    [`${name} 4xx`, run['4xx']],
    [`${name} 5xx`, run['5xx']],
    [`${name}: no answer`, run.errors + run.timeouts],
  ]) {
    if (count > 0) failures[kind] = count;
  }
  return { perSecond: Math.round(run.requests.average), p99: run.latency.p99, failures };
}

const failureCount = (...runs) =>
  runs.reduce((sum, run) => sum + Object.values(run.failures).reduce((a, b) => a + b, 0), 0);

buildIfStale(['server']);
await createFreshDatabase(DATABASE_URL);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'habi-bench-cluster-'));
const instances = [];
const rows = [];
const nginxErrors = [];
let nginx;
try {
  const ports = [];
  while (ports.length < INSTANCES + 1) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const nginxPort = ports.pop();
  const base = `http://127.0.0.1:${nginxPort}`;
  let shop;
  for (let n = 1; n <= INSTANCES; n++) {
    // One more instance; the first also migrates and seeds the demo catalogue.
    const port = ports[n - 1];
    const instance = startInstance(port, path.join(dataDir, String(port)));
    instances.push(instance);
    await until(async () => {
      if (instance.child.exitCode !== null) throw new Error(`instance on ${port} exited`);
      return isOk(`http://127.0.0.1:${port}/api/health`);
    }, `the instance on port ${port}`);
    nginxErrors.push(...((await nginx?.stop()) ?? []));
    nginx = await startNginx(nginxPort, ports.slice(0, n));
    shop ??= await prepareShop(base);
    // The new instance starts cold: a short unmeasured run lets its JIT and pool warm up.
    await hammer('warm-up', `${base}/api/product/all?limit=24`, 2);
    const list = await hammer('list', `${base}/api/product/all?limit=24`);
    const detail = await hammer('product', `${base}/api/product/${shop.detailId}`);
    const orders = await placeOrders(base, shop);
    rows.push({ n, list, detail, orders });
    console.error(`measured ${n} instance(s)`);
  }
} finally {
  nginxErrors.push(...((await nginx?.stop()) ?? []));
  for (const instance of instances) instance.child.kill('SIGTERM');
  await Promise.all(instances.map((instance) => instance.exited));
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(DATABASE_URL);
}

const at = new Date().toISOString();
const table = [
  `# Habi cluster bench, ${at}`,
  '',
  `${os.availableParallelism()} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), shared by the instances, nginx, PostgreSQL and the load generator. ` +
    `${SECONDS} s per measurement; GETs with ${CONNECTIONS} connections, orders with ${ORDER_CONCURRENCY} concurrent buyers.`,
  '',
  '| instances | list of 24 req/s | list p99 ms | product req/s | product p99 ms | orders/s | order p99 ms | failed |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    ({ n, list, detail, orders }) =>
      `| ${n} | ${list.perSecond} | ${list.p99} | ${detail.perSecond} | ${detail.p99} | ${orders.perSecond} | ${orders.p99} | ${failureCount(list, detail, orders)} |`,
  ),
  '',
  ...rows
    .filter(({ list, detail, orders }) => failureCount(list, detail, orders) > 0)
    .map(
      ({ n, list, detail, orders }) =>
        `Failed with ${n} instance(s): ${Object.entries({
          ...list.failures,
          ...detail.failures,
          ...orders.failures,
        })
          .map(([kind, count]) => `${kind}: ${count}`)
          .join(', ')}.`,
    ),
  ...(nginxErrors.length > 0 ? ['', 'nginx logged:', '', ...nginxErrors.map((line) => `    ${line}`)] : []),
  '',
].join('\n');
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `cluster-${at.replaceAll(':', '-')}.md`);
writeFileSync(file, table);
console.log(table);
console.log(`Written to ${path.relative(root, file)}`);
