import { IMAGE_WIDTHS, PICTURE_MAX_PIXELS, UPLOAD_MAX_BYTES } from './constants.ts';

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

/** How wide the product page shows its photo: its `sizes`, which a preload of it must repeat. */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw';

/**
 * The name and photo a product's page shows for its variation at `index`, the product's own when
 * it has none; a page opens on the first (index 0).
 */
export function variationShown(
  product: { name: string; imageUrl: string; variations: readonly { name: string; imageUrl: string }[] },
  index = 0,
) {
  const variation = product.variations[index];
  return { name: variation?.name ?? product.name, imageUrl: variation?.imageUrl ?? product.imageUrl };
}

/** Home's hero: the still the video opens on, and all a phone shows until the video is played. */
export const PROMO_POSTER = '/media/promo-poster.webp';
/**
 * The same still as a phone shows it (the hero is 4:5 there, so the middle 576 x 720 of the
 * 1280 x 720 frame): 9 kB instead of 23, on the connection that feels them most.
 */
export const PROMO_POSTER_PHONE = '/media/promo-poster-phone.webp';
/** Where the hero is a phone's (Tailwind's `sm` starts at 640 px). */
export const PROMO_PHONE_MEDIA = '(max-width: 639px)';

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** What the server and the image pickers say about files (types are decided by the bytes). */
export const IMAGE_MESSAGES = {
  wrongType: 'Only png, jpeg, jpg and svg images are accepted',
  tooLarge: `Each image must be at most ${MAX_MB} MB`,
  tooManyPixels: `A profile picture must be at most ${PICTURE_MAX_PIXELS / 1_000_000} megapixels (5000 x 5000 pixels)`,
  oneImage: 'Choose one image',
  /** The hint beside a picker. */
  accepted: `PNG, JPEG, JPG or SVG, up to ${MAX_MB} MB`,
} as const;

/** What a file picker accepts: each image type with its extensions. */
export const IMAGE_ACCEPT = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/svg+xml': ['.svg'],
};
