import { IMAGE_WIDTHS } from './constants.ts';

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
