import { z } from 'zod';
import { CATEGORIES, type Category, SIZE_PRESETS, type SizePresetName, sizePresetFor } from './constants.ts';

/**
 * Size charts: which chart fits a product, the measurements each chart has, the charts a new store
 * starts with, the checks an edited chart passes, and centimetres in inches. The numbers are body
 * measurements (what the shopper measures on themselves), in centimetres; docs/business-rules.md
 * ("Size charts") says where the defaults come from.
 */

/**
 * The kinds of chart, one per category each. A product's kind follows its size preset and its
 * subcategory (`sizeChartKindFor`); SPEC's types are Tops, Bottoms and Full Outfit (dresses,
 * jumpsuits, sets), and shoes come in the Sneakers preset.
 */
export const SIZE_CHART_KINDS = ['tops', 'bottoms', 'full-outfit', 'shoes'] as const;
export type SizeChartKind = (typeof SIZE_CHART_KINDS)[number];
export const SIZE_CHART_KIND_LABELS: Record<SizeChartKind, string> = {
  tops: 'Tops',
  bottoms: 'Bottoms',
  'full-outfit': 'Full Outfit',
  shoes: 'Shoes',
};

/** A chart's name: "Men's Tops", "Kids' Shoes". */
export const sizeChartName = (category: Category, kind: SizeChartKind) =>
  `${category.endsWith('s') ? `${category}'` : `${category}'s`} ${SIZE_CHART_KIND_LABELS[kind]}`;

/** The unit a measurement is kept in: centimetres (shown in inches on request), EU sizes, years. */
export type MeasureUnit = 'cm' | 'eu' | 'years';
export interface Measure {
  label: string;
  unit: MeasureUnit;
  /** The smallest and largest value an admin may enter. */
  min: number;
  max: number;
}
export const MEASURES = {
  age: { label: 'Age', unit: 'years', min: 1, max: 16 },
  height: { label: 'Height', unit: 'cm', min: 60, max: 200 },
  chest: { label: 'Chest', unit: 'cm', min: 40, max: 160 },
  bust: { label: 'Bust', unit: 'cm', min: 60, max: 160 },
  waist: { label: 'Waist', unit: 'cm', min: 40, max: 150 },
  hip: { label: 'Hip', unit: 'cm', min: 45, max: 170 },
  inseam: { label: 'Inseam', unit: 'cm', min: 20, max: 100 },
  eu: { label: 'EU', unit: 'eu', min: 16, max: 50 },
  foot: { label: 'Foot length', unit: 'cm', min: 9, max: 35 },
} as const satisfies Record<string, Measure>;
export type MeasureKey = keyof typeof MEASURES;

/** The measurements (columns) of each category's chart of each kind, in order. */
export const SIZE_CHART_COLUMNS: Record<Category, Record<SizeChartKind, readonly MeasureKey[]>> = {
  Men: {
    tops: ['chest', 'waist'],
    bottoms: ['waist', 'hip', 'inseam'],
    'full-outfit': ['chest', 'waist', 'hip'],
    shoes: ['eu', 'foot'],
  },
  Women: {
    tops: ['bust', 'waist'],
    bottoms: ['waist', 'hip', 'inseam'],
    'full-outfit': ['bust', 'waist', 'hip'],
    shoes: ['eu', 'foot'],
  },
  // Kids' clothes are chosen by age and height first.
  Kids: {
    tops: ['age', 'height', 'chest'],
    bottoms: ['age', 'height', 'waist', 'hip'],
    'full-outfit': ['age', 'height', 'chest', 'waist'],
    shoes: ['eu', 'foot'],
  },
};

/** The preset whose sizes a chart of this kind has, one row each. */
export const sizeChartPreset = (kind: SizeChartKind): Exclude<SizePresetName, 'N/A'> =>
  kind === 'shoes' ? 'Sneakers' : 'Clothes';

/**
 * The kind of chart that fits a product: shoes for the Sneakers preset, its type for clothes
 * sizes; none without sizes, or for clothes sizes on a type no chart covers (accessories, shoes
 * in letter sizes, no type).
 */
