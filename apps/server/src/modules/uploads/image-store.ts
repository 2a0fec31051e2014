import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';

/** What the upload pipeline names its files: a content hash and a width. */
export const IMAGE_FILE = /^[0-9a-f]{32}-\d{2,4}\.webp$/;

/**
 * Where the re-encoded images live. Names are content hashes, so an image never changes once
 * stored: any instance may cache it for ever, and storing it twice is harmless. One is removed
 * only when nothing shows it any more (a replaced picture, an erased customer's, or one the sweep
 * of unused images finds).
 */
export interface ImageStore {
  kind: 'fs' | 'postgres';
  /** The names among `names` that are stored. */
  stored(names: string[]): Promise<Set<string>>;
  /**
   * The names among `names` that are stored, each marked as stored now: an upload reusing them
   * is then as new as one writing them, and the sweep of unused images leaves both alone while
   * the row that will show them is written.
   */
  refresh(names: string[]): Promise<Set<string>>;
  /**
   * The uploaded images' names (IMAGE_FILE, never a private image's) stored or refreshed last
   * before `time`: what the sweep of unused images looks at.
   */
  storedBefore(time: Date): Promise<string[]>;
  put(name: string, bytes: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  /**
   * Deletes the named images; a name not stored is no error. With `storedBefore`, only those
   * stored or refreshed last before it: one an upload has just reused stays.
   */
  remove(names: string[], storedBefore?: Date): Promise<void>;
}

/** Files in a directory: the embedded store's default, one instance per directory. */
export function fileImageStore(dir: string): ImageStore {
  const file = (name: string) => path.join(dir, name);
  return {
    kind: 'fs',
    async stored(names) {
      const found = await Promise.all(
        names.map((name) =>
          readFile(file(name)).then(
            () => name,
            () => null,
          ),
        ),
      );
      return new Set(found.filter((name) => name !== null));
    },
    async refresh(names) {
      const now = new Date();
      const found = await Promise.all(
        names.map((name) =>
          utimes(file(name), now, now).then(
            () => name,
            () => null,
          ),
        ),
      );
      return new Set(found.filter((name) => name !== null));
    },
    async storedBefore(time) {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => IMAGE_FILE.test(name));
      const old = await Promise.all(
        names.map((name) =>
          stat(file(name)).then(
            (info) => (info.mtime < time ? name : null),
            () => null,
          ),
        ),
      );
      return old.filter((name) => name !== null);
    },
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file; named per write, since
      // parallel uploads of one image must not share (and race on) the temporary file.
      const temp = `${file(name)}.${randomBytes(8).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file(name));
    },
    get: (name) => readFile(file(name)).catch(() => null),
    async remove(names, storedBefore) {
      const old = async (name: string) =>
        !storedBefore ||
        (await stat(file(name)).then(
          (info) => info.mtime < storedBefore,
          () => false,
        ));
      await Promise.all(
        names.map(async (name) => {
          if (await old(name)) await rm(file(name), { force: true });
        }),
      );
    },
  };
}

/** Rows in PostgreSQL: every instance behind a load balancer sees every image. */
export function postgresImageStore(db: Db): ImageStore {
  return {
    kind: 'postgres',
    async stored(names) {
      if (names.length === 0) return new Set();
      const rows = await db.select({ name: images.name }).from(images).where(inArray(images.name, names));
      return new Set(rows.map((row) => row.name));
    },
    async refresh(names) {
      if (names.length === 0) return new Set();
      const rows = await db
        .update(images)
        .set({ createdAt: sql`now()` })
        .where(inArray(images.name, names))
        .returning({ name: images.name });
      return new Set(rows.map((row) => row.name));
    },
    async storedBefore(time) {
      const rows = await db
        .select({ name: images.name })
        .from(images)
        .where(lt(images.createdAt, time.toISOString()));
      return rows.map((row) => row.name).filter((name) => IMAGE_FILE.test(name));
    },
    async put(name, bytes) {
      await db.insert(images).values({ name, bytes }).onConflictDoNothing();
    },
    async get(name) {
      const [row] = await db
        .select({ bytes: images.bytes })
        .from(images)
        .where(sql`${images.name} = ${name}`);
      return row?.bytes ?? null;
    },
    async remove(names, storedBefore) {
      if (names.length === 0) return;
      const old = storedBefore ? lt(images.createdAt, storedBefore.toISOString()) : undefined;
      // One statement: a refresh committed meanwhile is seen, and the row stays.
      await db.delete(images).where(and(inArray(images.name, names), old));
    },
  };
}

/**
 * Keeps the most recently read images in memory, up to `maxBytes`, so hot product images are
 * served without a database or disk read. Nothing to invalidate: a name's bytes never change.
 */
export function cachedImageStore(store: ImageStore, maxBytes: number): ImageStore {
  const cache = new Map<string, Buffer>();
  let size = 0;
  const remember = (name: string, bytes: Buffer) => {
    if (bytes.length > maxBytes) return;
    cache.set(name, bytes);
    size += bytes.length;
    for (const [oldest, old] of cache) {
      if (size <= maxBytes) break;
      cache.delete(oldest);
      size -= old.length;
    }
  };
  return {
    ...store,
    async get(name) {
      const hit = cache.get(name);
      if (hit) {
        // Read again: it moves to the newest end.
        cache.delete(name);
        cache.set(name, hit);
        return hit;
      }
      const bytes = await store.get(name);
      if (bytes) remember(name, bytes);
      return bytes;
    },
    async remove(names, storedBefore) {
      await store.remove(names, storedBefore);
      // Any left are read again from the store: dropped from memory all the same.
      for (const name of names) {
        const bytes = cache.get(name);
        if (!bytes) continue;
        cache.delete(name);
        size -= bytes.length;
      }
    },
  };
}

export interface ImageStoreOptions {
  /** `fs` or `postgres`; by default PostgreSQL's own store when the database is PostgreSQL. */
  storage: 'fs' | 'postgres' | undefined;
  uploadsDir: string;
  cacheBytes: number;
}

/** The store an instance uses, behind its memory cache. */
export function openImageStore(db: Db, databaseKind: 'pglite' | 'postgres', options: ImageStoreOptions) {
  const kind = options.storage ?? (databaseKind === 'postgres' ? 'postgres' : 'fs');
  const store = kind === 'postgres' ? postgresImageStore(db) : fileImageStore(options.uploadsDir);
  return cachedImageStore(store, options.cacheBytes);
}

/**
 * Copies images kept as files in `dir` (a store that ran on the embedded database, or with
 * STORAGE=fs) into `store`, skipping those it has: safe to run at every start, and a start cut
 * short carries on where it stopped. Returns how many were copied.
 */
export async function importImageFiles(dir: string, store: ImageStore): Promise<number> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => IMAGE_FILE.test(name));
  let copied = 0;
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const stored = await store.stored(batch);
    for (const name of batch.filter((n) => !stored.has(n))) {
      await store.put(name, await readFile(path.join(dir, name)));
      copied += 1;
    }
  }
  return copied;
}
