import { describe, expect, it } from 'vitest';
import {
  ALL_SIZES,
  CATEGORIES,
  DELIVERY_OPTIONS,
  itemStatusColour,
  orderStatusColour,
  SIZE_PRESET_NAMES,
  SIZE_PRESETS,
  SORT_OPTIONS,
  SUBCATEGORIES,
  sizePresetFor,
} from './constants.ts';

// The sizes a product can offer: what shoppers choose from and admins pick as a preset.
describe('SIZE_PRESETS', () => {
  it('has Clothes S to 2XL', () => {
    expect(SIZE_PRESETS.Clothes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  });

  it('has Sneakers US 7 to US 13 in half sizes, written without a trailing .0', () => {
    expect(SIZE_PRESETS.Sneakers).toEqual([
      'US 7',
      'US 7.5',
      'US 8',
      'US 8.5',
      'US 9',
      'US 9.5',
      'US 10',
      'US 10.5',
      'US 11',
      'US 11.5',
      'US 12',
      'US 12.5',
      'US 13',
    ]);
  });

  it('has N/A with no sizes, and offers the presets in the order the admin picker lists them', () => {
    expect(SIZE_PRESETS['N/A']).toEqual([]);
    expect(SIZE_PRESET_NAMES).toEqual(['Clothes', 'Sneakers', 'N/A']);
  });

  it('accepts every size of every preset once', () => {
    expect(ALL_SIZES).toHaveLength(18);
    expect(new Set(ALL_SIZES).size).toBe(ALL_SIZES.length);
  });
});

describe('sizePresetFor', () => {
  it.each([
    [0, 'N/A'],
    [1, 'Clothes'],
    [5, 'Clothes'],
    [6, 'Sneakers'],
    [13, 'Sneakers'],
  ])('infers %i sizes as %s', (count, preset) => {
    expect(sizePresetFor(Array.from({ length: count }, (_, i) => `size ${i}`))).toBe(preset);
  });

  it('maps each preset back to itself', () => {
    for (const name of SIZE_PRESET_NAMES) expect(sizePresetFor(SIZE_PRESETS[name])).toBe(name);
  });
});

describe('orderStatusColour', () => {
  it.each([
    ['pending', 'yellow'],
    ['completed', 'green'],
    ['cancelled', 'red'],
    ['refunded', 'grey'],
    ['', 'grey'],
    ['Pending', 'grey'],
  ])('colours %j %s', (status, colour) => {
    expect(orderStatusColour(status)).toBe(colour);
  });
});

describe('itemStatusColour', () => {
  it.each([
    ['toPay', 'yellow'],
    ['toReceive', 'yellow'],
    ['delivered', 'green'],
    ['cancelled', 'red'],
    ['lost', 'red'],
    ['', 'red'],
  ])('colours %j %s', (status, colour) => {
    expect(itemStatusColour(status)).toBe(colour);
  });
});

describe('DELIVERY_OPTIONS', () => {
  // The fees and lead times are what the shopper picks from and pays: a requirement, not a detail.
  it('offers FREE in 9 days, 50 in 5 days and 100 in 1 day', () => {
    expect(DELIVERY_OPTIONS.map(({ fee, days }) => ({ fee, days }))).toEqual([
      { fee: 0, days: 9 },
      { fee: 50, days: 5 },
      { fee: 100, days: 1 },
    ]);
  });

  it('gives each option a distinct value, as the saved cart tells them apart by it', () => {
    expect(new Set(DELIVERY_OPTIONS.map((o) => o.value)).size).toBe(DELIVERY_OPTIONS.length);
  });
});

// The lists shoppers see as filters and in links (?category=Men&sort=asc): their words and
// order are part of the store, so a change to them is a change the tests should notice.
describe('the lists the storefront shows', () => {
  it('has the category and subcategory filters', () => {
    expect(CATEGORIES).toEqual(['Men', 'Women', 'Kids']);
    expect(SUBCATEGORIES).toEqual(['Tops', 'Bottoms', 'Full Outfit', 'Shoes', 'Accessories']);
  });

  it('has the sort options Relevant, Low to High, High to Low', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Relevant', 'Low to High', 'High to Low']);
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['relevant', 'asc', 'desc']);
  });
});
