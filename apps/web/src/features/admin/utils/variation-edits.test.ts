import { PRODUCT_EDIT_MESSAGES, type Product } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { mediaDirty, mediaFields, mediaOf, moveItem, newItem } from './variation-edits.ts';

const TEE: Product = {
  _id: 'tee',
  id: 'tee',
  name: 'Tee Navy',
  imageUrl: '/uploads/main-800.webp',
  price: '499.00',
  category: 'Men',
  subCategory: 'Tops',
  createdAt: '2026-03-01T00:00:00.000Z',
  stockTotal: null,
  soldOut: false,
  description: 'A tee.',
  size: ['S', 'M', 'L', 'XL', '2XL'],
  variations: [
    { name: 'Tee Navy', imageUrl: '/uploads/navy-800.webp' },
    { name: 'Tee Olive', imageUrl: '/uploads/olive-800.webp' },
  ],
  trackStock: false,
};
const photo = (name = 'khaki.png', type = 'image/png') => new File(['x'], name, { type });

describe('mediaFields', () => {
  it('sends nothing when nothing changed', () => {
    const state = mediaOf(TEE);
    expect(mediaDirty(TEE, state)).toBe(false);
    expect(mediaFields(TEE, state)).toEqual({ ok: { fields: {}, files: [] } });
  });

  it('adds a variation with its photo as the first upload, keeping the others by URL', () => {
    const state = mediaOf(TEE);
    const file = photo();
    state.items.push({ ...newItem(), name: '  Tee Khaki ', file });
    expect(mediaFields(TEE, state)).toEqual({
      ok: {
        fields: {
          imageUrl: TEE.imageUrl,
          variations: [...TEE.variations, { name: 'Tee Khaki', imageUrl: { upload: 0 } }],
        },
        files: [file],
      },
    });
  });

  it('numbers the uploads in the order sent: the main photo first', () => {
    const state = mediaOf(TEE);
    const main = photo('main.png');
    const olive = photo('olive.jpg', 'image/jpeg');
    state.main.file = main;
    state.items[1] = { ...state.items[1]!, file: olive };
    const result = mediaFields(TEE, state);
    expect(result).toMatchObject({
      ok: {
        fields: {
          imageUrl: { upload: 0 },
          variations: [TEE.variations[0], { name: 'Tee Olive', imageUrl: { upload: 1 } }],
        },
        files: [main, olive],
      },
    });
  });

  it('sends the variations moved and removed', () => {
    const state = mediaOf(TEE);
    state.items = moveItem(state.items, 1, -1);
    expect(mediaFields(TEE, state)).toMatchObject({
      ok: { fields: { variations: [...TEE.variations].reverse() } },
    });
    state.items = state.items.filter((item) => item.name !== 'Tee Navy');
    expect(mediaFields(TEE, state)).toMatchObject({ ok: { fields: { variations: [TEE.variations[1]] } } });
  });

  it('names what is missing by item: a name, a photo, a name given twice', () => {
    const state = mediaOf(TEE);
    const unnamed = { ...newItem(), file: photo() };
    const noPhoto = { ...newItem(), name: 'Tee Khaki' };
    const twice = { ...newItem(), name: 'Tee Navy', file: photo() };
    state.items.push(unnamed, noPhoto, twice);
    expect(mediaFields(TEE, state)).toEqual({
      errors: {
        [unnamed.key]: PRODUCT_EDIT_MESSAGES.variationName,
        [noPhoto.key]: 'Choose a photo for this variation',
        [twice.key]: PRODUCT_EDIT_MESSAGES.variationNamedTwice,
      },
    });
  });
});

describe('moveItem', () => {
  it('swaps with the neighbour, and stays put at either end', () => {
    const items = mediaOf(TEE).items;
    expect(moveItem(items, 0, 1).map((i) => i.name)).toEqual(['Tee Olive', 'Tee Navy']);
    expect(moveItem(items, 0, -1).map((i) => i.name)).toEqual(['Tee Navy', 'Tee Olive']);
    expect(moveItem(items, 1, 1).map((i) => i.name)).toEqual(['Tee Navy', 'Tee Olive']);
  });
});
