import { type StockedProduct, unitsLeft } from '@habi/shared';
import type { CartLine } from '../../../lib/cart-store.ts';

/**
 * Units left for each cart line (by `cartProductId`) whose product tracks stock: what checkout
 * last answered for the line when it refused it (the newest word), else what the product read
 * says. A line whose product is not read (yet), does not track stock or no longer has the line's
 * variation has no entry: the cart says nothing of its stock, and checkout has the last word.
 */
export function linesLeft(
  lines: readonly CartLine[],
  products: ReadonlyMap<string, StockedProduct>,
  refused: Readonly<Record<string, number>>,
): Record<string, number> {
  const left: Record<string, number> = {};
  for (const line of lines) {
    const answered = refused[line.cartProductId];
    if (answered !== undefined) {
      left[line.cartProductId] = answered;
      continue;
    }
    const product = products.get(line.productId);
    if (!product || (product.variations.length > 0 && !product.variations.some((v) => v.name === line.name)))
      continue;
    const units = unitsLeft(product, line.name, line.size);
    if (units !== null) left[line.cartProductId] = units;
  }
  return left;
}

/** A product as the cart reads it again: its name, photo and variations. */
interface ReadProduct {
  name: string;
  imageUrl: string;
  variations: readonly { name: string; imageUrl: string }[];
}

/** The photo `product` shows now for `line`'s variation, or null when it no longer sells it. */
function photoNow(line: CartLine, product: ReadProduct): string | null {
  const variation = product.variations.find((v) => v.name === line.name);
  if (variation) return variation.imageUrl;
  return product.variations.length === 0 && line.name === product.name ? product.imageUrl : null;
}

/**
 * The cart lines (by `cartProductId`) whose product, read again, no longer sells their variation:
 * an admin removed it. Checkout refuses them as it does (pricing.ts); the cart says so first.
 */
export function linesGone(
  lines: readonly CartLine[],
  products: ReadonlyMap<string, ReadProduct>,
): Set<string> {
  const gone = new Set<string>();
  for (const line of lines) {
    const product = products.get(line.productId);
    if (product && photoNow(line, product) === null) gone.add(line.cartProductId);
  }
  return gone;
}

/**
 * Each line's photo (by `cartProductId`) as its product, read again, shows it: the photo a line
 * saved when it was added is deleted once an admin replaces it. A line not read (yet) or gone keeps
 * its own.
 */
export function linePhotos(
  lines: readonly CartLine[],
  products: ReadonlyMap<string, ReadProduct>,
): Record<string, string> {
  const photos: Record<string, string> = {};
  for (const line of lines) {
    const product = products.get(line.productId);
    const photo = product ? photoNow(line, product) : null;
    photos[line.cartProductId] = photo ?? line.imageUrl;
  }
  return photos;
}
