import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { TABLES_IN_ORDER } from '../../modules/backup/tables.ts';
import { PRIVATE_IMAGES_DIR } from '../../modules/uploads/index.ts';
import {
  api,
  type Database,
  freshDatabase,
  logLines,
  run,
  type Server,
  startServer,
  tempDataDir,
} from './server-process.ts';
import { addProduct, type Customer, type Discount, placeOrder, signInAdmin, signUp } from './shop.ts';

// The backup and restore CLIs against servers in processes of their own, on the embedded database
// and, with DATABASE_URL (a role that may create databases), on PostgreSQL and across the two.
const baseUrl = process.env.DATABASE_URL;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function dataDir() {
  const data = await tempDataDir();
  cleanup.push(data.remove);
  return data.dir;
}

async function postgres(): Promise<Database> {
  const database = await freshDatabase(baseUrl!);
  cleanup.push(database.drop);
  return database;
}

type Env = { DATA_DIR: string; DATABASE_URL?: string };
/**
 * The round trips compare the restored store with the source read after its server stopped: mail
 * stays in the outbox until then (one poll at the start, the next an hour later), or its sending
 * after the backup would tell them apart.
 */
const QUIET_MAIL = { MAIL_POLL_INTERVAL: '3600' };
const envOf = ({ DATA_DIR, DATABASE_URL }: Env) => ({ DATA_DIR, ...(DATABASE_URL ? { DATABASE_URL } : {}) });

async function cli(entry: 'backup.js' | 'restore.js', env: Env, args: string[] = []) {
  const child = run(entry, envOf(env), args);
  const { code } = await child.exited;
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** Takes a backup into DATA_DIR/backups; answers the archive's path. */
async function backup(env: Env): Promise<string> {
  const result = await cli('backup.js', env);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout.split('\n')[0]!;
}

async function restore(env: Env, file: string, ...args: string[]) {
  const result = await cli('restore.js', env, [file, ...args]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^Restored /);
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Snapshot {
  /** Per table: its rows' count and an MD5 of their text, as PostgreSQL writes each row. */
  tables: Record<string, string>;
  /** Every image by the name the store reads it by (private ones `private/<name>`), to its SHA-256. */
  images: Record<string, string>;
}

/**
 * What a stopped store holds, read straight from its database and files (not through the backup
 * code): rows compared as text in one collation and time zone, so both databases write them alike.
 */
async function snapshot(env: Env): Promise<Snapshot> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    poolSize: 1,
    pgliteDir: path.join(env.DATA_DIR, 'pglite'),
    owner: 'backup.test.ts',
  });
  try {
    const query = async <T>(text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
    await query(`set timezone = 'UTC'`);
    const tables: Record<string, string> = {};
    for (const table of TABLES_IN_ORDER) {
      const [row] = await query<{ n: number; h: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text collate "C"), '')) as h from public."${table}" x`,
      );
      tables[table] = `${row!.n} ${row!.h}`;
    }
    const images: Record<string, string> = {};
    for (const { name, h } of await query<{ name: string; h: string }>(
      `select name, encode(sha256(bytes), 'hex') as h from images`,
    ))
      images[name] = h;
    for (const [folder, prefix] of [
      ['uploads', ''],
      [PRIVATE_IMAGES_DIR, 'private/'],
    ] as const) {
      const dir = path.join(env.DATA_DIR, folder);
      for (const name of await readdir(dir).catch(() => [] as string[]))
        images[`${prefix}${name}`] = sha256(await readFile(path.join(dir, name)));
    }
    return { tables, images };
  } finally {
    await database.close();
  }
}

/** The same store, whichever way it keeps its images (files, or rows of `images`). */
function expectSameStore(actual: Snapshot, expected: Snapshot, { imagesTable = true } = {}) {
  const tables = (s: Snapshot) => {
    const { images, ...rest } = s.tables;
    return imagesTable ? s.tables : rest;
  };
  expect(tables(actual)).toEqual(tables(expected));
  expect(actual.images).toEqual(expected.images);
  expect(Object.keys(expected.images).length).toBeGreaterThan(1);
}

/** A little trade: a product with its image, orders from a few customers, one paid, one refunded. */
async function trade(base: string) {
  const admin = await signInAdmin(base);
  const product = await addProduct(base, admin, `Backup Tee ${Date.now()}`);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const placed = await placeOrder(base, await signUp(base), product);
    expect(placed.status).toBe(201);
    ids.push(placed.orderId!);
  }
  const paid = await api(base, `/api/payments/orders/${ids[0]}/collections`, {
    method: 'POST',
    cookie: admin,
    body: { amount: '550.00' },
  });
  expect(paid.status).toBe(200);
  const refunded = await api(base, `/api/payments/orders/${ids[0]}/refunds`, {
    method: 'POST',
    cookie: admin,
    body: { amount: '100.00', reference: 'RF-1' },
  });
  expect(refunded.status).toBe(200);
}

/** A shopper's transfer screenshot as the store keeps it: a private image file. */
async function privateImage(dataDir: string) {
  const dir = path.join(dataDir, PRIVATE_IMAGES_DIR);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${'ab'.repeat(16)}.webp`), Buffer.from('a screenshot, as bytes'));
}

