import { createHash } from 'node:crypto';
import { IMAGE_MESSAGES, IMAGE_WIDTHS } from '@habi/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { OutputInfo } from 'sharp';
import type { Executor } from '../../db/client.ts';
import { admins, customers, orderItems, products, transferAccounts } from '../../db/schema.ts';
import { badInput, unsupportedType } from '../../lib/errors.ts';
import type { ImageStore } from './image-store.ts';

/**
 * sharp (libvips) loaded with the first image: some 17 MB a server that takes no upload never
 * spends.
 */
let sharpModule: Promise<typeof import('sharp')> | undefined;
async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

export type ImageKind = 'png' | 'jpeg' | 'svg';

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

/** An upload checked and re-encoded, not yet stored: its URL and the files still to put. */
export interface PreparedImage {
  url: string;
  files: { name: string; bytes: Buffer }[];
}

/**
 * Checks an upload and re-encodes it into WebP at each of IMAGE_WIDTHS, writing nothing, so no
 * uploaded byte (and no SVG script) is ever served as sent. Images are named by content hash:
 * sizes the store already has are not encoded again. The URL is the largest size's.
 */
export async function prepareImage(store: ImageStore, bytes: Buffer): Promise<PreparedImage> {
  const kind = assertImage(bytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const url = `/uploads/${hash}-${largest}.webp`;
  const sizes = IMAGE_WIDTHS.map((width) => ({ width, name: `${hash}-${width}.webp` }));
  const stored = await store.stored(sizes.map((s) => s.name));
  const missing = sizes.filter((s) => !stored.has(s.name));
  if (missing.length === 0) return { url, files: [] };
  // Decoded once; each width is encoded from that.
  const master = await decodeImage(bytes, kind, largest);
  const files = [];
  for (const { width, name } of missing) files.push({ name, bytes: await encodeWebp(master, width) });
  return { url, files };
}

/**
 * Checks an upload and re-encodes it into one WebP at most `side` pixels a side: for images kept
 * private (a shopper's transfer screenshot), which are stored under a name of their own.
 */
export async function reencodeImage(bytes: Buffer, side: number): Promise<Buffer> {
  return encodeWebp(await decodeImage(bytes, assertImage(bytes), side), side);
}

type Decoded = { data: Buffer; info: OutputInfo };

/**
 * An upload's pixels, upright and within `side` (an SVG rasterised at that size), and nothing
 * else: no metadata (EXIF, location) survives into what is encoded from them.
 */
async function decodeImage(bytes: Buffer, kind: ImageKind, side: number): Promise<Decoded> {
  try {
    const sharp = await loadSharp();
    const density = kind === 'svg' ? await svgDensity(bytes, side) : undefined;
    return await sharp(bytes, { limitInputPixels: 50_000_000, density })
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
 * Removes an uploaded image unless a customer, an admin, a product, an ordered line or a transfer
 * account's QR code still shows it: names are content hashes, so one picture may be several rows'. Run after the row
 * that showed it is gone.
 */
export async function removeImageIfUnused(db: Executor, store: ImageStore, url: string): Promise<void> {
  const files = imageFilesOf(url);
  if (files.length === 0) return;
  const one = { one: sql`1` };
  const showing = [
    db.select(one).from(customers).where(eq(customers.imageUrl, url)).limit(1),
    db.select(one).from(admins).where(eq(admins.imageUrl, url)).limit(1),
    db
      .select(one)
      .from(products)
      .where(
        or(
          eq(products.imageUrl, url),
          sql`${products.variations} @> jsonb_build_array(jsonb_build_object('imageUrl', ${url}::text))`,
        ),
      )
      .limit(1),
    db.select(one).from(orderItems).where(eq(orderItems.imageUrl, url)).limit(1),
    db.select(one).from(transferAccounts).where(eq(transferAccounts.qrImageUrl, url)).limit(1),
  ];
  for (const query of showing) if ((await query).length > 0) return;
  await store.remove(files);
}

/** The density that renders an SVG's longer side at `target` pixels (72 dpi is 1:1). */
async function svgDensity(bytes: Buffer, target: number) {
  const sharp = await loadSharp();
  const { width = target, height = target } = await sharp(bytes).metadata();
  return Math.min(2400, Math.max(1, (72 * target) / Math.max(width, height, 1)));
}
