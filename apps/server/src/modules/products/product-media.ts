import {
  type EditImage,
  type EditProductInput,
  LIMITS,
  PRODUCT_EDIT_MESSAGES,
  type Product,
} from '@habi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { VariationRecord } from '../../db/schema.ts';
import { badInput, conflict } from '../../lib/errors.ts';
import {
  assertImage,
  type ImageStore,
  type PreparedImage,
  prepareImage,
  removeImageIfUnused,
  withImagesStored,
} from '../uploads/index.ts';
import type { ProductRow } from './product-views.ts';

// Edit Product's images and variations: which images the product shows after an edit, the new
// ones stored before the edit commits, and the ones it no longer shows removed after.

/** What an edit changes of the product's images and variations, worked out under its row's lock. */
export interface MediaChange {
  set: { imageUrl?: string; variations?: VariationRecord[] };
  /** Variations the edit removes (their stock rows go with them). */
  removed: string[];
  /** Images the product showed and no longer does. */
  replaced: string[];
}

/** Uploads of one edit, checked and re-encoded; `store` writes them inside the edit's transaction. */
export interface EditUploads {
  urls: string[];
  store(): Promise<void>;
}

const sameInstant = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/**
 * The images and variations `input` asks of the product `before` (its row, locked): a kept image
 * is one the product shows now, a new one an upload by its number. 409 when the product changed
 * since the form read it (`seenUpdatedAt`).
 */
export function mediaChange(
  before: ProductRow,
  input: EditProductInput,
  uploads: readonly string[],
): MediaChange {
  if (input.seenUpdatedAt !== undefined && !sameInstant(input.seenUpdatedAt, before.updatedAt)) {
    throw conflict(PRODUCT_EDIT_MESSAGES.changed, { seenUpdatedAt: PRODUCT_EDIT_MESSAGES.changed });
  }
  const shown = [before.imageUrl, ...before.variations.map((v) => v.imageUrl)];
  const errors: Record<string, string> = {};
  const resolve = (image: EditImage, field: string): string => {
    const url =
      typeof image === 'string' ? (shown.includes(image) ? image : undefined) : uploads[image.upload];
    if (url === undefined) {
      errors[field] =
        typeof image === 'string' ? PRODUCT_EDIT_MESSAGES.unknownImage : PRODUCT_EDIT_MESSAGES.missingUpload;
    }
    return url ?? '';
  };
  const set: MediaChange['set'] = {};
  if (input.imageUrl !== undefined) set.imageUrl = resolve(input.imageUrl, 'imageUrl');
  if (input.variations !== undefined) {
    set.variations = input.variations.map((v, i) => ({
      name: v.name,
      imageUrl: resolve(v.imageUrl, `variations.${i}.imageUrl`),
    }));
  }
  if (Object.keys(errors).length > 0) throw badInput(Object.values(errors)[0]!, errors);
  const after = [
    set.imageUrl ?? before.imageUrl,
    ...(set.variations ?? before.variations).map((v) => v.imageUrl),
  ];
  const names = new Set((set.variations ?? before.variations).map((v) => v.name));
  return {
    set,
    removed: before.variations.filter((v) => !names.has(v.name)).map((v) => v.name),
    replaced: [...new Set(shown.filter((url) => !after.includes(url)))],
  };
}

/** Each upload named by the edit, and each used: a file nothing shows would be stored for nothing. */
function uploadsNamed(input: EditProductInput): Set<number> {
  const images = [input.imageUrl, ...(input.variations ?? []).map((v) => v.imageUrl)];
  return new Set(images.flatMap((image) => (image && typeof image !== 'string' ? [image.upload] : [])));
}

/**
 * Edit Product with its uploads (the multipart form's `images`), all or none: every file is
 * checked (type, then decoding) before anything is written; the new files are stored inside the
 * edit's transaction, so a failure to store them rolls the edit back, and a failed edit removes
 * the files it wrote. Once committed, the images the product no longer shows are removed unless
 * another row (an ordered line, another product) shows them; a failed removal is only logged, and
 * the hourly sweep takes the file later.
 */
export async function editWithImages(
  db: Db,
  store: ImageStore,
  files: readonly Buffer[],
  log: FastifyBaseLogger,
  input: EditProductInput,
  update: (uploads: EditUploads) => Promise<{ product: Product; replaced: string[] }>,
): Promise<Product> {
  if (files.length > LIMITS.variationsMax + 1) {
    throw badInput(`At most ${LIMITS.variationsMax + 1} images`, { images: 'Too many images' });
  }
  const named = uploadsNamed(input);
  for (const n of named) {
    if (n >= files.length)
      throw badInput(PRODUCT_EDIT_MESSAGES.missingUpload, { images: PRODUCT_EDIT_MESSAGES.missingUpload });
  }
  if (named.size !== files.length) {
    throw badInput(PRODUCT_EDIT_MESSAGES.unusedUpload, { images: PRODUCT_EDIT_MESSAGES.unusedUpload });
  }
  for (const file of files) assertImage(file);
  const prepared: PreparedImage[] = [];
  for (const file of files) prepared.push(await prepareImage(store, file));
  const result = await withImagesStored(db, store, prepared, log, (storeAll) =>
    update({ urls: prepared.map((image) => image.url), store: storeAll }),
  );
  for (const url of result.replaced) {
    await removeImageIfUnused(db, store, url).catch((error: unknown) =>
      log.error({ err: error }, 'Could not remove a product image no longer shown'),
    );
  }
  return result.product;
}
