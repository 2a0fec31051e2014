import { createHash } from 'node:crypto';
import { IMAGE_MESSAGES, IMAGE_WIDTHS } from '@habi/shared';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutputInfo } from 'sharp';
import type { Executor } from '../../db/client.ts';
import { admins, customers, orderItems, products, transferAccounts } from '../../db/schema.ts';
import { badInput, tooLarge, unsupportedType } from '../../lib/errors.ts';
import type { ImageStore } from './image-store.ts';

/**
 * sharp (libvips) loaded with the first image: some 17 MB a server that takes no upload never
 * spends. Without libvips' cache of recent operations: the store never works on one image twice
 * in a row, and the cache held up to 50 MB (the first start, which draws the demo catalogue's
 * images, peaked at 333 MB with it and 295-299 MB without).
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  sharpModule ??= import('sharp').then((loaded) => {
    loaded.default.cache(false);
    return loaded;
  });
  return (await sharpModule).default;
}

export type ImageKind = 'png' | 'jpeg' | 'svg';

/** The width an image's URL names; its other sizes share its hash. */
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** The most pixels an upload may decode to (a product photo, a QR code, a transfer screenshot). */
const MAX_PIXELS = 50_000_000;

/** Decides an upload's type from its bytes, never from its name. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // SVG: text whose first element is <svg>, after an optional BOM, XML declaration,
  // comments and doctype.
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const prolog = /^(?:\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i;
  if (/^<svg[\s>]/i.test(head.replace(prolog, ''))) return 'svg';
  return null;
}

export function assertImage(bytes: Buffer): ImageKind {
  const kind = detectImageKind(bytes);
  if (!kind) throw unsupportedType(IMAGE_MESSAGES.wrongType);
  return kind;
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

/** The URL an upload gets once stored (its largest size's), from its bytes alone. */
export const imageUrlOf = (bytes: Buffer) => `/uploads/${hashOf(bytes)}-${LARGEST}.webp`;

/** An upload checked and re-encoded, not yet stored: its URL and the files still to put. */
export interface PreparedImage {
  url: string;
  files: { name: string; bytes: Buffer }[];
}

/**
 * Checks an upload and re-encodes it into WebP at each of IMAGE_WIDTHS, writing nothing, so no
 * uploaded byte (and no SVG script) is ever served as sent. Images are named by content hash:
 * sizes the store already has are not encoded again (they are refreshed, so the sweep of unused
 * images leaves them to the row about to show them). The URL is the largest size's. A raster
 * image of more than `maxPixels` is refused from its header, before any decoding.
 */
export async function prepareImage(
  store: ImageStore,
  bytes: Buffer,
  { maxPixels }: { maxPixels?: number } = {},
): Promise<PreparedImage> {
  const kind = assertImage(bytes);
  // An SVG is drawn at the size it is shown, whatever size it says it is.
  if (maxPixels !== undefined && kind !== 'svg') await assertPixels(bytes, maxPixels);
  const hash = hashOf(bytes);
  const url = imageUrlOf(bytes);
  const sizes = IMAGE_WIDTHS.map((width) => ({ width, name: `${hash}-${width}.webp` }));
  const stored = await store.refresh(sizes.map((s) => s.name));
  const missing = sizes.filter((s) => !stored.has(s.name));
  if (missing.length === 0) return { url, files: [] };
  // Decoded once; each width is encoded from that.
  const master = await decodeImage(bytes, kind, LARGEST, maxPixels ?? MAX_PIXELS);
  const files = [];
  for (const { width, name } of missing) files.push({ name, bytes: await encodeWebp(master, width) });
  return { url, files };
}

/**
 * Refuses a raster image of more than `maxPixels` (413) from the size its header gives: libvips
 * reads the header alone here, so a huge image costs nothing to refuse.
 */
async function assertPixels(bytes: Buffer, maxPixels: number) {
  const sharp = await loadSharp();
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: undefined, height: undefined }));
  // An unreadable header is left to decoding, which answers 'The image could not be read'.
  if (width && height && width * height > maxPixels) throw tooLarge(IMAGE_MESSAGES.tooManyPixels);
}

/**
 * Checks an upload and re-encodes it into one WebP at most `side` pixels a side: for images kept
 * private (a shopper's transfer screenshot), which are stored under a name of their own.
 */
export async function reencodeImage(bytes: Buffer, side: number): Promise<Buffer> {
  return encodeWebp(await decodeImage(bytes, assertImage(bytes), side, MAX_PIXELS), side);
}

type Decoded = { data: Buffer; info: OutputInfo };

/**
 * An upload's pixels, upright and within `side` (an SVG rasterised at that size), and nothing
 * else: no metadata (EXIF, location) survives into what is encoded from them.
 */
async function decodeImage(
  bytes: Buffer,
  kind: ImageKind,
  side: number,
  maxPixels: number,
): Promise<Decoded> {
  try {
    const sharp = await loadSharp();
    const density = kind === 'svg' ? await svgDensity(bytes, side) : undefined;
    return await sharp(bytes, { limitInputPixels: maxPixels, density })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: kind !== 'svg' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badInput('The image could not be read');
  }
}

