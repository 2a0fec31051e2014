// `npm run bench`: starts the built app on a fresh database scaled to BENCH_PRODUCTS products
// (and as many customers and orders), measures throughput and latency of the storefront's hot
// calls with autocannon, each against the bare-server limit (limit-server.mjs: plain Fastify
// sending the same bytes from memory, in its own process, in the same run), then places orders
// and checks each acknowledged one is stored exactly once. Reports the server's memory (idle,
// peak, after) and the gzipped JavaScript a shopper downloads for the Home page. Writes
// bench/results/<time>.json and .md. Numbers are for comparison between runs on one machine.
// The database is embedded unless BENCH_DATABASE_URL names a PostgreSQL one, which is created
// fresh for the run and dropped after it. BENCH_ONLY (a regular expression) picks scenarios by
// name; BENCH_CONNECTIONS sets autocannon's connections (default 20); BENCH_ORDERS how many
// orders to place (default 1,000; 0 for none).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { ADMIN, root, rssMb, startScaledStore, waitForHealth } from './store.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4300);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const base = `http://localhost:${PORT}`;
const limitBase = `http://127.0.0.1:${PORT + 1}`;

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
  return shuffled(pairs).slice(0, count);
}

/** `items` in a fixed shuffled order (Fisher-Yates, fixed-seed mulberry32): the same every run. */
function shuffled(items) {
  const order = [...items];
  let seed = 12345;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * Collection pages, every one different: each sort, by one category or two, with or without a
 * subcategory (those of `products`), walked page by page along their cursors (every list at
 * once) until `count` are known, in a fixed shuffled order. The walk asks each page once, and
 * the store keeps only answers asked for before: each page the scenario then asks for is built
 * from the database, as after a change to the catalogue, until the list runs out and repeats
 * (the table says so: a small catalogue has fewer pages than a run asks for).
 */
async function distinctPages(products, count) {
  const categories = [...new Set(products.map((p) => p.category).filter(Boolean))];
  const subCategories = [...new Set(products.map((p) => p.subCategory).filter(Boolean))];
  const groups = [
    ...categories.map((c) => [c]),
    ...categories.flatMap((c, i) => categories.slice(i + 1).map((d) => [c, d])),
  ];
  const lists = ['relevant', 'asc', 'desc'].flatMap((sort) =>
    groups.flatMap((group) =>
      [undefined, ...subCategories].map((sub) => {
        const query = new URLSearchParams(group.map((c) => ['category', c]));
        if (sub) query.append('subCategory', sub);
        query.append('sort', sort);
        query.append('limit', '24');
        return query.toString();
      }),
    ),
  );
  const pages = [];
  await Promise.all(
    lists.map(async (query) => {
      let url = `/api/product/all?${query}`;
      while (url && pages.length < count) {
        pages.push(url);
        const response = await fetch(base + url);
        await response.arrayBuffer();
        const cursor = response.headers.get('x-next-cursor');
        url = cursor ? `/api/product/all?${query}&cursor=${encodeURIComponent(cursor)}` : undefined;
      }
    }),
  );
  return shuffled(pages);
}

/**
 * The server's resident memory, sampled every 200 ms: `lap()` is its peak since the last lap (or
 * the start), so each scenario shows what it took; `stop()` the peak over the whole run.
 */
function watchPeak(pid) {
  let peak = rssMb(pid);
  let lapPeak = peak;
  const timer = setInterval(() => {
    try {
      const now = rssMb(pid);
      peak = Math.max(peak, now);
      lapPeak = Math.max(lapPeak, now);
    } catch {}
  }, 200);
  return {
    lap() {
      const now = rssMb(pid);
      const value = Math.max(lapPeak, now);
      lapPeak = now;
      return value;
    },
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The bare-server limit, serving `answers` (URL -> { headers, body }) from its own process. */
async function startLimitServer(answers) {
  const file = path.join(dataDir, 'limit-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = fork(path.join(root, 'bench/limit-server.mjs'), [String(PORT + 1), file], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('the limit server did not start')));
  });
  return child;
}

/** Headers Node's HTTP layer writes itself, on the limit server's answers as on the store's. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * An answer's bytes as the limit server will send them: its body and every header the store
 * chose (security headers, entity tag, caching), uncompressed as autocannon asks for it.
 */
async function answerOf(url, headers) {
  const response = await fetch(base + url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  if (response.headers.has('content-encoding')) throw new Error(`${url}: compressed though not asked`);
  return {
    headers: Object.fromEntries([...response.headers].filter(([name]) => !TRANSPORT_HEADERS.has(name))),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  };
}

buildIfStale();
const bundle = homeBundle();
// BENCH_PROFILE: a folder the measured server writes its CPU profile to as it stops.
const PROFILE = process.env.BENCH_PROFILE;
// BENCH_NODE_ARGS: more flags for the measured server's node, as in the soak.
const NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
const app = await startScaledStore({
  port: PORT,
  products: PRODUCTS,
  databaseUrl: DATABASE_URL,
  nodeArgs: [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []), ...NODE_ARGS],
});
const dataDir = app.env.DATA_DIR;
const results = {
  at: new Date().toISOString(),
  products: PRODUCTS,
  database: DATABASE_URL ? 'postgres' : 'pglite',
  connections: CONNECTIONS,
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  homeJs: bundle,
  scenarios: [],
};
let limit;
let memory;
try {
  await waitForHealth(base);
  const idle = rssMb(app.pid);
  memory = watchPeak(app.pid);
  const page = await (await fetch(`${base}/api/product/all?limit=100`)).json();
  const [first] = page;
  const signIn = await fetch(`${base}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const adminCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  // A page deep in the collection: the cursor of the page 50 pages in (or the last there is).
  let deep = '/api/product/all?limit=24';
  for (let i = 0; i < 50; i++) {
    const cursor = (await fetch(base + deep)).headers.get('x-next-cursor');
    if (!cursor) break;
    deep = `/api/product/all?limit=24&cursor=${encodeURIComponent(cursor)}`;
  }
  const scenarios = [
    ['health', '/api/health'],
    ['latest 5 (home)', '/api/product/all?limit=5'],
    ['page of 24', '/api/product/all?limit=24'],
    ['filtered + sorted page', '/api/product/all?category=Women&subCategory=Tops&sort=asc&limit=24'],
    // Built each time, as after a change to the catalogue: no two requests ask for the same page.
    [
      'filtered + sorted page, each page new',
      '/api/product/all?<categories, subcategory, sort, cursor>&limit=24',
      null,
      'page',
    ],
    // The time one page takes to build when it need not wait for others.
    [
      'filtered + sorted page, each page new, 1 connection',
      '/api/product/all?<categories, subcategory, sort, cursor>&limit=24',
      null,
      'page',
      1,
    ],
    ['deep page (cursor, 50 pages in)', deep],
    ['product detail', `/api/product/${first._id}`],
    ['image (800 px WebP)', first.imageUrl],
    ['best collections', '/api/product/best'],
    ['admin products page', '/api/product/admin-list?limit=10&sort=name', adminCookie],
    ['admin orders page', '/api/orders/all?limit=10&offset=5000', adminCookie],
    ['admin users search', '/api/users/all?limit=10&q=shopper%2012&sort=email', adminCookie],
    // The Dashboard. The scaled store's orders all fall in its last 30 days (the worst case), or
    // are spread over BENCH_ORDER_DAYS days (730: two years' trade, about 4,100 in 30 days).
    ['admin dashboard, 30 days', '/api/admin/dashboard?range=30d', adminCookie],
    ['admin dashboard, 30 days, 1 connection', '/api/admin/dashboard?range=30d', adminCookie, undefined, 1],
    ['admin dashboard, today, 1 connection', '/api/admin/dashboard?range=today', adminCookie, undefined, 1],
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
  // The limit server gets every repeatable answer's bytes before any is measured.
  const answers = {};
  for (const [, url, cookie, fresh] of scenarios) {
    if (!fresh) answers[url] = await answerOf(url, cookie ? { cookie } : {});
  }
  limit = await startLimitServer(answers);
  const searches = distinctSearches(50_000);
  let asked = 0;
  const pages = scenarios.some(([, , , fresh]) => fresh === 'page') ? await distinctPages(page, 60_000) : [];
  let paged = 0;
  const everyOneNew = {
    search: () => `/api/product/all?q=${encodeURIComponent(searches[asked++ % searches.length])}&limit=24`,
    suggest: () => `/api/product/suggest?q=${encodeURIComponent(searches[asked++ % searches.length])}`,
    page: () => pages[paged++ % pages.length],
  };
  // The first search builds the search index (seconds at 100,000 products), whichever runs first.
  for (const [, , , fresh] of scenarios) if (fresh) await answerOf(everyOneNew[fresh](), {});
  // Each scenario runs WARMUP seconds unmeasured first, as a store that has been running would
  // (compiled hot paths; the typed words a search remembers for a minute): what is measured next
  // is each server's steady state, and still a new search each time.
  const measure = async (origin, url, connections, headers, requests) => {
    const run = (duration) =>
      autocannon({ url: origin + url.replace(/<.*>/, ''), connections, duration, headers, requests });
    if (WARMUP > 0) await run(WARMUP);
    return run(DURATION);
  };
  for (const [name, url, cookie, fresh, connections = CONNECTIONS] of scenarios) {
    const headers = cookie ? { cookie } : {};
    const requests = fresh
      ? [{ setupRequest: (request) => ({ ...request, path: everyOneNew[fresh]() }) }]
      : undefined;
    const run = await measure(base, url, connections, headers, requests);
    // Every answer different has no bytes to repeat: no limit to compare with.
    const bare = fresh ? undefined : await measure(limitBase, url, connections, {});
    const repeated = fresh === 'page' && paged > pages.length;
    results.scenarios.push({
      name: repeated ? `${name} (only ${pages.length} pages: repeated)` : name,
      url,
      connections,
      requestsPerSecond: Math.round(run.requests.average),
      latencyP50Ms: run.latency.p50,
      latencyP99Ms: run.latency.p99,
      limitRequestsPerSecond: bare ? Math.round(bare.requests.average) : null,
      ratio: bare ? Number((run.requests.average / bare.requests.average).toFixed(2)) : null,
      non2xx: run.non2xx,
      errors: run.errors,
      peakRssMb: memory.lap(),
    });
  }
  if (ORDERS > 0 && (!ONLY || ONLY.test('orders'))) {
    results.orders = { ...(await placeOrders(page, adminCookie)), peakRssMb: memory.lap() };
  }
  results.memory = { idleRssMb: idle, peakRssMb: memory.stop(), afterLoadRssMb: rssMb(app.pid) };
} finally {
  limit?.kill('SIGTERM');
  await app.stop();
}

/**
 * Places ORDERS orders of one product without stock, from 20 shoppers, each under its own
 * Idempotency-Key, BENCH_CONNECTIONS at a time, after half as many unmeasured; then checks that the store holds exactly the
 * orders it acknowledged, once each, and that sending 20 of them again places nothing.
 */
async function placeOrders(products, adminCookie) {
  const product = products.find((p) => p.stockTotal === null) ?? products[0];
  const detail = await (await fetch(`${base}/api/product/${product._id}`)).json();
  const shoppers = [];
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${base}/api/users/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `10.77.0.${i + 1}` },
      body: JSON.stringify({
        name: `Bench Shopper ${i}`,
        email: `bench.${i}.${randomUUID()}@example.com`,
        contactNumber: '+639171234567',
        password: 'bench-secret',
      }),
    });
    if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const me = await (await fetch(`${base}/api/users/current`, { headers: { cookie } })).json();
    shoppers.push({ id: me._id, cookie });
  }
  const cart = [
    {
      id: detail.id,
      name: detail.variations[0]?.name ?? detail.name,
      imageUrl: detail.variations[0]?.imageUrl ?? detail.imageUrl,
      price: detail.price,
      size: detail.size[0] ?? '',
      quantity: 1,
      deliveryOption: { fee: 0 },
    },
  ];
  const bodyFor = (shopper, total) =>
    JSON.stringify({ userId: shopper.id, total, address: '12 Mabini St, Ermita, Manila 1000', cart });
  const headersFor = (shopper, key) => ({
    'content-type': 'application/json',
    origin: base,
    cookie: shopper.cookie,
    'idempotency-key': key,
  });
  const post = (shopper, key, total) =>
    fetch(`${base}/api/orders/placed-order`, {
      method: 'POST',
      headers: headersFor(shopper, key),
      body: bodyFor(shopper, total),
    });
  // The server prices the cart: a wrong total is refused with the right one.
  const priced = await (await post(shoppers[0], randomUUID(), '0.00')).json();
  const total = priced.errors?.total;
  if (!total) throw new Error(`pricing: ${JSON.stringify(priced)}`);
  const ordersTotal = async () =>
    Number(
      (await fetch(`${base}/api/orders/all?limit=1`, { headers: { cookie: adminCookie } })).headers.get(
        'x-total-count',
      ),
    );
  let index = 0;
  /** Places `amount` orders, each under a key of its own; `sent` keeps each key, `answered` hears each answer. */
  const placeMany = (amount, { sent, answered } = {}) =>
    autocannon({
      url: base,
      connections: CONNECTIONS,
      amount,
      requests: [
        {
          method: 'POST',
          path: '/api/orders/placed-order',
          setupRequest: (request) => {
            const shopper = shoppers[index % shoppers.length];
            const key = `bench-${index++}-${randomUUID()}`;
            sent?.push({ shopper, key });
            return { ...request, headers: headersFor(shopper, key), body: bodyFor(shopper, total) };
          },
          onResponse: () => answered?.(),
        },
      ],
    });
  // Half as many orders again first, unmeasured, as every other scenario warms up (none when
  // WARMUP is 0); a run of a number of requests ends once each is answered, so none is in flight
  // when the count is taken.
  if (WARMUP > 0) await placeMany(Math.ceil(ORDERS / 2));
  const before = await ordersTotal();
  const sent = [];
  // autocannon ends a run of `amount` requests on its next whole second: the time is taken
  // from the start to the last answer instead.
  const started = performance.now();
  let lastAnswer = started;
  const run = await placeMany(ORDERS, {
    sent,
    answered: () => {
      lastAnswer = performance.now();
    },
  });
  const seconds = (lastAnswer - started) / 1000;
  const acknowledged = run['2xx'];
  const stored = (await ordersTotal()) - before;
  // A replay of an acknowledged key answers the first order and places none.
  const replays = await Promise.all(sent.slice(0, 20).map(({ shopper, key }) => post(shopper, key, total)));
  const replayStatuses = [...new Set(replays.map((r) => r.status))];
  const afterReplays = (await ordersTotal()) - before;
  const exactlyOnce = stored === acknowledged && afterReplays === stored && replayStatuses.join() === '200';
  if (!exactlyOnce) process.exitCode = 1;
  return {
    orders: ORDERS,
    connections: CONNECTIONS,
    ordersPerSecond: Math.round(acknowledged / seconds),
    latencyP50Ms: run.latency.p50,
    latencyP99Ms: run.latency.p99,
    acknowledged,
    stored,
    refused: run.non2xx,
    errors: run.errors,
    replayStatuses,
    exactlyOnce,
  };
}

function markdown() {
  const n = (v) => (v === null || v === undefined ? '-' : v.toLocaleString('en-US'));
  const lines = [
    `Bench ${results.at}: ${results.products.toLocaleString('en-US')} products on ${results.database}, ` +
      `${results.machine.cpus} x ${results.machine.cpu}, ${results.machine.memoryGb} GB, Node ${results.machine.node}`,
    '',
    '| call | connections | req/s | p50 ms | p99 ms | limit req/s | ratio | server peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.scenarios.map(
      (r) =>
        `| ${r.name} | ${r.connections} | ${n(r.requestsPerSecond)} | ${r.latencyP50Ms} | ${r.latencyP99Ms} | ` +
        `${n(r.limitRequestsPerSecond)} | ${r.ratio ?? '-'} | ${r.peakRssMb} |`,
    ),
  ];
  const o = results.orders;
  if (o) {
    lines.push(
      '',
      `Orders: ${n(o.acknowledged)} of ${n(o.orders)} placed at ${o.connections} connections, ` +
        `${n(o.ordersPerSecond)} orders/s, p50 ${o.latencyP50Ms} ms, p99 ${o.latencyP99Ms} ms; ` +
        `stored ${n(o.stored)}, refused ${n(o.refused)}, errors ${n(o.errors)}, 20 replays answered ` +
        `${o.replayStatuses.join('/')}: ${o.exactlyOnce ? 'each acknowledged order stored exactly once' : 'NOT EXACTLY ONCE'}; ` +
        `server peak RSS ${o.peakRssMb} MB.`,
    );
  }
  const m = results.memory;
  lines.push(
    '',
    `Server RSS: ${m.idleRssMb} MB idle, ${m.peakRssMb} MB peak, ${m.afterLoadRssMb} MB after the run. ` +
      `Home page JS: ${bundle.files} files, ${(bundle.gzipBytes / 1024).toFixed(1)} kB gzipped.`,
  );
  return `${lines.join('\n')}\n`;
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const stem = path.join(root, 'bench/results', results.at.replaceAll(':', '-'));
writeFileSync(`${stem}.json`, `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(`${stem}.md`, markdown());
console.log(markdown());
console.log(`Written to ${path.relative(root, stem)}.json and .md`);
