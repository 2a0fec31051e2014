import { describe, expect, it } from 'vitest';
import {
  lowStockMessage,
  quantityLimit,
  type StockedProduct,
  shortStockMessage,
  unitsLeft,
} from './stock-left.ts';

const variations = [
  { name: 'Tee Navy', imageUrl: '/uploads/navy.webp' },
  { name: 'Tee Olive', imageUrl: '/uploads/olive.webp' },
];
const tee: StockedProduct = {
  trackStock: true,
  variations,
  stock: [
    { variation: 'Tee Navy', size: 'S', quantity: 12 },
    { variation: 'Tee Navy', size: 'M', quantity: 0 },
    { variation: 'Tee Olive', size: 'S', quantity: 3 },
  ],
};

describe('unitsLeft', () => {
  it('reads the variation and size asked for', () => {
    expect(unitsLeft(tee, 'Tee Navy', 'S')).toBe(12);
    expect(unitsLeft(tee, 'Tee Navy', 'M')).toBe(0);
    expect(unitsLeft(tee, 'Tee Olive', 'S')).toBe(3);
  });

  it('counts a variation and size the product does not list as none left, as checkout does', () => {
    expect(unitsLeft(tee, 'Tee Olive', 'M')).toBe(0);
    expect(unitsLeft(tee, 'Tee Red', 'S')).toBe(0);
  });

  it("keys a product without variations or sizes by '', whatever name its line carries", () => {
    const tote: StockedProduct = {
      trackStock: true,
      variations: [],
      stock: [{ variation: '', size: '', quantity: 4 }],
    };
    expect(unitsLeft(tote, 'Canvas Tote', '')).toBe(4);
  });

  it('is null for a product that does not track stock', () => {
    expect(unitsLeft({ trackStock: false, variations }, 'Tee Navy', 'S')).toBeNull();
  });
});

describe('quantityLimit', () => {
  it('offers what is left, never more than 99 to a line', () => {
    expect(quantityLimit(3)).toBe(3);
    expect(quantityLimit(99)).toBe(99);
    expect(quantityLimit(250)).toBe(99);
  });

  it('takes off what the cart already holds, down to none', () => {
    expect(quantityLimit(5, 2)).toBe(3);
    expect(quantityLimit(5, 5)).toBe(0);
    expect(quantityLimit(5, 7)).toBe(0);
    expect(quantityLimit(250, 90)).toBe(9);
    expect(quantityLimit(0)).toBe(0);
  });

  it('offers 99 of a product that does not track stock, as before stock was kept', () => {
    expect(quantityLimit(null)).toBe(99);
    expect(quantityLimit(null, 40)).toBe(99);
  });
});

describe('lowStockMessage', () => {
  it('says how many are left from 1 to 5', () => {
    expect(lowStockMessage(1)).toBe('Only 1 left');
    expect(lowStockMessage(5)).toBe('Only 5 left');
  });

  it('says nothing when more are left, none are, or stock is not tracked', () => {
    expect(lowStockMessage(6)).toBeUndefined();
    expect(lowStockMessage(0)).toBeUndefined();
    expect(lowStockMessage(null)).toBeUndefined();
  });
});

describe('shortStockMessage', () => {
  it('tells a line that asks for more than is left what is', () => {
    expect(shortStockMessage(2, 3)).toBe('Only 2 left');
    expect(shortStockMessage(0, 1)).toBe('Sold out');
  });

  it('says nothing to a line that fits, or of a product that does not track stock', () => {
    expect(shortStockMessage(3, 3)).toBeUndefined();
    expect(shortStockMessage(40, 2)).toBeUndefined();
    expect(shortStockMessage(null, 99)).toBeUndefined();
  });
});
