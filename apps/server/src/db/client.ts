import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { lockDataDir } from './data-dir-lock.ts';
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
  /** Told when a pooled connection breaks (a restart, a terminated backend); the pool replaces it. */
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
    close: () => pool.end(),
  };
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
  let lock: Awaited<ReturnType<typeof lockDataDir>> | undefined;
  if (options.pgliteDir) {
    await mkdir(options.pgliteDir, { recursive: true });
    lock = await lockDataDir(options.pgliteDir, options.owner ?? 'a Habi process');
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      // Trigram matching for the typo-tolerant search; PostgreSQL has it in postgresql-contrib.
      extensions: { pg_trgm },
      // PGlite's shared buffers live in the server's own memory: at their default 128 MB an idle
      // store (10,000 products) takes 372 MB, at 16 MB 256 MB and is no slower in the bench
      // (bench/README.md), the pages it misses being in the operating system's file cache.
      postgresqlconf: ['shared_buffers=16MB'],
      ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
      ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process per directory (the lock above), so nothing else can boot beside it.
    withBootLock: (work) =>
      work({
        db,
        migrate: () => migrateCounting(db, () => migratePglite(db as never, { migrationsFolder })),
      }),
    async close() {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    dump: () => client.dumpDataDir('none'),
  };
}
