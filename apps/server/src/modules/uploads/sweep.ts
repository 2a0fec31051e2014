import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { every } from '../../lib/periodic.ts';
import type { ImageStore } from './image-store.ts';
import { sweepUnusedImages } from './images.ts';

/**
 * How old an unused image must be before the sweep removes it: far longer than an upload takes
 * from writing its files to committing the row that shows them.
 */
export const UNUSED_IMAGE_GRACE_MS = 15 * 60_000;

/**
 * Sweeps the store of images no row shows every `everyMs` until stopped; a failed sweep is
 * logged and the next one tries again. Every instance may sweep: removing twice is harmless.
 */
export function startImageSweeper(db: Db, store: ImageStore, log: FastifyBaseLogger, everyMs: number) {
  return every(everyMs, () =>
    sweepUnusedImages(db, store, new Date(Date.now() - UNUSED_IMAGE_GRACE_MS)).then(
      (n) => n > 0 && log.info({ removed: n }, 'unused images removed'),
      (error: unknown) => log.warn({ err: error }, 'the sweep of unused images failed'),
    ),
  );
}
