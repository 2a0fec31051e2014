import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, type Db, type Executor, migrationsFolder } from '../../db/client.ts';
import {
  openImageStore,
  openPrivateImageStore,
  PRIVATE_IMAGES_DIR,
  PRIVATE_ROW_PREFIX,
} from '../uploads/index.ts';
import { type ArchiveSummary, archiveLines, IMAGE_FOLDERS, rowPrefix } from './archive.ts';
import { type Column, columnsOf, quoteIdent, TABLES_IN_ORDER } from './tables.ts';

/** A restore this store must not take; the message is one line for the operator. */
export class RestoreRefusedError extends Error {}

export interface RestoreTarget {
  dataDir: string;
  uploadsDir: string;
  storage: 'fs' | 'postgres' | undefined;
  /** Replace a store that has rows. */
  force: boolean;
}

/** Rows sent to the database in one statement, at most. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Restores a verified archive (`verifyArchive`): the database is emptied and migrated to the
 * backup's level, its rows go in with the tables' triggers off (what they derive, such as an
 * order's paid total from the payments ledger, is in the rows already), the images go where this
 * store keeps them, and the migrations since bring it to this code's level. On PostgreSQL it all
 * happens under the instances' boot lock.
 */
export async function restoreArchive(
  database: Database,
  file: string,
  { manifest, level }: ArchiveSummary,
  target: RestoreTarget,
): Promise<void> {
  await database.withBootLock(async ({ db, migrate }) => {
    if (!target.force && (await hasRows(db)))
      throw new RestoreRefusedError(
        'The store already has data: restore onto an empty store, or add --force to replace everything in it.',
      );
    const imageStores = (executor: Db) => ({
      images: openImageStore(executor, database.kind, {
        storage: target.storage,
        uploadsDir: target.uploadsDir,
        cacheBytes: 0,
      }),
      proofs: openPrivateImageStore(executor, database.kind, {
        storage: target.storage,
        dir: path.join(target.dataDir, PRIVATE_IMAGES_DIR),
      }),
    });
    // Where images are files, the `images` rows of a backup from PostgreSQL become files too.
    const keepsFiles = imageStores(db).images.kind === 'fs';
    await emptyStore(db, keepsFiles ? target.dataDir : undefined);
    await migrateTo(db, database.kind, level);
    await db.transaction(async (tx) => {
      const { images, proofs } = imageStores(tx as unknown as Db);
      const tables = Object.keys(manifest.rows);
      for (const table of tables)
        await tx.execute(sql.raw(`alter table ${qualified(table)} disable trigger user`));
      // Rows the migrations put in (the payment settings' one row): the archive has them as they were.
      await tx.execute(sql.raw(`truncate ${tables.map(qualified).join(', ')}`));
      let batch: { table: string; columns: Column[]; rows: string[]; chars: number } | undefined;
      const flush = async () => {
        if (batch?.rows.length) await insertRows(tx, batch.table, batch.columns, batch.rows);
        if (batch) Object.assign(batch, { rows: [], chars: 0 });
      };
      for await (const line of archiveLines(file)) {
        if (line.startsWith('{"f":')) {
          const { f, b } = JSON.parse(line) as { f: string; b: string };
          const store = f.startsWith(`${PRIVATE_IMAGES_DIR}/`) ? proofs : images;
          await store.put(path.basename(f), Buffer.from(b, 'base64'));
          continue;
        }
        if (!line.startsWith('{"t":')) continue;
        const table = (JSON.parse(line) as { t: string }).t;
        const row = line.slice(rowPrefix(table).length, -1);
        if (keepsFiles && table === 'images') {
          const { name, bytes } = JSON.parse(row) as { name: string; bytes: string };
          const [store, key] = name.startsWith(PRIVATE_ROW_PREFIX)
            ? [proofs, name.slice(PRIVATE_ROW_PREFIX.length)]
            : [images, name];
          await store.put(key, Buffer.from(bytes, 'base64'));
          continue;
        }
        if (batch?.table !== table) {
          await flush();
          batch = { table, columns: await columnsOf(tx, table), rows: [], chars: 0 };
        }
        batch.rows.push(row);
        batch.chars += row.length;
        if (batch.rows.length >= BATCH_ROWS || batch.chars >= BATCH_CHARS) await flush();
      }
      await flush();
      for (const table of tables)
        await tx.execute(sql.raw(`alter table ${qualified(table)} enable trigger user`));
      await resetSequences(tx);
    });
    await migrate();
  });
}

const qualified = (table: string) => `public.${quoteIdent(table)}`;

async function hasRows(db: Executor): Promise<boolean> {
  for (const table of TABLES_IN_ORDER) {
    const result = (await db.execute(
      sql`select to_regclass(${qualified(table)}) is not null as present`,
    )) as unknown as { rows: { present: boolean }[] };
    if (!result.rows[0]!.present) continue;
    const rows = (await db.execute(
      sql.raw(`select exists (select 1 from ${qualified(table)}) as found`),
    )) as unknown as { rows: { found: boolean }[] };
    if (rows.rows[0]!.found) return true;
  }
  return false;
}

/**
 * Drops every table, function and the migrations' record, so the backup's level can be built up
 * from the first migration; with images as files, the image folders go too.
 */
async function emptyStore(db: Executor, dataDir: string | undefined) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
  if (dataDir)
    for (const folder of IMAGE_FOLDERS)
      await rm(path.join(dataDir, folder), { recursive: true, force: true });
}

/** Runs the shipped migrations up to `level` (the journal's index) and no further. */
async function migrateTo(db: Db, kind: Database['kind'], level: number) {
  const folder = await mkdtemp(path.join(tmpdir(), 'habi-restore-'));
  try {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
    journal.entries = journal.entries.slice(0, level + 1);
    await cp(path.join(migrationsFolder, 'meta'), path.join(folder, 'meta'), { recursive: true });
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries as { tag: string }[])
      await cp(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    const migrate = kind === 'postgres' ? migratePg : migratePglite;
    await migrate(db as never, { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** One statement for a batch of rows: PostgreSQL reads them from JSON into the table's own types. */
async function insertRows(tx: Executor, table: string, columns: Column[], rows: string[]) {
  const names = columns.map((column) => quoteIdent(column.name)).join(', ');
  const values = columns
    .map(({ name, kind }) =>
      kind === 'bytes' ? `decode(j->>'${name.replaceAll("'", "''")}', 'base64')` : `r.${quoteIdent(name)}`,
    )
    .join(', ');
  await tx.execute(
    sql`insert into ${sql.raw(`${qualified(table)} (${names})`)} select ${sql.raw(values)} from json_array_elements(${`[${rows.join(',')}]`}::json) as j, json_populate_record(null::${sql.raw(qualified(table))}, j) as r`,
  );
}

/** Sequences behind identity or serial columns continue after the restored rows' largest value. */
async function resetSequences(tx: Executor) {
  const result = (await tx.execute(sql`
    select quote_ident(table_name) as t, quote_ident(column_name) as c,
           pg_get_serial_sequence(quote_ident(table_name), column_name) as s
      from information_schema.columns
     where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`)) as unknown as {
    rows: { t: string; c: string; s: string }[];
  };
  for (const { t, c, s } of result.rows)
    await tx.execute(sql.raw(`select setval('${s}', coalesce(max(${c}), 0) + 1, false) from public.${t}`));
}
