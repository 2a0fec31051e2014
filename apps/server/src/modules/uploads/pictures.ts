import { PICTURE_MAX_PIXELS } from '@habi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from './image-store.ts';
import { prepareImage, putImage, removeImageIfUnused } from './images.ts';

/** What a profile change answers: its row, and the picture a new one replaced. */
export interface PictureChange<T> {
  row: T;
  replaced: string | null;
}

/**
 * A profile picture (a customer's or an admin's) changed with the rest of its row by `write`,
 * which stores the new picture through the function it is given, once the change is accepted,
 * and answers the picture it replaced. The upload is checked (at most PICTURE_MAX_PIXELS, from
 * its header) and re-encoded before anything is written. Once `write` has committed, the
 * replaced picture is removed unless another row shows it; if `write` fails, the files this
 * upload wrote are, and the old picture stays. A failed removal is only logged: the change
 * stands, and the sweep of unused images removes the file later.
 */
export async function changePicture<T>(
  db: Db,
  store: ImageStore,
  file: Buffer | undefined,
  write: (storeImage?: () => Promise<string>) => Promise<PictureChange<T>>,
  log: FastifyBaseLogger,
): Promise<T> {
  const image = file ? await prepareImage(store, file, { maxPixels: PICTURE_MAX_PIXELS }) : undefined;
  let written = false;
  const drop = (url: string) =>
    removeImageIfUnused(db, store, url).catch((error: unknown) =>
      log.error({ err: error }, 'Could not remove a profile picture no longer shown'),
    );
  let change: PictureChange<T>;
  try {
    change = await write(
      image &&
        (async () => {
          written = image.files.length > 0;
          await putImage(store, image);
          return image.url;
        }),
    );
  } catch (error) {
    // Only files this upload wrote: ones it found stored may be another row's in flight.
    if (image && written) await drop(image.url);
    throw error;
  }
  if (change.replaced && change.replaced !== image?.url) await drop(change.replaced);
  return change.row;
}
