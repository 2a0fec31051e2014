// `npm run bench:soak`: the store under mixed traffic for a long while, to see that its memory
// levels off instead of growing with the requests served. The built server runs on a fresh
// database (BENCH_DATABASE_URL for PostgreSQL, else embedded) scaled to BENCH_PRODUCTS products;
// BENCH_CONNECTIONS clients (default 50) send, for BENCH_SECONDS (default 600), a mix of what
// shoppers ask for: rendered pages (Home, the collection, a product), catalogue and product
// answers, and searches, the rendered page of a search and suggestions that are new every time
// (which no cache keeps). The server's resident memory is read every second; the report gives
// each minute's peak and exits 1 when the peak passes BENCH_MAX_RSS_MB (default 250) or the last
// minute's peak is over a tenth above the second minute's (memory that keeps growing).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { root, rssMb, startScaledStore, waitForHealth } from './store.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4300);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MAX_RSS_MB = Number(process.env.BENCH_MAX_RSS_MB ?? 250);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
// Node options before the server's own, to look inside it (`--import <a memory logger>`, say).
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

buildIfStale();
const store = await startScaledStore({
  port: PORT,
  products: PRODUCTS,
  databaseUrl: DATABASE_URL,
  nodeArgs: NODE_ARGS,
});
const minutes = [];
let status;
try {
  await waitForHealth(store.base);
  const products = await (await fetch(`${store.base}/api/product/all?limit=100`)).json();
  const idle = rssMb(store.pid);

  // Each request's path: a fixed mix, every tenth of it new each time.
  let sent = 0;
  const words = ['shirt', 'dress', 'denim', 'polo', 'jacket', 'linen', 'knit', 'tee'];
  const fixed = [
    '/',
    '/products',
    '/products?category=Women&sort=asc',
    '/api/product/all?limit=24',
    '/api/product/all?category=Men&subCategory=Tops&sort=desc&limit=24',
    '/api/product/best',
    ...products.slice(0, 20).flatMap((p) => [`/view?pid=${p._id}`, `/api/product/${p._id}`]),
  ];
  const nextPath = () => {
    const n = sent++;
    const word = `${words[n % words.length]}${n}`;
    switch (n % 10) {
      case 0:
        return `/products?q=${word}`;
      case 1:
        return `/api/product/all?q=${word}&limit=24`;
      case 2:
        return `/api/product/suggest?q=${word}`;
      default:
        return fixed[n % fixed.length];
    }
  };

  // Each minute's peak, from a reading every second.
  const started = Date.now();
  let minutePeak = 0;
  const sampler = setInterval(() => {
    minutePeak = Math.max(minutePeak, rssMb(store.pid));
    if (Date.now() - started >= (minutes.length + 1) * 60_000) {
      minutes.push(minutePeak);
      console.log(`minute ${minutes.length}: peak RSS ${minutePeak} MB`);
      minutePeak = 0;
    }
  }, 1_000);
  const result = await autocannon({
    url: store.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  clearInterval(sampler);
  if (minutePeak > 0) minutes.push(minutePeak);

  const peak = Math.max(...minutes);
  const second = minutes[1] ?? minutes[0];
  const last = minutes.at(-1);
  const flat = last <= second * 1.1;
  status = {
    at: new Date().toISOString(),
    database: DATABASE_URL ? 'postgres' : 'pglite',
    products: PRODUCTS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
    },
    node: process.version,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    errors: result.errors + result.non2xx,
    p99Ms: result.latency.p99,
    idleRssMb: idle,
    minutePeaksRssMb: minutes,
    peakRssMb: peak,
    afterRssMb: rssMb(store.pid),
    met: peak <= MAX_RSS_MB && flat,
  };
} finally {
  await store.stop();
}

const report = [
  `Soak ${status.at}: ${status.database}, ${status.products} products, ${status.connections} connections, ${status.seconds} s, node ${status.node}`,
  `${status.requests} requests, ${status.requestsPerSecond} req/s, ${status.errors} errors or non-2xx, p99 ${status.p99Ms} ms`,
  `RSS: idle ${status.idleRssMb} MB; peak per minute ${status.minutePeaksRssMb.join(', ')} MB; after ${status.afterRssMb} MB`,
  `${status.met ? 'met' : 'NOT met'}: peak at most ${MAX_RSS_MB} MB and the last minute within a tenth of the second`,
].join('\n');
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stem = path.join(root, 'bench/results', `soak-${status.at.replaceAll(':', '-')}`);
writeFileSync(`${stem}.json`, `${JSON.stringify(status, null, 2)}\n`);
console.log(report);
console.log(`Written to ${path.relative(root, stem)}.json`);
process.exitCode = status.met ? 0 : 1;
