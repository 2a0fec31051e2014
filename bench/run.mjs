// `npm run bench`: starts the built app on a fresh database scaled to BENCH_PRODUCTS products
// (and as many customers and orders),
// measures throughput and latency of the storefront's hot calls with autocannon, the server's
// memory, and the gzipped JavaScript a shopper downloads for the Home page. Writes
// bench/results/<time>.json. Numbers are for comparison between runs on the same machine.
// The database is embedded unless BENCH_DATABASE_URL names a PostgreSQL one, which is created
// fresh for the run and dropped after it. BENCH_ONLY (a regular expression) picks scenarios by
// name; BENCH_CONNECTIONS sets autocannon's connections (default 20).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { createFreshDatabase, dropDatabase } from './postgres.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const base = `http://localhost:${PORT}`;

function homeBundle() {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  visit('src/features/catalogue/routes/home-page.tsx');
  const js = [...files].filter((f) => f.endsWith('.js'));
  const gzip = js.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  return { files: js.length, gzipBytes: gzip };
}

/**
 * Searches a shopper might type, every one different (words of the catalogue and of clothing,
 * in pairs, some with a letter dropped, doubled or swapped), in a fixed shuffled order: a
 * scenario sending them never asks the same thing twice, so no answer is reused.
 */
function distinctSearches(count) {
  const words = [
    'shirt',
    'tee',
    'jacket',
    'denim',
    'jeans',
    'dress',
    'polo',
    'shorts',
    'sandals',
    'hoodie',
    'linen',
    'cotton',
    'knit',
    'women',
    'men',
    'kids',
    'black',
    'white',
    'navy',
    'blue',
    'red',
    'olive',
    'striped',
    'skirt',
    'blouse',
    'sweater',
    'sneakers',
    'cap',
    'tote',
    'summer',
  ];
  const typos = (w) => [
    w,
    ...[...w].map((_, i) => w.slice(0, i) + w.slice(i + 1)),
    ...[...w].map((_, i) => w.slice(0, i + 1) + w[i] + w.slice(i + 1)),
    ...[...w].slice(1).map((_, i) => w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2)),
  ];
  const forms = [...new Set(words.flatMap(typos))].filter((f) => f.length > 1);
  const pairs = forms.flatMap((first) => forms.map((second) => `${first} ${second}`));
  // Fisher-Yates with a fixed-seed mulberry32: the same order in every run.
  let seed = 12345;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = pairs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pairs[i], pairs[j]] = [pairs[j], pairs[i]];
  }
  return pairs.slice(0, count);
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function waitForHealth() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

buildIfStale();
const bundle = homeBundle();
const dataDir = mkdtempSync(path.join(tmpdir(), 'habi-bench-'));
const ADMIN = { username: 'bench-admin', password: 'bench-admin-secret' };
if (DATABASE_URL) await createFreshDatabase(DATABASE_URL);
// The server's database is the bench's own, never one the caller's DATABASE_URL names.
const { DATABASE_URL: _callers, ...inherited } = process.env;
const env = {
  ...inherited,
  ...(DATABASE_URL ? { DATABASE_URL } : {}),
  DATA_DIR: dataDir,
  PORT: String(PORT),
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
};
// The built server on plain node, as `npm start` runs it, so its memory is what is read.
const serverArgs = ['apps/server/dist/main.js'];
const server = spawn(process.execPath, serverArgs, {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  await waitForHealth();
  // PGlite allows one process at a time: scale the catalogue between two runs of the server.
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
} catch (error) {
  server.kill('SIGKILL');
  throw error;
}
spawnSync(process.execPath, ['apps/server/dist/seed-scale.js', String(PRODUCTS)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const app = spawn(process.execPath, serverArgs, {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const results = {
  at: new Date().toISOString(),
  products: PRODUCTS,
  database: DATABASE_URL ? 'postgres' : 'pglite',
  connections: CONNECTIONS,
  homeJs: bundle,
  scenarios: [],
};
try {
  await waitForHealth();
  const idle = rssMb(app.pid);
  const [first] = await (await fetch(`${base}/api/product/all?limit=1`)).json();
  const signIn = await fetch(`${base}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const scenarios = [
    ['health', '/api/health'],
    ['latest 5 (home)', '/api/product/all?limit=5'],
    ['page of 24', '/api/product/all?limit=24'],
    ['filtered + sorted page', '/api/product/all?category=Women&subCategory=Tops&sort=asc&limit=24'],
    ['product detail', `/api/product/${first._id}`],
    ['best collections', '/api/product/best'],
    ['admin products page', '/api/product/admin-list?limit=10&sort=name', adminCookie],
    ['admin orders page', '/api/orders/all?limit=10&offset=5000', adminCookie],
    ['admin users search', '/api/users/all?limit=10&q=shopper%2012&sort=email', adminCookie],
    // The header search and the collection page's search results.
    ['search "shirt"', '/api/product/all?q=shirt&limit=24'],
    ['search "dennim jaket" (typos)', '/api/product/all?q=dennim%20jaket&limit=24'],
    ['search "men shirt"', '/api/product/all?q=men%20shirt&limit=24'],
    ['search "shirt" by price', '/api/product/all?q=shirt&sort=asc&limit=24'],
    ['suggest "jack"', '/api/product/suggest?q=jack'],
    // Answers are reused until the catalogue changes: these measure building them.
    ['search, each query new', '/api/product/all?q=<two words, often misspelt>&limit=24', null, 'search'],
    ['suggest, each query new', '/api/product/suggest?q=<two words, often misspelt>', null, 'suggest'],
    // The time one new search takes when it need not wait for others.
    [
      'search, each query new, 1 connection',
      '/api/product/all?q=<two words, often misspelt>&limit=24',
      null,
      'search',
      1,
    ],
  ].filter(([name]) => !ONLY || ONLY.test(name));
  const searches = distinctSearches(50_000);
  let asked = 0;
  const everyOneNew = {
    search: () => `/api/product/all?q=${encodeURIComponent(searches[asked++ % searches.length])}&limit=24`,
    suggest: () => `/api/product/suggest?q=${encodeURIComponent(searches[asked++ % searches.length])}`,
  };
  for (const [name, url, cookie, fresh, connections = CONNECTIONS] of scenarios) {
    const headers = cookie ? { cookie } : {};
    const requests = fresh
      ? [{ setupRequest: (request) => ({ ...request, path: everyOneNew[fresh]() }) }]
      : undefined;
    const run = await autocannon({
      url: base + url.replace(/<.*>/, ''),
      connections,
      duration: DURATION,
      headers,
      requests,
    });
    results.scenarios.push({
      name,
      url,
      connections,
      requestsPerSecond: Math.round(run.requests.average),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      non2xx: run.non2xx,
      errors: run.errors,
    });
  }
  results.memory = { idleRssMb: idle, afterLoadRssMb: rssMb(app.pid) };
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  if (DATABASE_URL) await dropDatabase(DATABASE_URL);
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `${results.at.replaceAll(':', '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.table(results.scenarios);
console.log(`Home page JS: ${bundle.files} files, ${(bundle.gzipBytes / 1024).toFixed(1)} kB gzipped`);
console.log(
  `Server RSS: ${results.memory.idleRssMb} MB idle, ${results.memory.afterLoadRssMb} MB after load`,
);
console.log(`Written to ${path.relative(root, file)}`);
