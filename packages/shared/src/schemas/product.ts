import { z } from 'zod';
import {
  ALL_SIZES,
  CATEGORIES,
  LIMITS,
  PRICE_MAX_CENTAVOS,
  type ProductSort,
  SIZE_PRESETS,
  SUBCATEGORIES,
} from '../constants.ts';
import { formatPHP, parseCentavos } from '../money.ts';
import { SizeChartRowsSchema } from '../size-charts.ts';
import {
  listQuerySchema,
  multiLineText,
  PageSizeSchema,
  SearchTextSchema,
  selectOptionText,
  singleLineText,
} from './common.ts';
import {
  ProductStockInputSchema,
  STOCK_FILTER_NAMES,
  STOCK_MESSAGES,
  StockCodesSchema,
  StockLevelSchema,
  StockUpdateSchema,
} from './stock.ts';

export const CategorySchema = z.enum(CATEGORIES, { message: 'Choose a category' });
export const SubCategorySchema = z.enum(SUBCATEGORIES, { message: 'Choose a subcategory' });
export const SizeSchema = z.enum(ALL_SIZES as [string, ...string[]], { message: 'Unknown size' });
/** A product's sizes are one of the presets, whole: the preset is read back from the count. */
export const SizesSchema = z
  .array(SizeSchema)
  .max(ALL_SIZES.length)
  .refine((sizes) => Object.values(SIZE_PRESETS).some((preset) => preset.join() === sizes.join()), {
    message: 'Choose a size preset',
  });

const DescriptionSchema = multiLineText()
  .trim()
  .min(1, { message: 'Too short!' })
  .min(LIMITS.descriptionMin, { message: 'Too short!' })
  .max(LIMITS.descriptionMax, { message: 'Description must not exceed to 1000 character(s)' });

const PRICE_TOO_HIGH = `Price must be at most ${formatPHP(PRICE_MAX_CENTAVOS, 'centavos')}`;
const withinPriceCap = (text: string) =>
  (parseCentavos(text.replace(/^\s*₱/, '')) ?? 0) <= PRICE_MAX_CENTAVOS;

/** Price as typed into the currency input, "₱1,299.00"; the form counts its characters. */
const PriceTextSchema = z
  .string()
  .min(1, { message: 'Too short' })
  .min(LIMITS.priceTextMin, { message: 'Too short' })
  .max(20, { message: 'Price is too long' })
  .refine(withinPriceCap, { message: PRICE_TOO_HIGH });

const SIZE_CHART_FIELD_MESSAGE = 'The size chart must be a list of rows';

/** Add Product form. Images are checked beside it (types and count). */
export const CreateProductFormSchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, { message: 'Required' })
    .min(LIMITS.productNameMin, { message: 'Too Short!' })
    .max(LIMITS.productNameMax, { message: 'Too Long!' }),
  desc: DescriptionSchema,
  price: PriceTextSchema,
});

/** Edit Product form. */
export const EditProductFormSchema = z.object({
  name: singleLineText()
    .trim()
    .min(LIMITS.productNameEditMin, { message: 'Too short!' })
    .max(LIMITS.productNameMax, { message: 'Too Long!' }),
  desc: DescriptionSchema,
  price: PriceTextSchema,
});

/** A price on the wire: decimal text without the currency symbol, positive. */
export const PriceInputSchema = z
  .string()
  .trim()
  .max(20, { message: 'Price is too long' })
  .refine((text) => (parseCentavos(text) ?? 0) > 0, { message: 'Enter a price above zero', abort: true })
  .refine(withinPriceCap, { message: PRICE_TOO_HIGH });

/** The text fields of the multipart `POST /product/add`. */
export const CreateProductFieldsSchema = z.strictObject({
  name: CreateProductFormSchema.shape.name,
  description: DescriptionSchema,
  price: PriceInputSchema,
  size: selectOptionText(SizesSchema, 'Choose a size preset'),
  category: selectOptionText(CategorySchema, 'Choose a category'),
  subCategory: selectOptionText(SubCategorySchema, 'Choose a subcategory'),
  variationsName: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return z
          .array(singleLineText().trim().min(1).max(LIMITS.productNameMax))
          .max(LIMITS.variationsMax)
          .parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Variation names must be a list of names' });
        return z.NEVER;
      }
    }),
  // Absent or empty: the product uses its category's size chart; JSON rows: its own chart.
  sizeChart: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text) return null;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: SIZE_CHART_FIELD_MESSAGE });
        return z.NEVER;
      }
      const parsed = SizeChartRowsSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: SIZE_CHART_FIELD_MESSAGE });
      return z.NEVER;
    }),
  // Absent: the product does not track stock and sells without limit.
  stock: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: STOCK_MESSAGES.stockField });
        return z.NEVER;
      }
      const parsed = ProductStockInputSchema.safeParse(json);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
      return z.NEVER;
    }),
});
export type CreateProductFields = z.infer<typeof CreateProductFieldsSchema>;

export const PRODUCT_EDIT_MESSAGES = {
  changed:
    'This product was changed by someone else after you opened it. Reload it to see their changes, then edit again.',
  unknownImage: 'Choose a new image or keep one this product already shows',
  missingUpload: 'No uploaded image has this number',
  unusedUpload: 'Every uploaded image must be used by the product or a variation',
  variationNamedTwice: 'Each variation needs a name of its own',
  variationName: 'Name the variation',
  productField: 'The product must be JSON in the form field "product"',
} as const;

