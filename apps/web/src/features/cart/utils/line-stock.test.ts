import type { StockedProduct } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import type { CartLine } from '../../../lib/cart-store.ts';
import { linePhotos, linesGone, linesLeft } from './line-stock.ts';

const line = (cartProductId: string, productId: string, name: string, size: string): CartLine => ({
  cartProductId,
  productId,
  name,
  imageUrl: '/uploads/x.webp',
  price: '399.00',
  size,
  quantity: 2,
  deliveryOption: { value: 'standard', fee: 0 },
});

const tee: StockedProduct = {
  trackStock: true,
  variations: [{ name: 'Tee Navy', imageUrl: '/uploads/navy.webp' }],
  stock: [
    { variation: 'Tee Navy', size: 'M', quantity: 1 },
    { variation: 'Tee Navy', size: 'L', quantity: 30 },
  ],
};
const tote: StockedProduct = {
  trackStock: true,
  variations: [],
  stock: [{ variation: '', size: '', quantity: 0 }],
};
const cap: StockedProduct = { trackStock: false, variations: [] };
const products = new Map([
  ['tee', tee],
  ['tote', tote],
  ['cap', cap],
]);

describe('linesLeft', () => {
  it('reads each line’s variation and size from its product, by the line’s id', () => {
    const lines = [
      line('a', 'tee', 'Tee Navy', 'M'),
      line('b', 'tee', 'Tee Navy', 'L'),
      line('c', 'tote', 'Canvas Tote', ''),
    ];
    expect(linesLeft(lines, products, {})).toEqual({ a: 1, b: 30, c: 0 });
  });

  it('takes what checkout answered for a line over the product as last read', () => {
    const lines = [line('a', 'tee', 'Tee Navy', 'M'), line('b', 'tee', 'Tee Navy', 'L')];
    expect(linesLeft(lines, products, { b: 4 })).toEqual({ a: 1, b: 4 });
  });

  it('says nothing of a product not read, not tracking stock, or without the line’s variation', () => {
    const lines = [
      line('a', 'gone', 'Old Shirt', 'M'),
      line('b', 'cap', 'Cap', ''),
      line('c', 'tee', 'Tee Red', 'M'),
    ];
    expect(linesLeft(lines, products, {})).toEqual({});
  });
});

describe('linesGone', () => {
  const read = new Map([
    [
      'tee',
      {
        name: 'Tee Navy',
        imageUrl: '/uploads/olive.webp',
        variations: [{ name: 'Tee Olive', imageUrl: '/uploads/olive.webp' }],
      },
    ],
    ['tote', { name: 'Canvas Tote', imageUrl: '/uploads/tote.webp', variations: [] }],
  ]);

  it('names the lines whose variation the product no longer sells', () => {
    const lines = [
      line('navy', 'tee', 'Tee Navy', 'M'),
      line('olive', 'tee', 'Tee Olive', 'M'),
      line('tote', 'tote', 'Canvas Tote', ''),
      line('unread', 'cap', 'Cap Red', ''),
    ];
    expect([...linesGone(lines, read)]).toEqual(['navy']);
  });
});

describe('linePhotos', () => {
  const read = new Map([
    [
      'tee',
      {
        name: 'Tee',
        imageUrl: '/uploads/tee-cover.webp',
        variations: [{ name: 'Tee Olive', imageUrl: '/uploads/olive-replaced.webp' }],
      },
    ],
    ['tote', { name: 'Canvas Tote', imageUrl: '/uploads/tote-replaced.webp', variations: [] }],
  ]);

  it('shows each line the photo its product shows now, and keeps a line’s own while unread or gone', () => {
    const lines = [
      line('olive', 'tee', 'Tee Olive', 'M'),
      line('tote', 'tote', 'Canvas Tote', ''),
      line('navy', 'tee', 'Tee Navy', 'M'),
      line('unread', 'cap', 'Cap Red', ''),
    ];
    expect(linePhotos(lines, read)).toEqual({
      olive: '/uploads/olive-replaced.webp',
      tote: '/uploads/tote-replaced.webp',
      navy: '/uploads/x.webp',
      unread: '/uploads/x.webp',
    });
  });
});
