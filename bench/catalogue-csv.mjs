// The catalogue CSV's import at 1,000 rows: the built server on a fresh embedded database (or
// BENCH_DATABASE_URL) scaled to BENCH_PRODUCTS products; the exported file's first 1,000 rows
// with every product's price and every tracked row's stock changed, then the dry run and the
// apply timed as the back office sends them. `node bench/catalogue-csv.mjs`; the numbers go in
// README.md ("The catalogue CSV at 1,000 rows").
import { ADMIN, startScaledStore, waitForHealth } from './store.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const port = Number(process.env.BENCH_PORT ?? 4300);

/** The export's cells: every cell is quoted, quotes doubled, records end in CRLF. */
function parse(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  return rows;
}
const write = (rows) =>
  `\uFEFF${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\r\n')}\r\n`;

const store = await startScaledStore({
  port,
  products: PRODUCTS,
  databaseUrl: process.env.BENCH_DATABASE_URL,
});
try {
  const base = store.base;
  await waitForHealth(base);
  const signIn = await fetch(`${base}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie, origin: base, 'content-type': 'application/json' };

  let started = performance.now();
  const exported = await (await fetch(`${base}/api/admin/catalogue/csv`, { headers: { cookie } })).text();
  const exportMs = performance.now() - started;
  const [header, ...all] = parse(exported.replace(/^\uFEFF/, ''));
  const price = header.indexOf('Price');
  const stock = header.indexOf('Stock');
  // Whole products only, so that no product's rows are cut in two.
  const key = header.indexOf('Product key');
  let rows = all.slice(0, ROWS);
  while (rows.length > 0 && all[rows.length]?.[key] === rows.at(-1)[key]) rows = rows.slice(0, -1);
  for (const row of rows) {
    row[price] = (Number(row[price]) + 1).toFixed(2);
    if (row[stock] !== '') row[stock] = String(Number(row[stock]) + 1);
  }
  const csv = write([header, ...rows]);

  started = performance.now();
  const check = await fetch(`${base}/api/admin/catalogue/csv/check`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv }),
  });
  const report = await check.json();
  const checkMs = performance.now() - started;
  if (check.status !== 200 || report.errors.length > 0) throw new Error(JSON.stringify(report).slice(0, 500));

  started = performance.now();
  const apply = await fetch(`${base}/api/admin/catalogue/csv`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ csv, token: report.token }),
  });
  const applied = await apply.json();
  const applyMs = performance.now() - started;
  if (apply.status !== 200) throw new Error(JSON.stringify(applied).slice(0, 500));

  const line = (name, ms) => `| ${name} | ${(ms / 1000).toFixed(2)} s |`;
  console.log(
    [
      `${all.length.toLocaleString('en')} rows exported; ${rows.length} rows imported, ${report.changes.length} changes in ${applied.applied.updated} products (${Buffer.byteLength(csv)} bytes)`,
      '| step | time |',
      '|---|---:|',
      line('export (whole catalogue)', exportMs),
      line('dry run', checkMs),
      line('apply', applyMs),
      line('dry run + apply', checkMs + applyMs),
    ].join('\n'),
  );
} finally {
  await store.stop();
}
