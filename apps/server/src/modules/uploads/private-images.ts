import type { Db } from '../../db/client.ts';
import {
  fileImageStore,
  type ImageStore,
  type ImageStoreOptions,
  postgresImageStore,
} from './image-store.ts';

/** How a private image is named: random, so two uploads of one picture never share a file. */
export const PRIVATE_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;

/** Where private images are kept as files, under DATA_DIR. */
export const PRIVATE_IMAGES_DIR = 'private/transfer-proofs';

/** The `images` rows of private images: `/uploads/<name>` serves only hash names, never these. */
export const PRIVATE_ROW_PREFIX = 'private/';

/**
 * Images the server hands out only after checking who asks (a shopper's transfer screenshot),
 * never under the public uploads: files in `dir` (under DATA_DIR, outside `uploads`), or rows of
 * the database's image store under names the public route cannot serve. Not cached in memory.
 */
export function openPrivateImageStore(
  db: Db,
  databaseKind: 'pglite' | 'postgres',
  { storage, dir }: Pick<ImageStoreOptions, 'storage'> & { dir: string },
): ImageStore {
  const kind = storage ?? (databaseKind === 'postgres' ? 'postgres' : 'fs');
  if (kind === 'fs') return fileImageStore(dir);
  const rows = postgresImageStore(db);
  const row = (name: string) => `${PRIVATE_ROW_PREFIX}${name}`;
  return {
    kind,
    async stored(names) {
      const found = await rows.stored(names.map(row));
      return new Set(names.filter((name) => found.has(row(name))));
    },
    async refresh(names) {
      const found = await rows.refresh(names.map(row));
      return new Set(names.filter((name) => found.has(row(name))));
    },
    // Private names are never IMAGE_FILE names: the sweep of unused uploads has nothing here.
    storedBefore: async () => [],
    put: (name, bytes) => rows.put(row(name), bytes),
    get: (name) => rows.get(row(name)),
    remove: (names, storedBefore) => rows.remove(names.map(row), storedBefore),
  };
}
