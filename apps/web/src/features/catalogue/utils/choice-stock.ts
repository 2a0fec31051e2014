import {
  lowStockMessage,
  type Product,
  QUANTITY_MAX,
  quantityLimit,
  type StockedProduct,
  stockLeftMessage,
  unitsLeft,
} from '@habi/shared';
import type { CartLine } from '../../../lib/cart-store.ts';

/** What the product page offers of the shopper's choice of variation and size. */
export interface ChoiceStock {
  /** The most the quantity offers: what is left less what the cart holds, at most 99. */
  limit: number;
  /** "Only N left" when the chosen variation and size runs low. */
  lowStock?: string;
  /** How many of the choice the cart already holds (products that track stock only). */
  inCart: number;
  /** Why nothing can be added, when nothing can. */
  blocked?: string;
}

/** The sizes none are left of in one variation (named as its cart line would be). */
export function soldOutSizes(product: StockedProduct & Pick<Product, 'size'>, name: string): Set<string> {
  return new Set(product.size.filter((size) => unitsLeft(product, name, size) === 0));
}

/** The variations, by index, none are left of in any size. */
export function soldOutVariations(product: StockedProduct & Pick<Product, 'size'>): Set<number> {
  const sizes = product.size.length > 0 ? product.size : [''];
  return new Set(
    product.variations.flatMap((variation, index) =>
      sizes.every((size) => unitsLeft(product, variation.name, size) === 0) ? [index] : [],
    ),
  );
}

/**
 * The stock of the chosen variation (`name`, as its cart line is named) and size (undefined while
 * a product with sizes has none chosen, '' for a product without sizes), counting what the cart
 * already holds of it. Before a size is chosen the quantity offers no more than the best-stocked
 * size has. A product that does not track stock offers 99, as it always has.
 */
export function choiceStock(
  product: StockedProduct & Pick<Product, '_id' | 'size'>,
  name: string,
  size: string | undefined,
  cart: readonly CartLine[],
): ChoiceStock {
  if (!product.trackStock) return { limit: QUANTITY_MAX, inCart: 0 };
  if (size === undefined) {
    const most = Math.max(0, ...product.size.map((each) => unitsLeft(product, name, each) ?? 0));
    return { limit: quantityLimit(most), inCart: 0, blocked: most === 0 ? stockLeftMessage(0) : undefined };
  }
  const left = unitsLeft(product, name, size);
  const inCart = cart
    .filter((line) => line.productId === product._id && line.name === name && line.size === size)
    .reduce((sum, line) => sum + line.quantity, 0);
  const limit = quantityLimit(left, inCart);
  let blocked: string | undefined;
  if (limit === 0) blocked = left === 0 ? stockLeftMessage(0) : inCartMessage(inCart);
  return { limit, lowStock: lowStockMessage(left), inCart, blocked };
}

export const inCartMessage = (count: number) => `${count} already in your cart`;
