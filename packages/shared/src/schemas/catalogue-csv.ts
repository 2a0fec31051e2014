import { z } from 'zod';
import { LIMITS, UPLOAD_MAX_BYTES } from '../constants.ts';
import { singleLineText } from './common.ts';

/**
 * SKUs, barcodes and the catalogue as a CSV file (docs/business-rules.md, "SKUs and the
 * catalogue CSV"): every variation and size a tracked product sells has a SKU unique in the
 * store and may have a barcode; the whole catalogue goes out as one CSV and comes back through a
 * dry run listing every change, then applied in one transaction.
 */

export const SKU_MAX = 40;

export const SKU_MESSAGES = {
  format: `A SKU is 1 to ${SKU_MAX} letters, digits, dots, dashes or underscores`,
  taken: 'This SKU is already used by another product',
  twice: 'This SKU is given twice',
  barcode: 'A barcode is 12 digits (UPC-A) or 13 digits (EAN-13) with the right check digit',
} as const;

/** Upper case, so "polo-m" and "POLO-M" are one SKU. */
export const SkuSchema = z
  .string({ message: SKU_MESSAGES.format })
  .trim()
  .toUpperCase()
  .regex(new RegExp(`^[A-Z0-9][A-Z0-9._-]{0,${SKU_MAX - 1}}$`), { message: SKU_MESSAGES.format });

/**
 * The GS1 check digit of an EAN-13 or UPC-A code: from the right, the digits before the check
 * digit weigh 3, 1, 3, ... and the check digit brings their sum to a multiple of 10.
 */
export function isValidBarcode(code: string): boolean {
  if (!/^(\d{12}|\d{13})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

export const BarcodeSchema = z
  .string({ message: SKU_MESSAGES.barcode })
  .trim()
  .refine(isValidBarcode, { message: SKU_MESSAGES.barcode });

/** Words of a SKU: letters without their accents ("Piña" is PINA), digits; the rest separate words. */
function skuWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/**
 * The SKU a variation and size gets when none is given: the product name's first words, the
 * variation and the size ("CLASSIC-POLO-NAVY-M"), made unique by `uniqueSku`. Migration 0032
 * wrote the same for the stock rows it found (its accents from a fixed list).
 */
export function skuBase(productName: string, variation: string, size: string): string {
  const name = skuWords(productName).join('-').slice(0, 20).replace(/-+$/, '') || 'ITEM';
  const parts = [name, skuWords(variation).join('').slice(0, 10), skuWords(size).join('')].filter(Boolean);
  return parts.join('-').slice(0, SKU_MAX - 6);
}

/**
 * `base`, or `base.2`, `base.3`... : the first that `taken` does not have. A made base has no dot,
 * so a numbered SKU is never another product's base.
 */
export function uniqueSku(base: string, taken: (sku: string) => boolean): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) if (!taken(`${base}.${n}`)) return `${base}.${n}`;
}