async function encodeWebp({ data, info }: Decoded, side: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
}

export async function putImage(store: ImageStore, image: PreparedImage): Promise<void> {
  for (const file of image.files) await store.put(file.name, file.bytes);
}

/**
 * Runs `work` (the change that shows `images`), which calls `storeAll` to write them when it is
 * ready to (before its transaction: the image store may write through a handle of its own). When
 * the work fails, the files this call wrote are removed again unless a row shows them; images
 * found stored already may be another request's in flight, so those stay.
 */
export async function withImagesStored<T>(
  db: Executor,
  store: ImageStore,
  images: readonly PreparedImage[],
  log: FastifyBaseLogger,
  work: (storeAll: () => Promise<void>) => Promise<T>,
): Promise<T> {
  let written: PreparedImage[] = [];
  try {
    return await work(async () => {
      written = images.filter((image) => image.files.length > 0);
      for (const image of images) await putImage(store, image);
    });
  } catch (error) {
    for (const image of written) {
      await removeImageIfUnused(db, store, image.url).catch((failure: unknown) =>
        log.error({ err: failure }, 'Could not remove an image of a change not made'),
      );
    }
    throw error;
  }
}

/** Checks, re-encodes and stores an upload; answers its URL. */
export async function storeImage(store: ImageStore, bytes: Buffer): Promise<string> {
  const image = await prepareImage(store, bytes);
  await putImage(store, image);
  return image.url;
}

/** The stored files (every width) behind an image URL the pipeline made; none for any other URL. */
function imageFilesOf(url: string): string[] {
  const hash = /^\/uploads\/([0-9a-f]{32})-\d{2,4}\.webp$/.exec(url)?.[1];
  return hash ? IMAGE_WIDTHS.map((width) => `${hash}-${width}.webp`) : [];
}

/**
 * The URLs among `urls` that a customer, an admin, a product (or one of its variations), an
 * ordered line or a transfer account's QR code shows: names are content hashes, so one image may
 * be several rows'.
 */
async function shownImages(db: Executor, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const variationImage = sql<string>`v.value->>'imageUrl'`;
  // Grouped: a popular product's picture is on many ordered lines.
  const queries = [
    db.select({ url: customers.imageUrl }).from(customers).where(inArray(customers.imageUrl, urls)),
    db.select({ url: admins.imageUrl }).from(admins).where(inArray(admins.imageUrl, urls)),
    db.select({ url: products.imageUrl }).from(products).where(inArray(products.imageUrl, urls)),
    db
      .select({ url: variationImage })
      .from(sql`${products} cross join lateral jsonb_array_elements(${products.variations}) v`)
      .where(inArray(variationImage, urls))
      .groupBy(variationImage),
    db
      .select({ url: orderItems.imageUrl })
      .from(orderItems)
      .where(inArray(orderItems.imageUrl, urls))
      .groupBy(orderItems.imageUrl),
    db
      .select({ url: transferAccounts.qrImageUrl })
      .from(transferAccounts)
      .where(inArray(transferAccounts.qrImageUrl, urls)),
  ];
  const shown = new Set<string>();
  for (const query of queries) for (const { url } of await query) if (url) shown.add(url);
  return shown;
}

/**
 * Removes an uploaded image unless a row still shows it. Run after the row that showed it has
 * let it go (and its transaction committed).
 */
export async function removeImageIfUnused(db: Executor, store: ImageStore, url: string): Promise<void> {
  const files = imageFilesOf(url);
  if (files.length === 0) return;
  if ((await shownImages(db, [url])).size === 0) await store.remove(files);
}

/**
 * Removes the uploaded images no row shows, among those stored (or reused) before `before`: an
 * upload writes its files before the row that shows them, so younger ones may be in flight.
 * Catches what a replacement or an erasure could not remove (a crash in between, a failed
 * removal, two changes of one row racing). Returns how many files it removed.
 */
export async function sweepUnusedImages(db: Executor, store: ImageStore, before: Date): Promise<number> {
  const names = await store.storedBefore(before);
  let removed = 0;
  for (let i = 0; i < names.length; i += 500) {
    const batch = names.slice(i, i + 500);
    const urlOf = (name: string) => `/uploads/${name.slice(0, 32)}-${LARGEST}.webp`;
    const shown = await shownImages(db, [...new Set(batch.map(urlOf))]);
    const unused = batch.filter((name) => !shown.has(urlOf(name)));
    // Still old when removed: an upload that reused one meanwhile refreshed it, and it stays.
    await store.remove(unused, before);
    removed += unused.length;
  }
  return removed;
}

/** The density that renders an SVG's longer side at `target` pixels (72 dpi is 1:1). */
async function svgDensity(bytes: Buffer, target: number) {
  const sharp = await loadSharp();
  const { width = target, height = target } = await sharp(bytes).metadata();
  return Math.min(2400, Math.max(1, (72 * target) / Math.max(width, height, 1)));
}