export function sizeChartKindFor(subCategory: string | null, sizes: readonly string[]): SizeChartKind | null {
  const preset = sizePresetFor(sizes);
  if (preset === 'N/A') return null;
  if (preset === 'Sneakers') return 'shoes';
  if (subCategory === 'Tops') return 'tops';
  if (subCategory === 'Bottoms') return 'bottoms';
  if (subCategory === 'Full Outfit') return 'full-outfit';
  return null;
}

/** Where a product's chart lives: its category's chart of its kind; null when none fits. */
export function sizeChartSlotFor(product: {
  category: string | null;
  subCategory: string | null;
  size: readonly string[];
}): { category: Category; kind: SizeChartKind } | null {
  const category = CATEGORIES.find((c) => c === product.category);
  const kind = sizeChartKindFor(product.subCategory, product.size);
  return category && kind ? { category, kind } : null;
}

/** One measurement of one size: a range, or one value when `min` equals `max`. */
export const SizeChartCellSchema = z.strictObject({ min: z.number(), max: z.number() });
export type SizeChartCell = z.infer<typeof SizeChartCellSchema>;
export const SizeChartRowSchema = z.strictObject({
  size: z.string().max(20),
  values: z.array(SizeChartCellSchema).max(8),
});
export type SizeChartRow = z.infer<typeof SizeChartRowSchema>;
/** A chart as the API takes it: a row per size, a cell per measurement. Fitted by `sizeChartRowsSchema`. */
export const SizeChartRowsSchema = z.array(SizeChartRowSchema).max(20);

/** `PUT /size-charts/{category}/{kind}`. */
export const SizeChartInputSchema = z.strictObject({ rows: SizeChartRowsSchema });
export type SizeChartInput = z.infer<typeof SizeChartInputSchema>;
export const SizeChartParamsSchema = z.object({
  category: z.enum(CATEGORIES, { message: 'Choose a category' }),
  kind: z.enum(SIZE_CHART_KINDS, { message: 'Choose a kind of chart' }),
});

/** A chart as read: where it comes from, its measurements, its rows. */
export const SizeChartSchema = z.object({
  category: z.enum(CATEGORIES),
  kind: z.enum(SIZE_CHART_KINDS),
  columns: z.array(z.enum(Object.keys(MEASURES) as [MeasureKey, ...MeasureKey[]])),
  rows: SizeChartRowsSchema,
  /** A category's chart: still the store's default. A product's own: false. */
  isDefault: z.boolean(),
});
export type SizeChart = z.infer<typeof SizeChartSchema>;
/** `GET /size-charts/product/{id}`: the chart the product uses, its own or its category's, if any. */
export const ProductSizeChartSchema = z.object({
  source: z.enum(['product', 'category', 'none']),
  chart: SizeChartSchema.nullable(),
});
export type ProductSizeChart = z.infer<typeof ProductSizeChartSchema>;

export const SIZE_CHART_MESSAGES = {
  sizes: (sizes: readonly string[]) => `Give one row for each size: ${sizes.join(', ')}`,
  columns: (count: number) => `Give ${count} measurement${count === 1 ? '' : 's'} for this size`,
  range: (measure: Measure) => `${measure.label} must be between ${measure.min} and ${measure.max}`,
  order: 'Put the smaller number first',
  decimals: 'Use at most one decimal place',
  noChart: 'This product has no size chart of its category: choose a category, a type and sizes first',
  parse: 'Enter a number, or a range such as 86-91',
} as const;

const oneDecimal = (n: number) => Number.isFinite(n) && Math.abs(Math.round(n * 10) - n * 10) < 1e-9;

/**
 * The rows a chart of this category and kind accepts: exactly the preset's sizes in order, each
 * with one cell per measurement, in range, at most one decimal, the smaller end first. The
 * back office's editor and the server check with this one schema.
 */
