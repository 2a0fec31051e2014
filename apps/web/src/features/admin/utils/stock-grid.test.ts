import { SIZE_PRESETS } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import {
  cellKey,
  cellLabel,
  rebase,
  seenQuantities,
  setAll,
  stockAxes,
  stockInput,
  stockUpdate,
  textsOf,
  totalOf,
} from './stock-grid.ts';

const TEES = ['Men Tee Blue', 'Men Tee Olive'];
const CLOTHES = SIZE_PRESETS.Clothes;
const QUANTITY_MESSAGE = 'Enter a whole number from 0 to 100,000';

describe('stockAxes', () => {
  it('has a row per variation, labelled by its last word, and a column per size', () => {
    const axes = stockAxes(TEES, CLOTHES);
    expect(axes.rows.map((row) => [row.key, row.variation, row.label])).toEqual([
      ['0', 'Men Tee Blue', 'Blue'],
      ['1', 'Men Tee Olive', 'Olive'],
    ]);
    expect(axes.columns.map((column) => column.size)).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  });

  it('has one row without variations and one column without sizes', () => {
    const axes = stockAxes([], []);
    expect(axes.rows).toEqual([{ key: '0', variation: '', label: 'No variations', none: true }]);
    expect(axes.columns).toEqual([{ size: '', label: 'One size', none: true }]);
  });

  it('labels rows by their whole names when two would read alike, and unnamed rows by position', () => {
    expect(stockAxes(['Men Tee Blue', 'Kids Tee Blue'], []).rows.map((r) => r.label)).toEqual([
      'Men Tee Blue',
      'Kids Tee Blue',
    ]);
    expect(stockAxes(['  Men Tee Blue ', ''], []).rows.map((r) => [r.variation, r.label])).toEqual([
      ['Men Tee Blue', 'Blue'],
      ['', 'Variation 2'],
    ]);
  });
});

describe('cellLabel', () => {
  it('names the variation and the size a cell is for', () => {
    const label = (variations: string[], sizes: string[]) => {
      const { rows, columns } = stockAxes(variations, sizes);
      return cellLabel(rows[0]!, columns[0]!);
    };
    expect(label(TEES, ['M'])).toBe('Blue, M stock');
    expect(label([], ['M'])).toBe('M stock');
    expect(label(TEES, [])).toBe('Blue stock');
    expect(label([], [])).toBe('Stock');
  });
});

describe('setAll', () => {
  it('sets every cell shown and keeps the cells of other sizes', () => {
    const axes = stockAxes(TEES, ['S', 'M']);
    expect(setAll({ '0|S': '3', '0|US 7': '9' }, axes, '12')).toEqual({
      '0|S': '12',
      '0|M': '12',
      '1|S': '12',
      '1|M': '12',
      '0|US 7': '9',
    });
  });
});

describe('stockInput (Add Product)', () => {
  it('gives each variation in each size, an empty cell as none', () => {
    const axes = stockAxes(TEES, ['S', 'M']);
    expect(stockInput(axes, { '0|S': '5', '0|M': ' 12 ', '1|M': '' })).toEqual({
      input: {
        trackStock: true,
        quantities: [
          { variation: 'Men Tee Blue', size: 'S', quantity: 5 },
          { variation: 'Men Tee Blue', size: 'M', quantity: 12 },
          { variation: 'Men Tee Olive', size: 'S', quantity: 0 },
          { variation: 'Men Tee Olive', size: 'M', quantity: 0 },
        ],
      },
    });
  });

  it('gives one quantity for a product with neither variations nor sizes', () => {
    expect(stockInput(stockAxes([], []), { '0|': '40' })).toEqual({
      input: { trackStock: true, quantities: [{ variation: '', size: '', quantity: 40 }] },
    });
  });

  it("puts the shared schema's messages on the cells that hold no quantity", () => {
    const axes = stockAxes(TEES, ['S', 'M']);
    const cells = { '0|S': '-1', '0|M': '1.5', '1|S': '100001', '1|M': '100000' };
    expect(stockInput(axes, cells)).toEqual({
      errors: { '0|S': QUANTITY_MESSAGE, '0|M': QUANTITY_MESSAGE, '1|S': QUANTITY_MESSAGE },
    });
    expect(stockInput(axes, { '0|S': 'ten' })).toEqual({ errors: { '0|S': QUANTITY_MESSAGE } });
  });

  it('refuses two variations of the same name on the second one', () => {
    const axes = stockAxes(['Men Tee Blue', 'Men Tee Blue'], []);
    expect(stockInput(axes, {})).toEqual({ errors: { '1|': 'This variation and size is listed twice' } });
  });
});

