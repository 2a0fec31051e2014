import { describe, expect, it } from 'vitest';
import {
  ALL_SIZES,
  CATEGORIES,
  DELIVERY_FEES,
  DELIVERY_OPTIONS,
  INITIAL_ITEM_STATUS,
  ITEM_STATUSES,
  itemStatusColour,
  LIMITS,
  ORDER_STATUSES,
  orderStatusColour,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SIZE_PRESET_NAMES,
  SIZE_PRESETS,
  SORT_OPTIONS,
  SUBCATEGORIES,
  sizePresetFor,
  TAX_PERCENT,
} from './constants.ts';

describe('SIZE_PRESETS', () => {
  it('has Clothes S to 2XL (5 sizes)', () => {
    expect(SIZE_PRESETS.Clothes).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  });

  it('has Sneakers US 7 to US 13 in half steps (13 sizes)', () => {
    expect(SIZE_PRESETS.Sneakers).toHaveLength(13);
    expect(SIZE_PRESETS.Sneakers[0]).toBe('US 7');
    expect(SIZE_PRESETS.Sneakers[1]).toBe('US 7.5');
    expect(SIZE_PRESETS.Sneakers.at(-1)).toBe('US 13');
    expect(SIZE_PRESETS.Sneakers).toContain('US 10.5');
    expect(SIZE_PRESETS.Sneakers).not.toContain('US 13.5');
    expect(SIZE_PRESETS.Sneakers).not.toContain('US 7.0');
  });

  it('has N/A with no sizes', () => {
    expect(SIZE_PRESETS['N/A']).toEqual([]);
  });

  it('names the presets in order', () => {
    expect(SIZE_PRESET_NAMES).toEqual(['Clothes', 'Sneakers', 'N/A']);
  });

  it('offers every size of every preset once', () => {
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
  it('starts with FREE, the default for new cart lines', () => {
    expect(DELIVERY_OPTIONS[0].fee).toBe(0);
    expect(DELIVERY_OPTIONS[0].days).toBe(9);
  });

  it('offers FREE in 9 days, 50 in 5 days and 100 in 1 day', () => {
    expect(DELIVERY_OPTIONS.map(({ fee, days }) => ({ fee, days }))).toEqual([
      { fee: 0, days: 9 },
      { fee: 50, days: 5 },
      { fee: 100, days: 1 },
    ]);
  });

  it('gives each option a distinct value', () => {
    expect(new Set(DELIVERY_OPTIONS.map((o) => o.value)).size).toBe(3);
  });

  it('lists the fees', () => {
    expect(DELIVERY_FEES).toEqual([0, 50, 100]);
  });
});

describe('business constants (SPEC §9, DESIGN §4)', () => {
  it('bounds quantity to 1..99', () => {
    expect([QUANTITY_MIN, QUANTITY_MAX]).toEqual([1, 99]);
  });

  it('taxes 10%', () => {
    expect(TAX_PERCENT).toBe(10);
  });

  it('has the text limits of SPEC §5', () => {
    expect(LIMITS).toMatchObject({
      passwordMin: 6,
      nameMin: 2,
      productNameMin: 4,
      productNameEditMin: 2,
      descriptionMin: 3,
      descriptionMax: 1000,
      usernameMin: 4,
      priceTextMin: 4,
    });
  });

  it('has the category and subcategory lists', () => {
    expect(CATEGORIES).toEqual(['Men', 'Women', 'Kids']);
    expect(SUBCATEGORIES).toEqual(['Tops', 'Bottoms', 'Full Outfit', 'Shoes', 'Accessories']);
  });

  it('has the item statuses, new items starting toPay', () => {
    expect(ITEM_STATUSES).toEqual(['toPay', 'toReceive', 'delivered', 'cancelled']);
    expect(INITIAL_ITEM_STATUS).toBe('toPay');
    expect(ORDER_STATUSES).toEqual(['pending', 'completed', 'cancelled']);
  });

  it('has the display lists of payment methods and statuses', () => {
    expect(PAYMENT_METHODS).toEqual(['Stripe', 'Paypal', 'PayLater', 'COD']);
    expect(PAYMENT_STATUSES).toEqual(['Completed', 'Pending', 'Partial', 'Cancelled']);
  });

  it('has the sort options Relevant, Low to High, High to Low', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Relevant', 'Low to High', 'High to Low']);
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual(['relevant', 'asc', 'desc']);
  });
});