export function sizeChartRowsSchema(category: Category, kind: SizeChartKind) {
  const columns = SIZE_CHART_COLUMNS[category][kind];
  const sizes = SIZE_PRESETS[sizeChartPreset(kind)];
  return SizeChartRowsSchema.superRefine((rows, ctx) => {
    if (rows.length !== sizes.length || rows.some((row, i) => row.size !== sizes[i])) {
      ctx.addIssue({ code: 'custom', message: SIZE_CHART_MESSAGES.sizes(sizes) });
      return;
    }
    rows.forEach((row, r) => {
      if (row.values.length !== columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: [r, 'values'],
          message: SIZE_CHART_MESSAGES.columns(columns.length),
        });
        return;
      }
      row.values.forEach((cell, c) => {
        const measure: Measure = MEASURES[columns[c]!];
        const path = [r, 'values', c];
        if (!oneDecimal(cell.min) || !oneDecimal(cell.max))
          ctx.addIssue({ code: 'custom', path, message: SIZE_CHART_MESSAGES.decimals });
        else if ([cell.min, cell.max].some((n) => n < measure.min || n > measure.max))
          ctx.addIssue({ code: 'custom', path, message: SIZE_CHART_MESSAGES.range(measure) });
        else if (cell.min > cell.max)
          ctx.addIssue({ code: 'custom', path, message: SIZE_CHART_MESSAGES.order });
      });
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Units

/**
 * Centimetres in inches, rounded half up to one decimal, exactly: the centimetres are taken in
 * tenths (charts keep at most one decimal) and divided in integers, so 2.54 cm is 1.0 in and
 * no floating-point remainder tips a value to the wrong tenth.
 */
export function cmToInches(cm: number): number {
  const tenthsOfCm = Math.round(cm * 10);
  // tenths of an inch = tenths of a cm / 2.54 = tenthsOfCm * 100 / 254, rounded half up.
  const tenthsOfInch = Math.floor((tenthsOfCm * 200 + 254) / 508);
  return tenthsOfInch / 10;
}

export type LengthUnit = 'cm' | 'in';

/** A number as a chart shows it: inches always with their tenth, other units as entered. */
const showNumber = (n: number, inches: boolean) => (inches ? n.toFixed(1) : String(n));

/** A cell as the chart shows it in `unit` ("86–91", "33.9–35.8", "42.5"). */
export function formatSizeChartCell(cell: SizeChartCell, measure: MeasureKey, unit: LengthUnit): string {
  const inches = unit === 'in' && MEASURES[measure].unit === 'cm';
  const show = (n: number) => showNumber(inches ? cmToInches(n) : n, inches);
  return cell.min === cell.max ? show(cell.min) : `${show(cell.min)}–${show(cell.max)}`;
}

/** A column's heading with its unit: "Chest (cm)", "Age (years)", "EU". */
export function sizeChartColumnLabel(measure: MeasureKey, unit: LengthUnit): string {
  const { label, unit: kept } = MEASURES[measure];
  if (kept === 'eu') return label;
  return `${label} (${kept === 'cm' ? unit : kept})`;
}

/** A cell as the editor shows it: "86-91" or "86". */
export const sizeChartCellText = (cell: SizeChartCell) =>
  cell.min === cell.max ? String(cell.min) : `${cell.min}-${cell.max}`;

/** What an admin typed into a cell ("86", "86-91", "86 – 91", "42,5" is refused): the cell, or null. */
export function parseSizeChartCell(text: string): SizeChartCell | null {
  const match = /^\s*(\d{1,3}(?:\.\d)?)\s*(?:[-–]\s*(\d{1,3}(?:\.\d)?)\s*)?$/.exec(text);
  if (!match) return null;
  const min = Number(match[1]);
  return { min, max: match[2] === undefined ? min : Number(match[2]) };
}

// ---------------------------------------------------------------------------------------------
// The charts a new store starts with

type Cells = readonly (readonly [number, number] | number)[];
const cells = (values: Cells): SizeChartCell[] =>
  values.map((v) => (typeof v === 'number' ? { min: v, max: v } : { min: v[0], max: v[1] }));
/** Columns given top to bottom: one list per measurement, one value per size. */
function chart(sizes: readonly string[], columns: readonly Cells[]): SizeChartRow[] {
  return sizes.map((size, i) => ({ size, values: cells(columns.map((column) => column[i]!)) }));
}

const CLOTHES = SIZE_PRESETS.Clothes;
const SHOES = SIZE_PRESETS.Sneakers;
/** Body measurements by size, S to 2XL: a line per measurement, read as a table. */
// biome-ignore format: one line per measurement keeps the table readable
const BODY = {
  menChest: [[84, 88], [89, 93], [94, 99], [100, 105], [106, 111]],
  menWaist: [[68, 72], [73, 78], [79, 84], [85, 90], [91, 96]],
  menHip: [[86, 90], [91, 95], [96, 100], [101, 105], [106, 110]],
  womenBust: [[78, 82], [83, 87], [88, 92], [93, 97], [98, 103]],
  womenWaist: [[62, 66], [67, 71], [72, 76], [77, 82], [83, 88]],
  womenHip: [[86, 90], [91, 95], [96, 100], [101, 105], [106, 111]],
  kidsAge: [[3, 4], [5, 6], [7, 8], [9, 10], [11, 12]],
  kidsHeight: [[98, 110], [111, 122], [123, 134], [135, 146], [147, 158]],
  kidsChest: [[52, 56], [57, 61], [62, 67], [68, 73], [74, 79]],
  kidsWaist: [[50, 52], [53, 55], [56, 59], [60, 63], [64, 67]],
  kidsHip: [[55, 59], [60, 65], [66, 71], [72, 77], [78, 83]],
} as const satisfies Record<string, Cells>;

/** The charts every store starts with, until an admin edits one (business-rules.md says whence). */
export const DEFAULT_SIZE_CHARTS: Record<Category, Record<SizeChartKind, SizeChartRow[]>> = {
  Men: {
    tops: chart(CLOTHES, [BODY.menChest, BODY.menWaist]),
    bottoms: chart(CLOTHES, [BODY.menWaist, BODY.menHip, [74, 76, 78, 79, 80]]),
    'full-outfit': chart(CLOTHES, [BODY.menChest, BODY.menWaist, BODY.menHip]),
    shoes: chart(SHOES, [
      [40, 40.5, 41, 42, 42.5, 43, 44, 44.5, 45, 45.5, 46, 47, 47.5],
      [25, 25.5, 26, 26.5, 27, 27.5, 28, 28.5, 29, 29.5, 30, 30.5, 31],
    ]),
  },
  Women: {
    tops: chart(CLOTHES, [BODY.womenBust, BODY.womenWaist]),
    bottoms: chart(CLOTHES, [BODY.womenWaist, BODY.womenHip, [70, 71, 72, 73, 74]]),
    'full-outfit': chart(CLOTHES, [BODY.womenBust, BODY.womenWaist, BODY.womenHip]),
    shoes: chart(SHOES, [
      [38, 38.5, 39, 40, 40.5, 41, 42, 42.5, 43, 44, 44.5, 45, 45.5],
      [24, 24.5, 25, 25.5, 26, 26.5, 27, 27.5, 28, 28.5, 29, 29.5, 30],
    ]),
  },
  Kids: {
    tops: chart(CLOTHES, [BODY.kidsAge, BODY.kidsHeight, BODY.kidsChest]),
    bottoms: chart(CLOTHES, [BODY.kidsAge, BODY.kidsHeight, BODY.kidsWaist, BODY.kidsHip]),
    'full-outfit': chart(CLOTHES, [BODY.kidsAge, BODY.kidsHeight, BODY.kidsChest, BODY.kidsWaist]),
    // Children's shoe sizes (US 7C to 13C), as the preset names them.
    shoes: chart(SHOES, [
      [23.5, 24, 25, 25.5, 26, 26.5, 27, 27.5, 28, 28.5, 29.5, 30, 31],
      [13, 13.5, 14, 14.5, 15, 15.5, 16, 16.5, 17, 17.5, 18, 18.5, 19],
    ]),
  },
};
