import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isDatabaseUnavailable, isOutOfSpace } from '../lib/db-errors.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { DataDirFullError, EmbeddedClient } from './embedded.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction, or the database itself: repositories take either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface MigrationResult {
  /** Migrations this call applied. */
  applied: number;
  /** Migrations the database has now. */
  total: number;
}

/** What start-up work gets while it holds the boot lock. */
export interface BootSession {
  db: Db;
  migrate(): Promise<MigrationResult>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs start-up work (migrate, seed, first admin) while no other instance can: on PostgreSQL
   * under an advisory lock on one connection, which is released however the process ends.
   */
  withBootLock<T>(work: (session: BootSession) => Promise<T>): Promise<T>;
  /**
   * Whether a write can be expected to succeed, asked after writes failed for want of space: on
   * PostgreSQL a page written to a temporary table (rolled back), on PGlite a running database
   * with headroom on its disk (`HEADROOM_BYTES`).
   */
  canWrite(): Promise<boolean>;
  /**
   * The embedded database only: calls `listener` after each commit that raised a version (its
   * one process sees every write); returns its removal. PostgreSQL's instances read the versions.
   */
  versionsRaised?(listener: () => void): () => void;
  /** PostgreSQL only: the pool's connections (open, idle) and the queries waiting for one. */
  connections?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (tests start from a migrated template). */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number, the same in every instance: the key of the boot lock. */
const BOOT_LOCK_KEY = 7_236_501_114;

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Connections this process may open to PostgreSQL. */
  poolSize?: number;
  /**
   * Told when a pooled connection breaks (a restart, a terminated backend; the pool replaces it),
   * and when the embedded database stops (it reopens by itself once its disk has room).
   */
  onConnectionError?: (error: Error) => void;
  /** PGlite's data directory, locked against a second process; in memory when absent. */
  pgliteDir?: string;
  /** Who opens the directory, named in the refusal a second process gets. */
  owner?: string;
  /** A PGlite data directory dump to start from (tests start from a migrated template). */
  pgliteDump?: Blob;
}

async function countMigrations(db: Db): Promise<number> {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  const table = await one<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.present) return 0;
  return (await one<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)).n;
}

async function migrateCounting(db: Db, run: () => Promise<void>): Promise<MigrationResult> {
  const before = await countMigrations(db);
  await run();
  const total = await countMigrations(db);
  return { applied: total - before, total };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options);
}

function openPostgres(databaseUrl: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    // A request waits at most this long for a connection, then answers 503, not forever.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  const onError = (error: Error) => options.onConnectionError?.(error);
  // Idle connections report through the pool; connections in use (a transaction, the boot
  // lock) through themselves. Unheard, either would end the process.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  db.transaction = onOwnConnection(pool);
  return {
    db,
    kind: 'postgres',
    async withBootLock(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
        const locked = drizzlePg(client, { schema }) as unknown as Db;
        return await work({
          db: locked,
          migrate: () => migrateCounting(locked, () => migratePg(locked as never, { migrationsFolder })),
        });
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        // The lock goes with its connection; a connection that failed is closed, not reused.
        if (!broken) await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY]);
        client.release(broken);
      }
    },
    canWrite: () => canWritePostgres(pool),
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * A page written to a temporary table in a transaction rolled back: PostgreSQL writes a new page
 * to disk when a table grows, so this fails with 53100 while its disk is full. Its catalogue rows
 * are vacuumed like any others.
 */
async function canWritePostgres(pool: pg.Pool): Promise<boolean> {
  let client: pg.PoolClient | undefined;
  let broken: Error | undefined;
  try {
    client = await pool.connect();
    await client.query('begin');
    await client.query('create temp table habi_write_probe (b bytea) on commit drop');
    await client.query(`insert into habi_write_probe select decode(repeat('00', 8192), 'hex')`);
    return true;
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    return false;
  } finally {
    if (client && !broken) await client.query('rollback').catch((error: Error) => (broken = error));
    client?.release(broken);
  }
}

/**
 * Transactions on a connection of their own, given back to the pool however they end. Drizzle's
 * own (0.45) sends BEGIN before its try block, so a BEGIN that fails (a connection the database
 * just dropped) never gave its connection back: a few dropped connections under load left the
 * pool empty and the instance answering 503 until restarted. A connection whose transaction
 * failed for want of the database is closed, never reused.
 */
function onOwnConnection(pool: pg.Pool): Db['transaction'] {
  // Drizzle over one connection, made once per pooled connection (making one costs ~0.7 ms).
  const bound = new WeakMap<pg.PoolClient, Db>();
  return async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      let db = bound.get(client);
      if (!db) {
        db = drizzlePg(client, { schema }) as unknown as Db;
        bound.set(client, db);
      }
      return await db.transaction(work, config);
    } catch (error) {
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dir = options.pgliteDir;
  let lock: Awaited<ReturnType<typeof lockDataDir>> | undefined;
  if (dir) {
    await mkdir(dir, { recursive: true });
    lock = await lockDataDir(dir, options.owner ?? 'a Habi process');
  }
  let client: EmbeddedClient;
  try {
    client = await EmbeddedClient.open({
      dir,
      dump: options.pgliteDump,
      onStopped: options.onConnectionError,
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process per directory (the lock above), so nothing else can boot beside it. The disk
    // filling up while it migrates or seeds is a start refused in one line too.
    withBootLock: (work) =>
      work({
        db,
        migrate: () => migrateCounting(db, () => migratePglite(db as never, { migrationsFolder })),
      }).catch((error: unknown) => {
        throw dir && isOutOfSpace(error) ? new DataDirFullError(dir) : error;
      }),
    canWrite: () => client.canWrite(),
    versionsRaised: (listener) => client.onVersionsRaised(listener),
    async close() {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    dump: () => client.dump(),
  };
}