/** An archive's lines, rewritten by `edit`, with a trailer made anew so only `edit` differs. */
function rewrite(archive: Buffer, edit: (lines: string[]) => void): Buffer {
  const lines = gunzipSync(archive).toString('utf8').trimEnd().split('\n');
  const trailer = JSON.parse(lines.pop()!);
  edit(lines);
  const body = lines.map((line) => `${line}\n`).join('');
  trailer.end.sha256 = createHash('sha256').update(body).digest('hex');
  return gzipSync(`${body}${JSON.stringify(trailer)}\n`);
}

describe('backups on the embedded database', () => {
  let archive = '';
  let original: Snapshot;

  it('a backup taken through the running server restores into a fresh data directory', async () => {
    const source = { DATA_DIR: await dataDir() };
    const server = await startServer({ ...source, ...QUIET_MAIL });
    await trade(server.url);
    await privateImage(source.DATA_DIR);
    expect((await stat(path.join(source.DATA_DIR, 'control.sock'))).mode & 0o777).toBe(0o600);
    archive = await backup(source);
    expect(logLines(server).some((line) => line.msg === 'backup written through the control socket')).toBe(
      true,
    );
    // The store served while the backup was written, and still does.
    expect((await api(server.url, '/api/health')).status).toBe(200);
    await stop(server);
    expect(existsSync(path.join(source.DATA_DIR, 'control.sock'))).toBe(false);
    original = await snapshot(source);

    const target = { DATA_DIR: await dataDir() };
    await restore(target, archive);
    expectSameStore(await snapshot(target), original);

    // It starts as usual; while it runs, a restore onto its directory is refused.
    const restored = await startServer(target);
    const refused = await cli('restore.js', target, [archive, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is in use by the Habi server/);
    await stop(restored);
  });

  it('refuses a truncated, a tampered or a newer archive, and a store with data without --force', async () => {
    const bytes = await readFile(archive);
    const dir = await dataDir();
    const refusals: [string, Buffer, RegExp][] = [
      ['truncated.gz', bytes.subarray(0, Math.floor(bytes.length / 2)), /is truncated or damaged/],
      // One bit off inside the compressed stream: gzip's own check, or the lines it garbled, refuse it.
      [
        'flipped.gz',
        Buffer.from(bytes).fill(bytes[2000]! ^ 1, 2000, 2001),
        /is truncated or damaged|has a damaged line|checksum does not match/,
      ],
      [
        'edited.gz',
        (() => {
          const lines = gunzipSync(bytes).toString('utf8').split('\n');
          const at = lines.findIndex((line) => line.startsWith('{"t":"orders"'));
          lines[at] = lines[at]!.replace('"total":"', '"total":"1');
          return gzipSync(lines.join('\n'));
        })(),
        /was changed after it was written: its checksum does not match/,
      ],
      [
        'newer.gz',
        rewrite(bytes, (lines) => {
          lines[0] = lines[0]!.replace(/"migration":"[^"]+"/, '"migration":"9999_from_the_future"');
        }),
        /was made by a newer Habi .*: upgrade first/,
      ],
    ];
    for (const [name, content, message] of refusals) {
      const file = path.join(dir, name);
      await writeFile(file, content);
      const target = { DATA_DIR: await dataDir() };
      const result = await cli('restore.js', target, [file]);
      expect(result.code, name).toBe(1);
      expect(result.stderr, name).toMatch(message);
      expect(result.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(await readdir(target.DATA_DIR), name).toEqual([]);
    }

    const store = { DATA_DIR: await dataDir() };
    await restore(store, archive);
    const refused = await cli('restore.js', store, [archive]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already has data: .* add --force/);
    // With no server on the directory, the backup opens the database itself; --force replaces the store.
    await restore(store, await backup(store), '--force');
    expectSameStore(await snapshot(store), original);
  });

  it.runIf(baseUrl)('moves to PostgreSQL and back: embedded → PostgreSQL → embedded', async () => {
    const onPostgres = { DATA_DIR: await dataDir(), DATABASE_URL: (await postgres()).url };
    await restore(onPostgres, archive);
    // On PostgreSQL the images are rows of `images`; the rest is the same rows.
    expectSameStore(await snapshot(onPostgres), original, { imagesTable: false });
    const back = { DATA_DIR: await dataDir() };
    await restore(back, await backup(onPostgres));
    expectSameStore(await snapshot(back), original);
  });

  it('a backup taken while 20 shoppers order restores to a consistent store', async () => {
    const source = { DATA_DIR: await dataDir() };
    await consistentUnderLoad(source);
  });
});

describe.runIf(baseUrl)('backups on PostgreSQL', () => {
  it('a backup taken while the store serves restores into a fresh database', async () => {
    const source = { DATA_DIR: await dataDir(), DATABASE_URL: (await postgres()).url };
    const server = await startServer({ ...envOf(source), ...QUIET_MAIL });
    await trade(server.url);
    const archive = await backup(source);
    await stop(server);
    const original = await snapshot(source);
    const target = { DATA_DIR: await dataDir(), DATABASE_URL: (await postgres()).url };
    await restore(target, archive);
    expectSameStore(await snapshot(target), original);
  });

  it('a backup taken while 20 shoppers order restores to a consistent store', async () => {
    await consistentUnderLoad({ DATA_DIR: await dataDir(), DATABASE_URL: (await postgres()).url });
  });
});

/**
 * 20 shoppers order (half with a discount code) and the shop records payments while the backup
 * is taken; the restored store must be one moment's: every order with its line, each order's
 * paid and refunded sums those of its ledger rows, each code's uses its redemptions.
 */
async function consistentUnderLoad(source: Env) {
  const server = await startServer(envOf(source));
  const base = server.url;
  const admin = await signInAdmin(base);
  const product = await addProduct(base, admin, 'Busy Tee');
  const discount: Discount = { code: 'BACKUP50', off: '50.00' };
  const created = await api(base, '/api/admin/discounts', {
    method: 'POST',
    cookie: admin,
    body: { code: discount.code, kind: 'fixed', value: discount.off },
  });
  expect(created.status, created.text).toBe(201);
  const shoppers: Customer[] = [];
  for (let i = 0; i < 20; i++) shoppers.push(await signUp(base));

  let busy = true;
  const placed: string[] = [];
  const ordering = shoppers.map(async (shopper, i) => {
    while (busy) {
      const order = await placeOrder(
        base,
        shopper,
        product,
        undefined,
        undefined,
        i % 2 ? discount : undefined,
      );
      expect(order.status, order.text).toBe(201);
      placed.push(order.orderId!);
    }
  });
  const collecting = (async () => {
    while (busy) {
      const id = placed.shift();
      if (!id) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      const paid = await api(base, `/api/payments/orders/${id}/collections`, {
        method: 'POST',
        cookie: admin,
        body: { amount: '100.00' },
      });
      expect(paid.status, paid.text).toBe(200);
    }
  })();
  // Some orders first, so the backup lands in the middle of the trade.
  while (placed.length < 40) await new Promise((resolve) => setTimeout(resolve, 10));
  const archive = await backup(source);
  busy = false;
  await Promise.all([...ordering, collecting]);
  await stop(server);

  const target = {
    DATA_DIR: await dataDir(),
    ...(source.DATABASE_URL ? { DATABASE_URL: (await postgres()).url } : {}),
  };
  await restore(target, archive);
  const database = await openDatabase({
    databaseUrl: target.DATABASE_URL,
    poolSize: 1,
    pgliteDir: path.join(target.DATA_DIR, 'pglite'),
    owner: 'backup.test.ts',
  });
  try {
    const one = async (text: string) =>
      ((await database.db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await one('select count(*)::int as n from orders')).toBeGreaterThanOrEqual(40);
    expect(await one('select count(*)::int as n from payments')).toBeGreaterThan(0);
    expect(
      await one(
        'select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)',
      ),
    ).toBe(0);
    expect(
      await one(`
        select count(*)::int as n from orders o
         where o.amount_paid <> coalesce((select sum(amount) from payments p where p.order_id = o.id and p.kind = 'payment'), 0)
            or o.amount_refunded <> coalesce((select sum(amount) from payments p where p.order_id = o.id and p.kind <> 'payment'), 0)`),
    ).toBe(0);
    expect(
      await one(`
        select count(*)::int as n from discount_codes c
         where c.uses <> (select count(*) from discount_redemptions r where r.code_id = c.id and r.released_at is null)`),
    ).toBe(0);
    expect(await one(`select uses as n from discount_codes where code = '${discount.code}'`)).toBeGreaterThan(
      0,
    );
    expect(
      await one(`
        select count(*)::int as n from products p
         where p.track_stock and not exists (select 1 from product_stock s where s.product_id = p.id)`),
    ).toBe(0);
  } finally {
    await database.close();
  }
}
