// `npm run bench:web`: Lighthouse (npm `lighthouse`, fetched by `npm exec` at the pinned version
// below, so installing the store does not download it) on the system Chromium against the
// production build, started as `npm start` runs it on a fresh embedded database with the demo
// catalogue: Home, the collection, a product page and the cart, with the mobile preset (simulated
// slow 4G and a mid-range phone) and the desktop one, BENCH_WEB_RUNS runs each (default 3),
// median reported. Also weighs the JavaScript and CSS each page downloads, gzip and brotli (the
// bytes the server sends for each encoding). Writes bench/results/web-<time>.json and .md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build-if-stale.mjs';
import { SERVER_ARGS } from './store.mjs';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4350);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const base = `http://localhost:${PORT}`;

/** Waits for the bench's own server (not one already on the port: it would exit). */
async function waitForHealth(server) {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** One Lighthouse run: its report (categories, metrics, the requests it saw). */
function lighthouse(url, preset, out) {
  const args = [
    'exec',
    '--yes',
    `--package=${LIGHTHOUSE}`,
    '--',
    'lighthouse',
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  // Lighthouse now and then fails to record a load (NO_NAVSTART): such a run is tried again.
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync('npm', args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: CHROME },
      stdio: 'inherit',
    });
    if (run.status === 0) return JSON.parse(readFileSync(out, 'utf8'));
    if (attempt === 3) throw new Error(`lighthouse failed on ${url} (${preset}) ${attempt} times`);
  }
}

/** The bytes the server sends for a file in each encoding (as sent: fetch would decode them). */
async function encodedSizes(url) {
  const size = (encoding) =>
    new Promise((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
      }).on('error', reject);
    });
  return { gzip: await size('gzip'), br: await size('br') };
}

/** The JavaScript and CSS a report's page downloaded, gzip and brotli. */
async function assetBytes(report) {
  const requests = report.audits['network-requests'].details.items;
  const totals = { jsGzip: 0, jsBrotli: 0, cssGzip: 0, cssBrotli: 0, files: 0 };
  for (const { url, resourceType } of requests) {
    const kind = resourceType === 'Script' ? 'js' : resourceType === 'Stylesheet' ? 'css' : undefined;
    if (!kind || !url.startsWith(base)) continue;
    const { gzip, br } = await encodedSizes(url);
    totals[`${kind}Gzip`] += gzip;
    totals[`${kind}Brotli`] += br;
    totals.files++;
  }
  return totals;
}

buildIfStale();
if (
  await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  )
) {
  throw new Error(`something already answers on port ${PORT}: stop it, or set BENCH_PORT`);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'habi-bench-web-'));
const { DATABASE_URL: _callers, ...inherited } = process.env;
const server = spawn(process.execPath, SERVER_ARGS, {
  cwd: root,
  env: { ...inherited, DATA_DIR: dataDir, PORT: String(PORT), NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const results = {
  date: new Date().toISOString(),
  machine: `${cpus().length} x ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  lighthouse: LIGHTHOUSE,
  runs: RUNS,
  pages: [],
};
const work = mkdtempSync(path.join(tmpdir(), 'habi-lighthouse-'));
try {
  await waitForHealth(server);
  const [product] = await (await fetch(`${base}/api/product/all?limit=1`)).json();
  const pages = [
    ['Home', '/'],
    ['Products', '/products'],
    ['Product detail', `/view?pid=${product.id}`],
    ['Cart', '/cart'],
  ];
  for (const preset of ['mobile', 'desktop']) {
    for (const [name, pathname] of pages) {
      const reports = [];
      for (let run = 0; run < RUNS; run++) {
        reports.push(lighthouse(base + pathname, preset, path.join(work, `${preset}-${run}.json`)));
      }
      const score = (category) => median(reports.map((r) => Math.round(r.categories[category].score * 100)));
      const metric = (audit) => median(reports.map((r) => r.audits[audit].numericValue));
      results.pages.push({
        page: name,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        tbtMs: Math.round(metric('total-blocking-time')),
        // TBT moves most from run to run (a few ms more of one task, seen at 4x): each run's too.
        tbtRunsMs: reports.map((r) => Math.round(r.audits['total-blocking-time'].numericValue)),
        ...(await assetBytes(reports[0])),
      });
    }
  }
} finally {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}

const kB = (bytes) => (bytes / 1024).toFixed(1);
const table = [
  `Lighthouse ${results.date} (${LIGHTHOUSE}, median of ${RUNS}): ${results.machine}`,
  '',
  '| page | preset | perf | a11y | best practices | SEO | LCP ms | CLS | TBT ms (each run) | JS kB gzip / br | CSS kB gzip / br |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.pages.map(
    (p) =>
      `| ${p.page} | ${p.preset} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${p.lcpMs} | ${p.cls} | ${p.tbtMs} (${p.tbtRunsMs.join(', ')}) | ${kB(p.jsGzip)} / ${kB(p.jsBrotli)} | ${kB(p.cssGzip)} / ${kB(p.cssBrotli)} |`,
  ),
].join('\n');
console.log(`\n${table}\n`);
const dir = path.join(root, 'bench/results');
mkdirSync(dir, { recursive: true });
const stem = path.join(dir, `web-${results.date.replaceAll(':', '-')}`);
writeFileSync(`${stem}.json`, JSON.stringify(results, null, 2));
writeFileSync(`${stem}.md`, `${table}\n`);
console.log(`Written to ${path.relative(root, stem)}.json and .md`);