/** The columns of the catalogue CSV, in order; an import must have exactly these (any order). */
export const CATALOGUE_CSV_COLUMNS = [
  'Product key',
  'Name',
  'Description',
  'Category',
  'Subcategory',
  'Price',
  'Variation',
  'Size',
  'SKU',
  'Barcode',
  'Stock',
  'Image',
  'Variation image',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** The largest file and the most rows under its header one import may have. */
export const CATALOGUE_CSV_LIMITS = { bytes: 4 * 1024 * 1024, rows: 5000 } as const;
/** The routes' body limit: the file as JSON text, with room for its escaped quotes and line breaks. */
export const CATALOGUE_CSV_BODY_LIMIT = CATALOGUE_CSV_LIMITS.bytes * 2;

export const CATALOGUE_CSV_MESSAGES = {
  empty: 'Choose a CSV file',
  tooLarge: `The file is larger than ${CATALOGUE_CSV_LIMITS.bytes / 1024 / 1024} MB: split it into files of fewer rows`,
  tooManyRows: `The file has more than ${CATALOGUE_CSV_LIMITS.rows.toLocaleString('en-PH')} rows: split it into smaller files`,
  noRows: 'The file has a header but no rows',
  columns: `The columns must be: ${CATALOGUE_CSV_COLUMNS.join(', ')}`,
  changed:
    'The catalogue changed since the dry run (someone edited these products or their stock). Check the file again to see the changes as they are now.',
  hasErrors: 'Fix the rows with errors, then check the file again: nothing was changed',
  nothing: 'Nothing to change: the catalogue already matches the file',
  productKey: 'Give a product key (the same on every row of one product)',
  differs: (field: string, row: number) => `${field} differs from row ${row} of the same product`,
  cellTwice: (row: number) => `this variation and size is already on row ${row}`,
  newImage: 'A new product needs its image: a file name the store has (see an exported file)',
  unknownImage: (name: string) => `no image named "${name}" in the store`,
  skuElsewhere: (sku: string) => `the SKU ${sku} belongs to another product`,
  shapeChanged: 'the variations and sizes of an existing product change on its Edit Product page, not by CSV',
  stockMixed: 'give a stock on every row of a product to track its stock, or on none',
  notTracked: 'this product does not track stock: turn tracking on in the back office first',
  tooManyVariations: `a product has at most ${LIMITS.variationsMax} variations`,
} as const;

/**
 * A catalogue ZIP (new products with their photos): one CSV of the catalogue's columns beside
 * the images its Image and Variation image cells name, by their path from the CSV's folder or by
 * their file name alone. At most `bytes` in all and `files` files; each image at most an upload's
 * size (UPLOAD_MAX_BYTES), and the images it names at most `unpacked` bytes together.
 */
export const CATALOGUE_ZIP_LIMITS = {
  bytes: 50 * 1024 * 1024,
  files: 1000,
  unpacked: 200 * 1024 * 1024,
} as const;

export const CATALOGUE_ZIP_MESSAGES = {
  tooLarge: `The ZIP file is larger than ${CATALOGUE_ZIP_LIMITS.bytes / 1024 / 1024} MB: split the products into smaller files`,
  tooManyFiles: `The ZIP file holds more than ${CATALOGUE_ZIP_LIMITS.files.toLocaleString('en-PH')} files: split the products into smaller files`,
  unreadable:
    'The ZIP file could not be read: make it again with your computer\'s "Compress" or "Send to ZIP"',
  oneCsv: 'The ZIP file must hold one CSV file (the catalogue) beside its images',
  tooManyPhotos: `The photos the CSV names come to more than ${CATALOGUE_ZIP_LIMITS.unpacked / 1024 / 1024} MB unpacked: split the products into smaller files`,
  csvTooLarge: `The ZIP's CSV file is larger than ${CATALOGUE_CSV_LIMITS.bytes / 1024 / 1024} MB: split it into files of fewer rows`,
  unknownImage: (name: string) => `no image named "${name}" in the ZIP file or the store`,
  imageTooLarge: (name: string) => `"${name}" is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  notImage: (name: string) => `"${name}" is not a PNG, JPEG or SVG image`,
  unreadableImage: (name: string) => `"${name}" could not be read from the ZIP file`,
  unreadableImageData: (name: string) => `"${name}" could not be read as an image`,
  /** The multipart form of `POST /admin/catalogue/zip(/check)`. */
  noFile: 'Choose a ZIP file',
} as const;

/** The file's text, as read in the browser (UTF-8, a BOM and CRLF line ends allowed). */
const CatalogueCsvTextSchema = z
  .string({ message: CATALOGUE_CSV_MESSAGES.empty })
  .min(1, { message: CATALOGUE_CSV_MESSAGES.empty })
  .max(CATALOGUE_CSV_LIMITS.bytes, { message: CATALOGUE_CSV_MESSAGES.tooLarge });

/** `POST /admin/catalogue/csv/check`: the dry run, which changes nothing. */
export const CatalogueCsvCheckSchema = z.strictObject({ csv: CatalogueCsvTextSchema });
export type CatalogueCsvCheckInput = z.input<typeof CatalogueCsvCheckSchema>;

/**
 * `POST /admin/catalogue/csv`: the same file with its dry run's `token`. When the catalogue's
 * rows the file touches changed since, nothing is written (409).
 */
const DryRunTokenSchema = singleLineText().min(1).max(100);
export const CatalogueCsvApplySchema = z.strictObject({
  csv: CatalogueCsvTextSchema,
  token: DryRunTokenSchema,
});
export type CatalogueCsvApplyInput = z.input<typeof CatalogueCsvApplySchema>;

/**
 * The text fields of a catalogue ZIP's multipart form (its file is `file`): none for the dry run
 * (`POST /admin/catalogue/zip/check`), the dry run's `token` to apply it (`POST /admin/catalogue/zip`).
 */
export const CatalogueZipCheckFieldsSchema = z.strictObject({});
export const CatalogueZipApplyFieldsSchema = z.strictObject({ token: DryRunTokenSchema });

/** One change the file makes: a field of a product or of a variation and size, old to new. */
export const CatalogueChangeSchema = z.object({
  row: z.number().int(),
  /** The product's name (the new one for a product the file adds). */
  product: z.string(),
  /** "Price", "Stock (Navy, M)", "New product"... */
  field: z.string(),
  old: z.string(),
  new: z.string(),
});
export type CatalogueChange = z.infer<typeof CatalogueChangeSchema>;

export const CatalogueCsvReportSchema = z.object({
  message: z.string(),
  /** Rows read under the header. */
  rows: z.number().int(),
  changes: z.array(CatalogueChangeSchema),
  /** "row 14: Price: Enter a price above zero", in row order; any of them stops the apply. */
  errors: z.array(z.string()),
  /** What `POST /admin/catalogue/csv` sends back to apply exactly these changes. */
  token: z.string(),
  /** Products added and changed (0 for a dry run). */
  applied: z.object({ created: z.number().int(), updated: z.number().int() }),
});
export type CatalogueCsvReport = z.infer<typeof CatalogueCsvReportSchema>;

/**
 * A cell as the file holds it, back to the text it was: the CSV writer puts an apostrophe before
 * a cell a spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return), and the
 * export one more before a text that already began with apostrophes and then one of those, so
 * that reading takes exactly one off.
 */
export function unguardCell(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
/** The export's side of `unguardCell`: the CSV writer adds the rest. */
export function guardCell(text: string): string {
  return /^'+[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