/**
 * An image of Edit Product: the URL of an image the product shows now (kept, or moved to another
 * variation), or `{ upload: n }`, the n-th file of the multipart field `images`.
 */
export const EditImageSchema = z.union(
  [z.string().max(300), z.strictObject({ upload: z.number().int().min(0).max(LIMITS.variationsMax) })],
  { message: PRODUCT_EDIT_MESSAGES.unknownImage },
);
export type EditImage = z.infer<typeof EditImageSchema>;

/**
 * A variation as Edit Product sends it, in the order shown. A variation is known by its name:
 * a name the product has keeps that variation's stock; a new name is a new variation, its stock
 * starting at none in every size (set it with `stock` changes expecting 0); a name left out
 * removes that variation and its stock.
 */
export const EditVariationSchema = z.strictObject({
  name: singleLineText()
    .trim()
    .min(1, { message: PRODUCT_EDIT_MESSAGES.variationName })
    .max(LIMITS.productNameMax, { message: 'Too Long!' }),
  imageUrl: EditImageSchema,
});
export type EditVariation = z.infer<typeof EditVariationSchema>;

/**
 * `PATCH /product/edit/{id}`. With `stock` (the body of `PATCH /product/stock/{id}`), the stock
 * changes are saved with the product in one transaction, all or none, checked against the sizes
 * the product has after the edit; without it, the stock is left as it is.
 */
export const EditProductSchema = z.strictObject({
  updatedName: EditProductFormSchema.shape.name,
  updatedDescription: DescriptionSchema,
  updatedPrice: PriceInputSchema,
  updatedCategory: CategorySchema.nullable(),
  updatedSubcategory: SubCategorySchema.nullable(),
  updatedSizes: SizesSchema,
  stock: StockUpdateSchema.optional(),
  /**
   * SKUs and barcodes of the product's stock rows after the edit (its sizes and variations as
   * edited); the rows not listed keep theirs. Absent changes none.
   */
  codes: StockCodesSchema.optional(),
  /**
   * The product's own size chart (rows fitted to its category, type and sizes after the edit), or
   * null to use its category's; absent leaves it as it is.
   */
  sizeChart: SizeChartRowsSchema.nullable().optional(),
  /** The main image; absent leaves it. A new one comes as a file (multipart, see below). */
  imageUrl: EditImageSchema.optional(),
  /** Every variation after the edit, in order; absent leaves them as they are. */
  variations: z
    .array(EditVariationSchema)
    .max(LIMITS.variationsMax, { message: `At most ${LIMITS.variationsMax} variations` })
    .superRefine((variations, ctx) => {
      const seen = new Set<string>();
      for (const [i, { name }] of variations.entries()) {
        if (seen.has(name)) {
          ctx.addIssue({
            code: 'custom',
            message: PRODUCT_EDIT_MESSAGES.variationNamedTwice,
            path: [i, 'name'],
          });
        }
        seen.add(name);
      }
    })
    .optional(),
  /**
   * The product's `updatedAt` as the form read it: given, the edit is refused (409) if anyone
   * changed the product since, rather than overwrite their change.
   */
  seenUpdatedAt: z.iso
    .datetime({ offset: true, message: 'seenUpdatedAt must be a date and time' })
    .optional(),
});
export type EditProductInput = z.infer<typeof EditProductSchema>;

const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(10),
  );

/** `GET /product/all` filters and keyset paging; bare, the newest PAGE_SIZE_MAX products. */
export const ProductListQuerySchema = z.strictObject({
  category: queryList(CategorySchema),
  subCategory: queryList(SubCategorySchema),
  sort: z.enum(['relevant', 'asc', 'desc'] satisfies ProductSort[]).default('relevant'),
  q: SearchTextSchema.optional(),
  limit: PageSizeSchema,
  cursor: singleLineText().max(200).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
export type ProductListQueryInput = z.input<typeof ProductListQuerySchema>;
/**
 * `GET /product/admin-list`: the back office's products table, paged by offset and sorted by
 * name, date, price or stock total on the server (the storefront's keyset list sorts by price
 * only), and filtered by stock.
 */
export const AdminProductListQuerySchema = listQuerySchema(['name', 'createdAt', 'price', 'stock']).extend({
  stock: z.enum(STOCK_FILTER_NAMES).optional(),
});
export type AdminProductListQuery = z.infer<typeof AdminProductListQuerySchema>;

export const VariationSchema = z.object({ name: z.string(), imageUrl: z.string() });
export type Variation = z.infer<typeof VariationSchema>;

export const ProductSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  price: z.string(),
  category: z.string().nullable(),
  subCategory: z.string().nullable(),
  createdAt: z.string(),
  /** Units left over every variation and size; null when the product does not track stock. */
  stockTotal: z.number().int().nullable(),
  /** Tracks stock and has none left in any variation or size. */
  soldOut: z.boolean(),
  /**
   * The back office's list only, for a tracked product: how many variations in a size are sold
   * out, and how many low (1 to LOW_STOCK_MAX).
   */
  cellsSoldOut: z.number().int().optional(),
  cellsLow: z.number().int().optional(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductSchema = ProductSummarySchema.extend({
  description: z.string(),
  size: z.array(z.string()),
  variations: z.array(VariationSchema),
  trackStock: z.boolean(),
  /** Each variation in each size (in the product's order), when the product tracks stock. */
  stock: z.array(StockLevelSchema).optional(),
  /** When the product last changed (not its stock): Edit Product sends it back as `seenUpdatedAt`. */
  updatedAt: z.string().optional(),
});
export type Product = z.infer<typeof ProductSchema>;
