import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pkg from '../../../package.json' with { type: 'json' };
import type { Db, Executor } from '../../db/client.ts';
import { SHIPPED_MIGRATIONS } from '../../db/shipped-migrations.ts';
import { PRIVATE_IMAGES_DIR } from '../uploads/index.ts';
import { columnsOf, quoteIdent, TABLES_IN_ORDER } from './tables.ts';

/**
 * A backup: gzip'd JSON lines. The first is the manifest; then one line per row
 * (`{"t":table,"r":row}`), tables in foreign-key order; then one per image file
 * (`{"f":path,"b":base64}`, paths under DATA_DIR) when images are files; last the trailer, with
 * the SHA-256 of every line before it and the counts, so a restore checks the whole archive before
 * it writes anything (docs/decisions/016-backups-are-one-portable-archive.md).
 */
export interface Manifest {
  format: 'habi-backup';
  version: 1;
  /** The Habi version that wrote it (apps/server/package.json). */
  store: string;
  /** The last migration the database had: a restore runs the migrations up to it first. */
  migration: string;
  database: 'pglite' | 'postgres';
  storage: 'fs' | 'postgres';
  createdAt: string;
  /** Rows per table, in the order they follow. */
  rows: Record<string, number>;
}

interface Trailer {
  end: { sha256: string; lines: number; rows: Record<string, number>; files: number };
}

export interface ArchiveSummary {
  manifest: Manifest;
  files: number;
  /** The index of its migration among those this code ships. */
  level: number;
}

/** Where the image files are, under DATA_DIR, when images are files (`STORAGE=fs`). */
export const IMAGE_FOLDERS = ['uploads', PRIVATE_IMAGES_DIR];

/** A file that is not a whole, untouched Habi backup; the message is one line for the operator. */
export class BadArchiveError extends Error {}

/** A store that has nothing to back up yet: its database was never started. */
export class NoStoreError extends Error {}

/** The prefix of a row's line: restore takes the row's JSON text after it as it is, unparsed. */
export const rowPrefix = (table: string) => `{"t":${JSON.stringify(table)},"r":`;

export interface ArchiveSource {
  database: Manifest['database'];
  storage: Manifest['storage'];
  dataDir: string;
}

/**
 * Writes a backup of `db` to `out`. Rows come from one REPEATABLE READ READ ONLY transaction, so
 * they are one moment's store while it keeps taking orders: on PostgreSQL from a connection of
 * their own; on the embedded database, whose one connection the transaction holds, other
 * queries wait until the rows are read. Image files are read after it: their names are content
 * hashes or random, never rewritten, so one added meanwhile is only an extra.
 */
export async function writeArchive(db: Db, source: ArchiveSource, out: Writable): Promise<void> {
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  written.catch(() => {});
  const hash = createHash('sha256');
  let lines = 0;
  const write = async (line: string) => {
    const text = `${line}\n`;
    hash.update(text);
    lines += 1;
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const manifest = await db.transaction(
      async (tx) => {
        const migration = await migrationLevel(tx);
        const rows: Record<string, number> = {};
        for (const table of TABLES_IN_ORDER) rows[table] = await countRows(tx, table);
        const manifest: Manifest = {
          format: 'habi-backup',
          version: 1,
          store: pkg.version,
          migration,
          database: source.database,
          storage: source.storage,
          createdAt: new Date().toISOString(),
          rows,
        };
        await write(JSON.stringify(manifest));
        for (const table of TABLES_IN_ORDER) await writeRows(tx, table, write);
        return manifest;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    let files = 0;
    if (source.storage === 'fs') {
      for (const folder of IMAGE_FOLDERS) {
        for (const name of await imageFiles(path.join(source.dataDir, folder))) {
          const bytes = await readFile(path.join(source.dataDir, folder, name)).catch(() => null);
          if (!bytes) continue; // removed since it was listed (a rejected transfer's screenshot)
          await write(JSON.stringify({ f: `${folder}/${name}`, b: bytes.toString('base64') }));
          files += 1;
        }
      }
    }
    const trailer: Trailer = { end: { sha256: hash.digest('hex'), lines, rows: manifest.rows, files } };
    gzip.end(`${JSON.stringify(trailer)}\n`);
    await written;
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
}

async function countRows(tx: Executor, table: string): Promise<number> {
  const result = (await tx.execute(
    sql`select count(*)::int as n from ${sql.raw(`public.${quoteIdent(table)}`)}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

/** The tag of the last migration the database ran, from the list this code ships. */
async function migrationLevel(tx: Executor): Promise<string> {
  const present = (await tx.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!present.rows[0]!.present)
    throw new NoStoreError('the database has no store yet: start it once (npm start) before backing it up.');
  const result = (await tx.execute(
    sql`select created_at::text as "when" from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as unknown as { rows: { when: string }[] };
  const when = Number(result.rows[0]?.when);
  const shipped = SHIPPED_MIGRATIONS.find((migration) => migration.when === when);
  if (!shipped) throw new Error(`the database's last migration (${when}) is not one this Habi ships`);
  return shipped.tag;
}

/** A table's rows as PostgreSQL writes them in JSON, read through a cursor a page at a time. */
async function writeRows(tx: Executor, table: string, write: (line: string) => Promise<void>) {
  const columns = (await columnsOf(tx, table)).map(({ name, kind }) => {
    const column = quoteIdent(name);
    if (kind === 'bytes') return `translate(encode(${column}, 'base64'), E'\\n', '') as ${column}`;
    return kind === 'text' ? `${column}::text as ${column}` : column;
  });
  const prefix = rowPrefix(table);
  await tx.execute(
    sql.raw(
      `declare habi_backup no scroll cursor for select row_to_json(x)::text as j from (select ${columns.join(', ')} from public.${quoteIdent(table)}) x`,
    ),
  );
  for (;;) {
    const page = (await tx.execute(sql`fetch 500 from habi_backup`)) as unknown as { rows: { j: string }[] };
    for (const { j } of page.rows) await write(`${prefix}${j}}`);
    if (page.rows.length < 500) break;
  }
  await tx.execute(sql`close habi_backup`);
}

async function imageFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Temporary files are writes in progress (fileImageStore writes aside, then renames).
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => entry.name)
    .sort();
}

/** The archive's lines, decompressed; a damaged or cut gzip stream is a `BadArchiveError`. */
export async function* archiveLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  gunzip.setEncoding('utf8');
  const input = createReadStream(file);
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      pending += chunk;
      let start = 0;
      for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
        yield pending.slice(start, end);
        start = end + 1;
      }
      pending = pending.slice(start);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES') throw new BadArchiveError(`Cannot read ${file}: ${code}.`);
    throw new BadArchiveError(`${file} is truncated or damaged (${(error as Error).message}).`);
  } finally {
    input.destroy();
  }
  if (pending) throw new BadArchiveError(`${file} is truncated: its last line is cut.`);
}