describe('the grid follows the form', () => {
  const typed = { '0|S': '4', '0|M': '7', '1|S': '2' };

  it('keeps the values of a variation renamed', () => {
    const renamed = stockInput(stockAxes(['Men Tee Navy', 'Men Tee Olive'], ['S', 'M']), typed);
    expect(renamed).toMatchObject({
      input: { quantities: [{ variation: 'Men Tee Navy', size: 'S', quantity: 4 }, { quantity: 7 }, {}, {}] },
    });
  });

  it('drops the row of the variation removed, and gives the first variation what the product had', () => {
    expect(stockInput(stockAxes(['Men Tee Blue'], ['S']), typed)).toEqual({
      input: { trackStock: true, quantities: [{ variation: 'Men Tee Blue', size: 'S', quantity: 4 }] },
    });
    expect(stockInput(stockAxes([], ['S', 'M']), typed)).toEqual({
      input: {
        trackStock: true,
        quantities: [
          { variation: '', size: 'S', quantity: 4 },
          { variation: '', size: 'M', quantity: 7 },
        ],
      },
    });
  });

  it('shows the values of a size preset again when it is chosen again', () => {
    const sneakers = setAll(typed, stockAxes(TEES, SIZE_PRESETS.Sneakers), '1');
    expect(totalOf(stockAxes(TEES, SIZE_PRESETS.Sneakers), sneakers)).toBe(26);
    expect(totalOf(stockAxes(TEES, CLOTHES), sneakers)).toBe(13);
  });
});

describe('stockUpdate (the Stock card)', () => {
  const axes = stockAxes(TEES, ['S', 'M']);
  const seen = seenQuantities(axes, [
    { variation: 'Men Tee Blue', size: 'S', quantity: 3 },
    { variation: 'Men Tee Blue', size: 'M', quantity: 0 },
    { variation: 'Men Tee Olive', size: 'S', quantity: 8 },
    { variation: 'Men Tee Olive', size: 'M', quantity: 1 },
  ]);
  const tracked = { now: true, before: true };

  it('reads the stored quantities by cell, none where the read names none', () => {
    expect(seen).toEqual({ '0|S': 3, '0|M': 0, '1|S': 8, '1|M': 1 });
    expect(seenQuantities(axes)).toEqual({ '0|S': 0, '0|M': 0, '1|S': 0, '1|M': 0 });
  });

  it('sends only the cells changed, each with the quantity the admin saw', () => {
    const cells = { ...textsOf(seen), '0|M': '10', '1|S': '08', '1|M': '0' };
    expect(stockUpdate(axes, seen, cells, tracked)).toEqual({
      body: {
        changes: [
          { variation: 'Men Tee Blue', size: 'M', quantity: 10, expected: 0 },
          { variation: 'Men Tee Olive', size: 'M', quantity: 0, expected: 1 },
        ],
      },
      keys: ['0|M', '1|M'],
    });
  });

  it('turns tracking on with the quantities typed, and off with none', () => {
    const fresh = seenQuantities(axes);
    const cells = { ...textsOf(fresh), '1|S': '6' };
    expect(stockUpdate(axes, fresh, cells, { now: true, before: false })).toEqual({
      body: {
        trackStock: true,
        changes: [{ variation: 'Men Tee Olive', size: 'S', quantity: 6, expected: 0 }],
      },
      keys: ['1|S'],
    });
    expect(stockUpdate(axes, seen, cells, { now: false, before: true })).toEqual({
      body: { trackStock: false, changes: [] },
      keys: [],
    });
  });

  it('says when there is nothing to change, and which cells hold no quantity', () => {
    expect(stockUpdate(axes, seen, textsOf(seen), tracked)).toEqual({
      errors: {},
      general: ['Nothing to change'],
    });
    expect(stockUpdate(axes, seen, { ...textsOf(seen), '0|S': '', '1|M': '2.5' }, tracked)).toEqual({
      errors: { '0|S': QUANTITY_MESSAGE, '1|M': QUANTITY_MESSAGE },
      general: [],
    });
  });
});

describe('rebase', () => {
  it('shows fresh quantities in the cells not changed and keeps the changed ones against what was seen', () => {
    const seen = { '0|S': 3, '0|M': 0, '1|S': 8 };
    const cells = { '0|S': '3', '0|M': '10', '1|S': '' };
    expect(rebase(seen, cells, { '0|S': 1, '0|M': 4, '1|S': 8 })).toEqual({
      seen: { '0|S': 1, '0|M': 0, '1|S': 8 },
      cells: { '0|S': '1', '0|M': '10', '1|S': '' },
    });
  });
});

describe('totalOf', () => {
  it('adds up the quantities shown, cells that hold none counting as none', () => {
    const axes = stockAxes(TEES, ['S']);
    expect(totalOf(axes, { '0|S': '1200', '1|S': 'x', '0|M': '50' })).toBe(1200);
    expect(cellKey(axes.rows[1]!, axes.columns[0]!)).toBe('1|S');
  });
});
