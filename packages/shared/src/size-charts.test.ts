import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, SIZE_PRESETS } from './constants.ts';
import {
  cmToInches,
  DEFAULT_SIZE_CHARTS,
  formatSizeChartCell,
  parseSizeChartCell,
  SIZE_CHART_KINDS,
  SIZE_CHART_MESSAGES,
  type SizeChartRow,
  sizeChartCellText,
  sizeChartColumnLabel,
  sizeChartKindFor,
  sizeChartRowsSchema,
  sizeChartSlotFor,
} from './size-charts.ts';

describe('cmToInches', () => {
  it('rounds to the nearest tenth, half up', () => {
    expect(cmToInches(2.54)).toBe(1);
    expect(cmToInches(86)).toBe(33.9); // 33.858
    expect(cmToInches(91)).toBe(35.8); // 35.827
    expect(cmToInches(25.5)).toBe(10); // 10.039
    expect(cmToInches(0.127)).toBe(0); // taken as 0.1 cm: 0.039 in
    expect(cmToInches(1.3)).toBe(0.5); // 0.5118
    expect(cmToInches(0.2)).toBe(0.1); // 0.0787
  });

  it('agrees with exact rational arithmetic for every value a chart may hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), (tenths) => {
        // tenths/10 cm in inches = tenths / 25.4; half up at the hundredth boundary.
        const exact = (tenths * 100) / 254; // in tenths of an inch
        const expected = Math.floor(exact + 0.5);
        expect(cmToInches(tenths / 10)).toBe(expected / 10);
      }),
    );
  });
});

describe('formatSizeChartCell', () => {
  it('shows centimetres as kept and inches with their tenth; EU and ages never convert', () => {
    expect(formatSizeChartCell({ min: 86, max: 91 }, 'chest', 'cm')).toBe('86–91');
    expect(formatSizeChartCell({ min: 86, max: 91 }, 'chest', 'in')).toBe('33.9–35.8');
    expect(formatSizeChartCell({ min: 25.4, max: 25.4 }, 'foot', 'in')).toBe('10.0');
    expect(formatSizeChartCell({ min: 42.5, max: 42.5 }, 'eu', 'in')).toBe('42.5');
    expect(formatSizeChartCell({ min: 3, max: 4 }, 'age', 'in')).toBe('3–4');
  });

  it('names each column with its unit', () => {
    expect(sizeChartColumnLabel('chest', 'cm')).toBe('Chest (cm)');
    expect(sizeChartColumnLabel('chest', 'in')).toBe('Chest (in)');
    expect(sizeChartColumnLabel('age', 'in')).toBe('Age (years)');
    expect(sizeChartColumnLabel('eu', 'cm')).toBe('EU');
  });
});

describe('parseSizeChartCell', () => {
  it('reads a number or a range, and refuses anything else', () => {
    expect(parseSizeChartCell('86')).toEqual({ min: 86, max: 86 });
    expect(parseSizeChartCell(' 86 – 91 ')).toEqual({ min: 86, max: 91 });
    expect(parseSizeChartCell('42.5')).toEqual({ min: 42.5, max: 42.5 });
    for (const bad of ['', '-', '86-', 'abc', '42,5', '1.25', '86-91-96', '1e2']) {
      expect(parseSizeChartCell(bad), bad).toBeNull();
    }
    expect(parseSizeChartCell(sizeChartCellText({ min: 62, max: 66 }))).toEqual({ min: 62, max: 66 });
  });
});

describe('which chart fits a product', () => {
  it('follows the size preset and the type', () => {
    expect(sizeChartKindFor('Tops', SIZE_PRESETS.Clothes)).toBe('tops');
    expect(sizeChartKindFor('Bottoms', SIZE_PRESETS.Clothes)).toBe('bottoms');
    expect(sizeChartKindFor('Full Outfit', SIZE_PRESETS.Clothes)).toBe('full-outfit');
    expect(sizeChartKindFor('Shoes', SIZE_PRESETS.Sneakers)).toBe('shoes');
    expect(sizeChartKindFor(null, SIZE_PRESETS.Sneakers)).toBe('shoes');
    expect(sizeChartKindFor('Accessories', SIZE_PRESETS.Clothes)).toBeNull();
    expect(sizeChartKindFor('Tops', [])).toBeNull();
    expect(
      sizeChartSlotFor({ category: 'Kids', subCategory: 'Tops', size: [...SIZE_PRESETS.Clothes] }),
    ).toEqual({
      category: 'Kids',
      kind: 'tops',
    });
    expect(
      sizeChartSlotFor({ category: null, subCategory: 'Tops', size: [...SIZE_PRESETS.Clothes] }),
    ).toBeNull();
  });
});

describe('sizeChartRowsSchema', () => {
  it('accepts every default chart', () => {
    for (const category of CATEGORIES) {
      for (const kind of SIZE_CHART_KINDS) {
        const result = sizeChartRowsSchema(category, kind).safeParse(DEFAULT_SIZE_CHARTS[category][kind]);
        expect(result.success, `${category} ${kind}: ${result.error?.message}`).toBe(true);
      }
    }
  });

  const tops = (): SizeChartRow[] => JSON.parse(JSON.stringify(DEFAULT_SIZE_CHARTS.Men.tops));
  const issues = (rows: unknown) => {
    const result = sizeChartRowsSchema('Men', 'tops').safeParse(rows);
    return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
  };

  it('wants the preset sizes in order', () => {
    const swapped = tops();
    [swapped[0]!.size, swapped[1]!.size] = ['M', 'S'];
    expect(issues(swapped)).toEqual([['', SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Clothes)]]);
    expect(issues(tops().slice(1))).toHaveLength(1);
    expect(sizeChartRowsSchema('Men', 'shoes').safeParse(tops()).success).toBe(false);
  });

  it('names the cell out of range, reversed, too precise, or missing', () => {
    const rows = tops();
    rows[1]!.values[0] = { min: 30, max: 93 };
    rows[2]!.values[1] = { min: 84, max: 79 };
    rows[3]!.values[0] = { min: 100.25, max: 105 };
    rows[4]!.values = [rows[4]!.values[0]!];
    expect(issues(rows)).toEqual([
      ['1.values.0', 'Chest must be between 40 and 160'],
      ['2.values.1', SIZE_CHART_MESSAGES.order],
      ['3.values.0', SIZE_CHART_MESSAGES.decimals],
      ['4.values', SIZE_CHART_MESSAGES.columns(2)],
    ]);
  });
});
