import { z } from 'zod';
import { LIMITS, LOCALE, LOW_STOCK_MAX, SNEAKER_SIZES, STOCK_QUANTITY_MAX } from '../constants.ts';
import { BarcodeSchema, SKU_MESSAGES, SkuSchema } from './catalogue-csv.ts';

/** The most stock levels a product can have: each of its variations in each of its sizes. */
export const STOCK_LEVELS_MAX = LIMITS.variationsMax * SNEAKER_SIZES.length;

const MAX_TEXT = STOCK_QUANTITY_MAX.toLocaleString(LOCALE);

export const STOCK_MESSAGES = {
  quantity: `Enter a whole number from 0 to ${MAX_TEXT}`,
  delta: `Enter a whole number from -${MAX_TEXT} to ${MAX_TEXT}`,
  expected: 'Enter the quantity you saw, a whole number from 0',
  changeForm: 'Send a delta, or a quantity with the quantity you saw as expected',
  nothingToChange: 'Nothing to change',
  needsTracking: 'Turn stock tracking on to set quantities',
  notTracked: 'This product does not track stock',
  listedTwice: 'This variation and size is listed twice',
  unknownVariation: 'Unknown variation',
  unknownSize: 'Unknown size',
  stockField: 'Stock must be JSON: { "trackStock", "quantities" }',
  cartShort: 'Some items in your cart are no longer available in that quantity',
  restoreShort: 'Not enough stock to restore the cancelled product(s)',
  changeRefused: 'The stock is not what this change expects. Please review it and try again.',
  resizedWithChanges:
    'The stock changes are for the sizes the product has now: save or discard them before changing its sizes.',
} as const;

/** Stock totals from `min` to `max`, both included; no `max`, no upper end. */
export interface StockTotalRange {
  min: number;
  max?: number;
}
export const STOCK_FILTER_NAMES = [
  'tracked',
  'untracked',
  'low',
  'soldOut',
  'sizeLow',
  'sizeSoldOut',
] as const;
export type StockFilter = (typeof STOCK_FILTER_NAMES)[number];
export type TotalStockFilter = 'tracked' | 'untracked' | 'low' | 'soldOut';
export type CellStockFilter = Exclude<StockFilter, TotalStockFilter>;
/**
 * The back office's products table filters by stock. These keep the products whose total is in
 * the filter's range (null: those that do not track stock). Its badges read the same ranges.
 */
export const STOCK_FILTERS: Record<TotalStockFilter, StockTotalRange | null> = {
  tracked: { min: 0 },
  untracked: null,
  low: { min: 1, max: LOW_STOCK_MAX },
  soldOut: { min: 0, max: 0 },
};
/**
 * These keep the tracked products with at least one variation in one size (a cell of the stock
 * grid) in the range, whatever the total: Navy L at 0 beside 40 others is "A size sold out".
 * A product sold out whole has every size sold out, so it is among them too.
 */
export const CELL_STOCK_FILTERS: Record<CellStockFilter, StockTotalRange> = {
  sizeLow: { min: 1, max: LOW_STOCK_MAX },
  sizeSoldOut: { min: 0, max: 0 },
};
export const isCellStockFilter = (filter: StockFilter): filter is CellStockFilter =>
  filter in CELL_STOCK_FILTERS;

const within = (total: number, range: StockTotalRange) =>
  total >= range.min && (range.max === undefined || total <= range.max);

/** Where one variation in one size stands: sold out, low or in stock. */
export function cellStateOf(quantity: number): Exclude<StockState, 'untracked'> {
  if (within(quantity, CELL_STOCK_FILTERS.sizeSoldOut)) return 'soldOut';
  return within(quantity, CELL_STOCK_FILTERS.sizeLow) ? 'low' : 'inStock';
}

export type StockState = 'untracked' | 'soldOut' | 'low' | 'inStock';
/** Where a product's stock stands as a whole, from its total (null: not tracked). */
export function stockStateOf(total: number | null): StockState {
  if (total === null) return 'untracked';
  if (within(total, STOCK_FILTERS.soldOut!)) return 'soldOut';
  return within(total, STOCK_FILTERS.low!) ? 'low' : 'inStock';
}

/** A variation by name, '' for a product without variations. */
const StockVariationSchema = z.string({ message: 'Name a variation' }).max(LIMITS.productNameMax);
/** A size, '' for a product without sizes. */
const StockSizeSchema = z.string({ message: 'Name a size' }).max(20);

export const StockQuantitySchema = z
  .number({ message: STOCK_MESSAGES.quantity })
  .int({ message: STOCK_MESSAGES.quantity })
  .min(0, { message: STOCK_MESSAGES.quantity })
  .max(STOCK_QUANTITY_MAX, { message: STOCK_MESSAGES.quantity });

