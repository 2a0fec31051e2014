import type { Product } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../lib/cart-store.ts';
import { choiceStock, soldOutSizes, soldOutVariations } from './choice-stock.ts';

const sizes = ['S', 'M', 'L'];
/** Navy: plenty of S, none of M, 3 of L. Olive: none at all. */
const tee = {
  _id: 'tee',
  size: sizes,
  trackStock: true,
  variations: [
    { name: 'Tee Navy', imageUrl: '/uploads/navy.webp' },
    { name: 'Tee Olive', imageUrl: '/uploads/olive.webp' },
  ],
  stock: [
    { variation: 'Tee Navy', size: 'S', quantity: 150 },
    { variation: 'Tee Navy', size: 'M', quantity: 0 },
    { variation: 'Tee Navy', size: 'L', quantity: 3 },
    { variation: 'Tee Olive', size: 'S', quantity: 0 },
    { variation: 'Tee Olive', size: 'M', quantity: 0 },
    { variation: 'Tee Olive', size: 'L', quantity: 0 },
  ],
} satisfies Pick<Product, '_id' | 'size' | 'trackStock' | 'variations' | 'stock'>;

const inCart = (quantity: number, size = 'L', name = 'Tee Navy', productId = 'tee'): CartLine => ({
  cartProductId: `line-${productId}-${name}-${size}`,
  productId,
  name,
  imageUrl: '/uploads/navy.webp',
  price: '399.00',
  size,
  quantity,
  deliveryOption: { value: 'standard', fee: 0 },
});

describe('soldOutSizes and soldOutVariations', () => {
  it('name the sizes of a variation none are left of, and the variations with none in any size', () => {
    expect([...soldOutSizes(tee, 'Tee Navy')]).toEqual(['M']);
    expect([...soldOutSizes(tee, 'Tee Olive')]).toEqual(['S', 'M', 'L']);
    expect([...soldOutVariations(tee)]).toEqual([1]);
  });

  it('name none of a product that does not track stock', () => {
    const untracked = { ...tee, trackStock: false, stock: undefined };
    expect(soldOutSizes(untracked, 'Tee Olive').size).toBe(0);
    expect(soldOutVariations(untracked).size).toBe(0);
  });

  it("read a product without sizes by size ''", () => {
    const tote = {
      size: [],
      trackStock: true,
      variations: [
        { name: 'Tote Sand', imageUrl: '/uploads/sand.webp' },
        { name: 'Tote Black', imageUrl: '/uploads/black.webp' },
      ],
      stock: [
        { variation: 'Tote Sand', size: '', quantity: 2 },
        { variation: 'Tote Black', size: '', quantity: 0 },
      ],
    };
    expect([...soldOutVariations(tote)]).toEqual([1]);
  });
});

describe('choiceStock', () => {
  it('offers what is left of a low size and says so', () => {
    expect(choiceStock(tee, 'Tee Navy', 'L', [])).toEqual({ limit: 3, lowStock: 'Only 3 left', inCart: 0 });
  });

  it('offers at most 99 of a well-stocked size, with nothing to say', () => {
    expect(choiceStock(tee, 'Tee Navy', 'S', [])).toEqual({ limit: 99, lowStock: undefined, inCart: 0 });
  });

  it('takes off what the cart holds of the same product, variation and size only', () => {
    const cart = [
      inCart(1),
      inCart(2, 'S'),
      inCart(2, 'L', 'Tee Olive'),
      inCart(2, 'L', 'Tee Navy', 'other'),
    ];
    expect(choiceStock(tee, 'Tee Navy', 'L', cart)).toEqual({ limit: 2, lowStock: 'Only 3 left', inCart: 1 });
  });

  it('blocks adding when the cart holds all that is left, and says why', () => {
    expect(choiceStock(tee, 'Tee Navy', 'L', [inCart(3)])).toEqual({
      limit: 0,
      lowStock: 'Only 3 left',
      inCart: 3,
      blocked: '3 already in your cart',
    });
  });

  it('blocks adding a sold-out choice', () => {
    expect(choiceStock(tee, 'Tee Navy', 'M', [])).toEqual({
      limit: 0,
      lowStock: undefined,
      inCart: 0,
      blocked: 'Sold out',
    });
  });

  it('before a size is chosen, offers what the best-stocked size has, and nothing of a sold-out variation', () => {
    const lowOnly = {
      ...tee,
      stock: tee.stock.map((level) => ({ ...level, quantity: Math.min(level.quantity, 4) })),
    };
    expect(choiceStock(lowOnly, 'Tee Navy', undefined, [])).toEqual({
      limit: 4,
      inCart: 0,
      blocked: undefined,
    });
    expect(choiceStock(tee, 'Tee Olive', undefined, [])).toEqual({
      limit: 0,
      inCart: 0,
      blocked: 'Sold out',
    });
  });

  it('offers 99 of a product that does not track stock, whatever the cart holds', () => {
    const untracked = { ...tee, trackStock: false, stock: undefined };
    expect(choiceStock(untracked, 'Tee Navy', 'M', [inCart(40, 'M')])).toEqual({ limit: 99, inCart: 0 });
  });
});
