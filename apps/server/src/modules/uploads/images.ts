import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_WIDTHS } from '@habi/shared';
import sharp, { type OutputInfo } from 'sharp';
import { badInput, unsupportedType } from '../../lib/errors.ts';

export type ImageKind = 'png' | 'jpeg' | 'svg';

/** Decides an upload's type from its bytes, never from its name (DESIGN §5). */
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

export const IMAGE_TYPE_MESSAGE = 'Only png, jpeg, jpg and svg images are accepted';

export function assertImage(bytes: Buffer): ImageKind {
  const kind = detectImageKind(bytes);
  if (!kind) throw unsupportedType(IMAGE_TYPE_MESSAGE);
  return kind;
}

/**
 * Re-encodes an upload into WebP at each of IMAGE_WIDTHS, so no uploaded byte (and no SVG
 * script) is ever served as sent. Files are named by content hash; the same image stored
 * twice costs nothing. Returns the public URL of the largest size.
 */
export async function storeImage(uploadsDir: string, bytes: Buffer): Promise<string> {
  const kind = assertImage(bytes);
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  const url = `/uploads/${name}-${largest}.webp`;
  const files = IMAGE_WIDTHS.map((width) => ({
    width,
    file: path.join(uploadsDir, `${name}-${width}.webp`),
  }));
  if ((await Promise.all(files.map(({ file }) => exists(file)))).every(Boolean)) return url;

  // Decoded (an SVG rasterised at the size it will be shown) once; each width is encoded from that.
  let master: { data: Buffer; info: OutputInfo };
  try {
    const density = kind === 'svg' ? await svgDensity(bytes, largest) : undefined;
    master = await sharp(bytes, { limitInputPixels: 50_000_000, density })
      .rotate()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: kind !== 'svg' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badInput('The image could not be read');
  }
  await mkdir(uploadsDir, { recursive: true });
  for (const { width, file } of files) {
    const { width: w, height: h, channels } = master.info;
    const webp = await sharp(master.data, { raw: { width: w, height: h, channels } })
      .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    // Written aside and renamed, so a reader never sees half a file.
    // Named per write: parallel uploads of the same image must not share (and race on) one.
    const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(temp, webp);
    await rename(temp, file);
  }
  return url;
}

/** The density that renders an SVG's longer side at `target` pixels (72 dpi is 1:1). */
async function svgDensity(bytes: Buffer, target: number) {
  const { width = target, height = target } = await sharp(bytes).metadata();
  return Math.min(2400, Math.max(1, (72 * target) / Math.max(width, height, 1)));
}

async function exists(file: string) {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
