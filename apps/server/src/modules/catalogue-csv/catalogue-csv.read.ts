import {
  BarcodeSchema,
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_LIMITS,
  type CatalogueCsvColumn,
  CategorySchema,
  CreateProductFieldsSchema,
  CreateProductFormSchema,
  EditProductFormSchema,
  CATALOGUE_CSV_MESSAGES as M,
  PriceInputSchema,
  SkuSchema,
  StockQuantitySchema,
  SubCategorySchema,
  unguardCell,
} from '@habi/shared';
import type { z } from 'zod';
import { parseCsv } from '../../lib/csv-parse.ts';
import { badInput } from '../../lib/errors.ts';

// Reading the catalogue file: its header, and each product's fields and rows as the shared
// schemas take them.

/** An image's file name as the file shows it ("<hash>-800.webp"), from its URL. */
export const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
export const urlOf = (file: string) => `/uploads/${file}`;
export const cellKey = (variation: string, size: string) => JSON.stringify([variation, size]);

/** One row under the header: its number as a spreadsheet shows it, and its cells by column. */
export interface Line {
  row: number;
  cells: Record<CatalogueCsvColumn, string>;
}

export type Fail = (row: number, message: string) => void;

/** The file's rows under a header of exactly the catalogue's columns (any order), or a 400. */
export function readLines(csv: string): Line[] {
  const records = parseCsv(csv);
  const [header, ...rest] = records;
  if (!header) throw badInput(M.empty, { csv: M.empty });
  const names = header.cells.map((cell) => unguardCell(cell).trim());
  const missing = CATALOGUE_CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((name) => !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name));
  const twice = names.filter((name, i) => names.indexOf(name) !== i);
  if (missing.length > 0 || unknown.length > 0 || twice.length > 0) {
    const found = [
      missing.length > 0 ? `missing: ${missing.join(', ')}` : '',
      unknown.length > 0 ? `not known: ${unknown.map((n) => n || '(empty)').join(', ')}` : '',
      twice.length > 0 ? `twice: ${twice.join(', ')}` : '',
    ].filter(Boolean);
    const message = `${M.columns} (${found.join('; ')})`;
    throw badInput(message, { csv: message });
  }
  if (rest.length === 0) throw badInput(M.noRows, { csv: M.noRows });
  if (rest.length > CATALOGUE_CSV_LIMITS.rows) throw badInput(M.tooManyRows, { csv: M.tooManyRows });
  return rest.map((record) => ({
    row: record.row,
    cells: Object.fromEntries(
      CATALOGUE_CSV_COLUMNS.map((column) => [column, unguardCell(record.cells[names.indexOf(column)] ?? '')]),
    ) as Record<CatalogueCsvColumn, string>,
  }));
}

/** The value a shared schema makes of a cell, or its first message. */
export function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: z.output<T> } | { error: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Invalid' };
}

/** A product's fields as its first row gives them, checked. */
export interface ProductFields {
  name: string;
  description: string;
  price: string;
  category: (typeof CategorySchema)['_output'] | null;
  subCategory: (typeof SubCategorySchema)['_output'] | null;
}

/**
 * The product's fields from its first row (another row leaves a cell empty or repeats it),
 * checked with the shared schemas: an existing product's name as Edit Product takes it, a new
 * one's as Add Product does. Null when any is refused (each refusal told to `fail`).
 */
export function readProductFields(group: Line[], existing: boolean, fail: Fail): ProductFields | null {
  const first = group[0]!;
  // Product fields: from the first row; another row leaves a cell empty or repeats it.
  const fields = ['Name', 'Description', 'Category', 'Subcategory', 'Price', 'Image'] as const;
  let consistent = true;
  for (const line of group.slice(1)) {
    for (const field of fields) {
      const cell = line.cells[field];
      if (cell.trim() !== '' && cell.trim() !== first.cells[field].trim()) {
        fail(line.row, M.differs(field, first.row));
        consistent = false;
      }
    }
  }
  if (!consistent) return null;
  const name = check(
    existing ? EditProductFormSchema.shape.name : CreateProductFormSchema.shape.name,
    first.cells.Name,
  );
  const description = check(CreateProductFieldsSchema.shape.description, first.cells.Description);
  const price = check(PriceInputSchema, first.cells.Price);
  const category = first.cells.Category.trim()
    ? check(CategorySchema, first.cells.Category.trim())
    : { ok: null };
  const subCategory = first.cells.Subcategory.trim()
    ? check(SubCategorySchema, first.cells.Subcategory.trim())
    : { ok: null };
  const named = {
    Name: name,
    Description: description,
    Price: price,
    Category: category,
    Subcategory: subCategory,
  };
  let valid = true;
  for (const [field, result] of Object.entries(named)) {
    if ('error' in result) {
      fail(first.row, `${field}: ${result.error}`);
      valid = false;
    }
  }

  if (!valid || 'error' in name || 'error' in description || 'error' in price) return null;
  if ('error' in category || 'error' in subCategory) return null;
  return {
    name: name.ok,
    description: description.ok,
    price: price.ok,
    category: category.ok,
    subCategory: subCategory.ok,
  };
}

/** A row's variation and size, and its SKU, barcode and stock as checked. */
export interface Row {
  line: Line;
  variation: string;
  size: string;
  sku?: string;
  barcode: string | null;
  stock?: number;
}

/** The product's rows, each checked; null when a variation and size is listed twice. */
export function readRows(group: Line[], fail: Fail): Row[] | null {
  let valid = true;
  const seen = new Map<string, number>();
  const rows: Row[] = [];
  for (const line of group) {
    const variation = line.cells.Variation.trim();
    const size = line.cells.Size.trim();
    const at = seen.get(cellKey(variation, size));
    if (at !== undefined) {
      fail(line.row, M.cellTwice(at));
      valid = false;
      continue;
    }
    seen.set(cellKey(variation, size), line.row);
    const entry: Row = { line, variation, size, barcode: null };
    if (line.cells.SKU.trim()) {
      const sku = check(SkuSchema, line.cells.SKU);
      if ('error' in sku) fail(line.row, `SKU: ${sku.error}`);
      else entry.sku = sku.ok;
    }
    if (line.cells.Barcode.trim()) {
      const barcode = check(BarcodeSchema, line.cells.Barcode);
      if ('error' in barcode) fail(line.row, `Barcode: ${barcode.error}`);
      else entry.barcode = barcode.ok;
    }
    const stockText = line.cells.Stock.trim();
    if (stockText) {
      const stock = check(StockQuantitySchema, /^\d+$/.test(stockText) ? Number(stockText) : stockText);
      if ('error' in stock) fail(line.row, `Stock: ${stock.error}`);
      else entry.stock = stock.ok;
    }
    rows.push(entry);
  }
  return valid ? rows : null;
}
