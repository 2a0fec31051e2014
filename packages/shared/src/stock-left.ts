import { LOW_STOCK_MAX, QUANTITY_MAX } from './constants.ts';
import type { Product } from './schemas/product.ts';

/** What a line of a cart (or of an order being restored) can still have. */
export const stockLeftMessage = (available: number) =>
  available === 0 ? 'Sold out' : `Only ${available} left`;
/** Where a refused stock change stands now. */
export const stockNowMessage = (quantity: number) => `${quantity} in stock now`;
/** The parts of a product read that say what is left of it. */
export type StockedProduct = Pick<Product, 'trackStock' | 'stock' | 'variations'>;

/**
 * Units left of one variation and size, the variation named as a cart line names it (the
 * product's own name when it has no variations, size '' when it has no sizes); null when the
 * product does not track stock. A tracked product without that variation and size has none
 * left, as checkout counts it.
 */
export function unitsLeft(product: StockedProduct, name: string, size: string): number | null {
  if (!product.trackStock) return null;
  const variation = product.variations.length > 0 ? name : '';
  return product.stock?.find((level) => level.variation === variation && level.size === size)?.quantity ?? 0;
}

/**
 * The most a shopper may still choose of one variation and size: what is left, never more than a
 * line may hold (QUANTITY_MAX), less what their cart already holds; 0 when none. A product that
 * does not track stock offers QUANTITY_MAX, as it always has.
 */
export function quantityLimit(left: number | null, inCart = 0): number {
  if (left === null) return QUANTITY_MAX;
  return Math.max(0, Math.min(QUANTITY_MAX, left) - inCart);
}

/** "Only N left" when 1 to LOW_STOCK_MAX are left; nothing when more are, none, or stock is not tracked. */
export function lowStockMessage(left: number | null): string | undefined {
  return left !== null && left > 0 && left <= LOW_STOCK_MAX ? stockLeftMessage(left) : undefined;
}

/** What a cart line of `quantity` is told when stock cannot fill it ("Only N left", "Sold out"); nothing when it fits. */
export function shortStockMessage(left: number | null, quantity: number): string | undefined {
  return left !== null && quantity > left ? stockLeftMessage(left) : undefined;
}