const FILE_PATH = new RegExp(`^(${IMAGE_FOLDERS.join('|')})/[0-9a-z][\\w.-]*$`);

/**
 * Reads the whole archive and checks it: a manifest of this format, a trailer whose SHA-256 and
 * counts match every line before it, and only rows of the manifest's tables and image paths
 * inside the image folders.
 */
export async function verifyArchive(file: string): Promise<ArchiveSummary> {
  const refuse = (why: string): never => {
    throw new BadArchiveError(`${file} ${why}.`);
  };
  const hash = createHash('sha256');
  let manifest: Manifest | undefined;
  let trailer: Trailer['end'] | undefined;
  let lines = 0;
  let files = 0;
  const rows: Record<string, number> = {};
  for await (const line of archiveLines(file)) {
    if (trailer) refuse('goes on after its trailer');
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line);
    } catch {
      return refuse(`has a damaged line (${lines + 1})`);
    }
    if (!manifest) {
      if (value.format !== 'habi-backup') refuse('is not a Habi backup');
      if (value.version !== 1)
        refuse(`is a backup of format ${String(value.version)}, which this Habi cannot read`);
      manifest = value as unknown as Manifest;
      for (const table of Object.keys(manifest.rows)) rows[table] = 0;
    } else if ('end' in value) {
      trailer = value.end as Trailer['end'];
      continue;
    } else if (typeof value.t === 'string' && value.t in rows && line.startsWith(rowPrefix(value.t))) {
      rows[value.t]! += 1;
    } else if (typeof value.f === 'string' && FILE_PATH.test(value.f) && typeof value.b === 'string') {
      files += 1;
    } else {
      refuse(`has a line that is neither a row nor an image (${lines + 1})`);
    }
    hash.update(`${line}\n`);
    lines += 1;
  }
  if (!manifest) return refuse('is empty');
  if (!trailer) return refuse('is truncated: it ends before its trailer');
  if (trailer.sha256 !== hash.digest('hex'))
    refuse('was changed after it was written: its checksum does not match');
  const counted = JSON.stringify(rows);
  if (trailer.lines !== lines || trailer.files !== files || JSON.stringify(trailer.rows) !== counted)
    refuse('does not hold what its trailer counts');
  if (JSON.stringify(manifest.rows) !== counted) refuse('does not hold what its manifest counts');
  const level = SHIPPED_MIGRATIONS.findIndex((migration) => migration.tag === manifest.migration);
  if (level < 0)
    refuse(`was made by a newer Habi (${manifest.store}, migration ${manifest.migration}): upgrade first`);
  return { manifest, files, level };
}

/** One line on what an archive holds, for the CLIs. */
export function describeArchive({ manifest, files }: ArchiveSummary): string {
  const counts = Object.values(manifest.rows);
  const rows = counts.reduce((sum, n) => sum + n, 0);
  const orders = manifest.rows.orders ?? 0;
  return `${rows} rows in ${counts.length} tables (${orders} orders), ${files} image files, migration ${manifest.migration}`;
}
