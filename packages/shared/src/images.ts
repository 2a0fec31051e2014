import { IMAGE_WIDTHS, UPLOAD_MAX_BYTES } from './constants.ts';

/**
 * Uploaded images are stored as `/uploads/<hash>-<width>.webp` for each of IMAGE_WIDTHS;
 * an entity's `imageUrl` names the largest. This gives the `srcset` for the others.
 */
export function imageSrcSet(imageUrl: string): string | undefined {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const suffix = `-${largest}.webp`;
  if (!imageUrl.startsWith('/uploads/') || !imageUrl.endsWith(suffix)) return undefined;
  const base = imageUrl.slice(0, -suffix.length);
  return IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', ');
}

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** What the server and the image pickers say about files (types are decided by the bytes). */
export const IMAGE_MESSAGES = {
  wrongType: 'Only png, jpeg, jpg and svg images are accepted',
  tooLarge: `Each image must be at most ${MAX_MB} MB`,
  /** The hint beside a picker. */
  accepted: `PNG, JPEG, JPG or SVG, up to ${MAX_MB} MB`,
} as const;

/** What a file picker accepts: each image type with its extensions. */
export const IMAGE_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/svg+xml': ['.svg'],
};