const StockDeltaSchema = z
  .number({ message: STOCK_MESSAGES.delta })
  .int({ message: STOCK_MESSAGES.delta })
  .min(-STOCK_QUANTITY_MAX, { message: STOCK_MESSAGES.delta })
  .max(STOCK_QUANTITY_MAX, { message: STOCK_MESSAGES.delta });

/** Any quantity the store may hold: returns of cancelled lines can take it past the admin's maximum. */
const ExpectedQuantitySchema = z
  .number({ message: STOCK_MESSAGES.expected })
  .int({ message: STOCK_MESSAGES.expected })
  .min(0, { message: STOCK_MESSAGES.expected })
  .max(2_147_483_647, { message: STOCK_MESSAGES.expected });

/** Refuses a variation and size named twice in one list. */
function onceEach(list: { variation: string; size: string }[], ctx: z.RefinementCtx, field?: string) {
  const seen = new Set<string>();
  for (const [i, item] of list.entries()) {
    const key = JSON.stringify([item.variation, item.size]);
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.listedTwice, path: field ? [field, i] : [i] });
    seen.add(key);
  }
}

/**
 * The multipart `stock` field of `POST /product/add`, once read as JSON: whether the product
 * tracks stock and, if so, its quantities (a variation and size left out has none).
 */
export const ProductStockInputSchema = z
  .strictObject({
    trackStock: z.boolean({ message: 'trackStock must be true or false' }),
    quantities: z
      .array(
        z.strictObject({
          variation: StockVariationSchema,
          size: StockSizeSchema,
          quantity: StockQuantitySchema,
        }),
      )
      .max(STOCK_LEVELS_MAX)
      .default([]),
  })
  .superRefine((input, ctx) => {
    onceEach(input.quantities, ctx, 'quantities');
    if (!input.trackStock && input.quantities.length > 0) {
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.needsTracking, path: ['quantities'] });
    }
  });
export type ProductStockInput = z.infer<typeof ProductStockInputSchema>;

/**
 * One change of `PATCH /product/stock/{id}`: relative (`delta`, added, never below zero), or
 * absolute (`quantity`), applied only if the stock is still the `expected` quantity the admin saw.
 */
export const StockChangeSchema = z
  .strictObject({
    variation: StockVariationSchema,
    size: StockSizeSchema,
    delta: StockDeltaSchema.optional(),
    quantity: StockQuantitySchema.optional(),
    expected: ExpectedQuantitySchema.optional(),
  })
  .refine(
    (change) =>
      change.delta === undefined
        ? change.quantity !== undefined && change.expected !== undefined
        : change.quantity === undefined && change.expected === undefined,
    { message: STOCK_MESSAGES.changeForm },
  );
export type StockChange = z.infer<typeof StockChangeSchema>;

/** `PATCH /product/stock/{id}`: tracking on or off, and changes, all or none applied. */
export const StockUpdateSchema = z
  .strictObject({
    trackStock: z.boolean({ message: 'trackStock must be true or false' }).optional(),
    changes: z.array(StockChangeSchema).max(STOCK_LEVELS_MAX).default([]),
  })
  .superRefine((input, ctx) => {
    onceEach(input.changes, ctx, 'changes');
    if (input.trackStock === undefined && input.changes.length === 0) {
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.nothingToChange });
    }
    if (input.trackStock === false && input.changes.length > 0) {
      ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.needsTracking, path: ['changes'] });
    }
  });
export type StockUpdateInput = z.infer<typeof StockUpdateSchema>;

/**
 * `codes` of `PATCH /product/edit/{id}`: variations and sizes of the product, each with its SKU
 * and barcode (null: none) after the edit; a SKU given once (docs/business-rules.md, "SKUs and the
 * catalogue CSV").
 */
export const StockCodesSchema = z
  .array(
    z.strictObject({
      variation: StockVariationSchema,
      size: StockSizeSchema,
      sku: SkuSchema,
      barcode: BarcodeSchema.nullable(),
    }),
  )
  .max(STOCK_LEVELS_MAX)
  .superRefine((codes, ctx) => {
    onceEach(codes, ctx);
    const seen = new Set<string>();
    for (const [i, { sku }] of codes.entries()) {
      if (seen.has(sku)) ctx.addIssue({ code: 'custom', message: SKU_MESSAGES.twice, path: [i, 'sku'] });
      seen.add(sku);
    }
  });
export type StockCodes = z.infer<typeof StockCodesSchema>;

/** One variation and size's quantity, as product reads show it. */
export const StockLevelSchema = z.object({
  variation: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** The variation and size's SKU (docs/business-rules.md, "SKUs and the catalogue CSV"). */
  sku: z.string().optional(),
  /** Its EAN-13 or UPC-A barcode, null when it has none. */
  barcode: z.string().nullable().optional(),
});
export type StockLevel = z.infer<typeof StockLevelSchema>;
