import {
  ALL_SIZES,
  type CatalogueChange,
  LIMITS,
  CATALOGUE_CSV_MESSAGES as M,
  parseCentavos,
  SizesSchema,
  toDecimal,
  CATALOGUE_ZIP_MESSAGES as Z,
} from '@habi/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import type { NewStockLevel } from '../products/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import {
  cellKey,
  check,
  type Fail,
  fileOf,
  type Line,
  type ProductFields,
  type Row,
  readLines,
  readProductFields,
  readRows,
  urlOf,
} from './catalogue-csv.read.ts';
import type { ZipImage } from './catalogue-zip.ts';

type ProductRow = typeof products.$inferSelect;
type StockRow = typeof productStock.$inferSelect;

/** What a file does, worked out against the catalogue as one transaction reads it. */
export interface Plan {
  rows: number;
  changes: CatalogueChange[];
  errors: { row: number; message: string }[];
  updates: {
    id: string;
    set: Partial<ProductRow>;
    cells: { variation: string; size: string; set: Partial<StockRow> }[];
  }[];
  creates: { product: Omit<typeof products.$inferInsert, 'id'>; stock?: NewStockLevel[] }[];
}

/**
 * The catalogue the file names: stock rows by SKU, products by id, their stock rows; and the
 * SKUs the file moves off their cells (`freedSkus`).
 */
interface Catalogue {
  bySku: Map<string, StockRow>;
  freed: Set<string>;
  products: Map<string, ProductRow>;
  cellsOf: Map<string, Map<string, StockRow>>;
  /** The image cells' names the store has or the ZIP brings, to the file the store knows each by. */
  images: Map<string, string>;
  /** Why an image the ZIP brings cannot be used, by name. */
  imageErrors: Map<string, string>;
  /** Read from a ZIP: a name the CSV gives may be one of its files. */
  zip: boolean;
}

/** "Stock (Navy, M)": a variation and size's field as the changes name it. */
const cellField = (field: string, variation: string, size: string) => {
  const where = [variation, size].filter(Boolean).join(', ');
  return where ? `${field} (${where})` : field;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHUNK = 1000;

async function readCatalogue(
  db: Executor,
  store: ImageStore,
  lines: Line[],
  lock: boolean,
  zip: Map<string, ZipImage> | undefined,
): Promise<Catalogue> {
  const skus = [...new Set(lines.map((l) => l.cells.SKU.trim().toUpperCase()).filter(Boolean))];
  const keys = [...new Set(lines.map((l) => l.cells['Product key'].trim()).filter((k) => UUID.test(k)))];
  const bySku = new Map<string, StockRow>();
  for (let i = 0; i < skus.length; i += CHUNK) {
    const found = await db
      .select()
      .from(productStock)
      .where(inArray(productStock.sku, skus.slice(i, i + CHUNK)));
    for (const row of found) bySku.set(row.sku, row);
  }
  // In the order of their ids, as every transaction takes product locks.
  const ids = [...new Set([...keys, ...[...bySku.values()].map((row) => row.productId)])].sort();
  const known = new Map<string, ProductRow>();
  const cellsOf = new Map<string, Map<string, StockRow>>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const slice = ids.slice(i, i + CHUNK);
    const query = db.select().from(products).where(inArray(products.id, slice)).orderBy(asc(products.id));
    for (const row of await (lock ? query.for('update') : query)) known.set(row.id, row);
    for (const cell of await db.select().from(productStock).where(inArray(productStock.productId, slice))) {
      if (!cellsOf.has(cell.productId)) cellsOf.set(cell.productId, new Map());
      cellsOf.get(cell.productId)!.set(cellKey(cell.variation, cell.size), cell);
    }
  }
  const wanted = [
    ...new Set(
      lines.flatMap((l) => [l.cells.Image.trim(), l.cells['Variation image'].trim()]).filter(Boolean),
    ),
  ];
  const stored = wanted.length > 0 ? await store.stored(wanted) : new Set<string>();
  const images = new Map<string, string>();
  const imageErrors = new Map<string, string>();
  for (const name of wanted) {
    const fromZip = zip?.get(name);
    if (stored.has(name)) images.set(name, name);
    else if (fromZip && 'file' in fromZip) images.set(name, fromZip.file);
    else if (fromZip) imageErrors.set(name, fromZip.error);
  }
  return { bySku, freed: new Set(), products: known, cellsOf, images, imageErrors, zip: zip !== undefined };
}

/**
 * The SKUs the store has whose cell the file gives another SKU (on a row of the cell's product,
 * by its key): another row of the file may take them, so two cells can swap their SKUs.
 */
function freedSkus(groups: Map<string, Line[]>, catalogue: Catalogue): Set<string> {
  const given = new Map<string, string>();
  for (const [key, group] of groups) {
    if (!catalogue.products.has(key)) continue;
    for (const line of group) {
      const sku = line.cells.SKU.trim().toUpperCase();
      const cell = cellKey(line.cells.Variation.trim(), line.cells.Size.trim());
      if (sku) given.set(`${key} ${cell}`, sku);
    }
  }
  const freed = new Set<string>();
  for (const [sku, row] of catalogue.bySku) {
    const next = given.get(`${row.productId} ${cellKey(row.variation, row.size)}`);
    if (next !== undefined && next !== sku) freed.add(sku);
  }
  return freed;
}

/** A SKU another stock row keeps: one the file does not move off its cell. */
const heldElsewhere = (catalogue: Catalogue, sku: string) =>
  catalogue.bySku.has(sku) && !catalogue.freed.has(sku);

/** The rows of each product key, in the file's order; a SKU on one row only. */
function groupLines(lines: Line[], fail: Fail): Map<string, Line[]> {
  const groups = new Map<string, Line[]>();
  const skuRow = new Map<string, number>();
  for (const line of lines) {
    const key = line.cells['Product key'].trim();
    if (!key) fail(line.row, M.productKey);
    else groups.set(key, [...(groups.get(key) ?? []), line]);
    const sku = line.cells.SKU.trim().toUpperCase();
    const first = skuRow.get(sku);
    if (sku && first !== undefined) fail(line.row, `SKU: ${sku} is also on row ${first}`);
    else if (sku) skuRow.set(sku, line.row);
  }
  return groups;
}

/**
 * Reads the file against the catalogue: every change (field, old and new) and every row's
 * errors. Rows whose SKU the store has update that SKU's product; the rows of one product key
 * (the product's id in an exported file) go together, and a key the store does not know with no
 * known SKU adds a product. `lock`: the products read are locked for the caller's transaction.
 */
export async function planFile(
  db: Executor,
  store: ImageStore,
  csv: string,
  lock: boolean,
  zip?: Map<string, ZipImage>,
): Promise<Plan> {
  const lines = readLines(csv);
  const plan: Plan = { rows: lines.length, changes: [], errors: [], updates: [], creates: [] };
  const fail: Fail = (row, message) => plan.errors.push({ row, message });
  const catalogue = await readCatalogue(db, store, lines, lock, zip);
  const groups = groupLines(lines, fail);
  catalogue.freed = freedSkus(groups, catalogue);
  for (const [key, group] of groups) {
    const first = group[0]!;
    const owners = new Set(
      group.flatMap((l) => {
        const sku = l.cells.SKU.trim().toUpperCase();
        return heldElsewhere(catalogue, sku) ? [catalogue.bySku.get(sku)!.productId] : [];
      }),
    );
    const product =
      catalogue.products.get(key) ??
      (owners.size === 1 ? catalogue.products.get([...owners][0]!) : undefined);
    if (owners.size > 1 || (product && [...owners].some((id) => id !== product.id))) {
      fail(first.row, 'the SKUs of these rows belong to different products');
      continue;
    }
    const fields = readProductFields(group, product !== undefined, fail);
    const rows = readRows(group, fail);
    if (!fields || !rows) continue;
    if (product) planUpdate(plan, catalogue, product, fields, rows, fail);
    else planCreate(plan, catalogue, fields, rows, fail);
  }
  plan.errors.sort((a, b) => a.row - b.row);
  plan.changes.sort((a, b) => a.row - b.row);
  return plan;
}

/** An existing product's fields, and its stock rows' SKUs, barcodes and quantities. */
function planUpdate(
  plan: Plan,
  catalogue: Catalogue,
  product: ProductRow,
  fields: ProductFields,
  rows: Row[],
  fail: Fail,
) {
  const first = rows[0]!.line;
  const set: Partial<ProductRow> = {};
  const change = (field: string, old: string, next: string) =>
    plan.changes.push({ row: first.row, product: product.name, field, old, new: next });
  if (fields.name !== product.name) {
    set.name = fields.name;
    change('Name', product.name, fields.name);
  }
  if (fields.description !== product.description) {
    set.description = fields.description;
    change('Description', product.description, fields.description);
  }
  const centavos = parseCentavos(fields.price)!;
  if (centavos !== parseCentavos(product.price)) {
    set.price = toDecimal(centavos);
    change('Price', product.price, toDecimal(centavos));
  }
  if (fields.category !== product.category) {
    set.category = fields.category;
    change('Category', product.category ?? '', fields.category ?? '');
  }
  if (fields.subCategory !== product.subCategory) {
    set.subCategory = fields.subCategory;
    change('Subcategory', product.subCategory ?? '', fields.subCategory ?? '');
  }
  if (first.cells.Image.trim() && first.cells.Image.trim() !== fileOf(product.imageUrl)) {
    fail(first.row, 'Image: the images of an existing product change on its Edit Product page');
  }
  const cells = catalogue.cellsOf.get(product.id) ?? new Map<string, StockRow>();
  const variations = product.variations.length > 0 ? product.variations.map((v) => v.name) : [''];
  const sizes = product.sizes.length > 0 ? product.sizes : [''];
  const cellChanges: Plan['updates'][number]['cells'] = [];
  for (const entry of rows) {
    const { line, variation, size } = entry;
    if (!variations.includes(variation) || !sizes.includes(size)) {
      fail(line.row, M.shapeChanged);
      continue;
    }
    const cell = cells.get(cellKey(variation, size));
    if (!cell) {
      if (entry.sku || entry.barcode || entry.stock !== undefined) fail(line.row, M.notTracked);
      continue;
    }
    const cellSet: Partial<StockRow> = {};
    const cellChange = (field: string, old: string, next: string) =>
      plan.changes.push({
        row: line.row,
        product: product.name,
        field: cellField(field, variation, size),
        old,
        new: next,
      });
    if (entry.sku && entry.sku !== cell.sku) {
      if (heldElsewhere(catalogue, entry.sku)) fail(line.row, M.skuElsewhere(entry.sku));
      else {
        cellSet.sku = entry.sku;
        cellChange('SKU', cell.sku, entry.sku);
      }
    }
    if (entry.barcode !== cell.barcode) {
      cellSet.barcode = entry.barcode;
      cellChange('Barcode', cell.barcode ?? '', entry.barcode ?? '');
    }
    if (entry.stock !== undefined && entry.stock !== cell.quantity) {
      cellSet.quantity = entry.stock;
      cellChange('Stock', String(cell.quantity), String(entry.stock));
    }
    if (Object.keys(cellSet).length > 0) cellChanges.push({ variation, size, set: cellSet });
  }
  if (Object.keys(set).length > 0 || cellChanges.length > 0)
    plan.updates.push({ id: product.id, set, cells: cellChanges });
}

/** Why the rows cannot make a product (its variations and sizes, stock, images), or nothing. */
function shapeProblem(rows: Row[], catalogue: Catalogue): [number, string] | undefined {
  const first = rows[0]!.line.row;
  const taken = rows.find((r) => r.sku && heldElsewhere(catalogue, r.sku));
  if (taken) return [taken.line.row, M.skuElsewhere(taken.sku!)];
  const strange = rows.find((r) => r.size !== '' && !ALL_SIZES.includes(r.size));
  if (strange)
    return [
      strange.line.row,
      `Size: ${(check(SizesSchema.element, strange.size) as { error: string }).error}`,
    ];
  const variationNames = [...new Set(rows.map((r) => r.variation))];
  const sizeList = ALL_SIZES.filter((size) => rows.some((r) => r.size === size));
  const sizes = check(SizesSchema, sizeList);
  if ('error' in sizes) return [first, `Size: ${sizes.error}`];
  if (variationNames.length > LIMITS.variationsMax) return [first, M.tooManyVariations];
  if (variationNames.includes('') && variationNames.length > 1)
    return [first, 'Variation: name every variation of a product with variations'];
  if (rows.length !== variationNames.length * Math.max(sizeList.length, 1))
    return [first, 'every variation needs a row in every size of the product'];
  const tracked = rows.filter((r) => r.stock !== undefined).length;
  if (tracked !== 0 && tracked !== rows.length) return [first, M.stockMixed];
  if (tracked === 0 && rows.some((r) => r.sku || r.barcode))
    return [first, 'SKUs and barcodes belong to products that track stock: give each row its stock'];
  const image = rows[0]!.line.cells.Image.trim();
  if (!image) return [first, M.newImage];
  const missing = [image, ...rows.map((r) => r.line.cells['Variation image'].trim()).filter(Boolean)].find(
    (file) => !catalogue.images.has(file),
  );
  if (missing === undefined) return undefined;
  const error = catalogue.imageErrors.get(missing);
  return [
    first,
    error ? `Image: ${error}` : catalogue.zip ? Z.unknownImage(missing) : M.unknownImage(missing),
  ];
}

/** A new product from its rows: every variation in every size, tracking stock when they give it. */
function planCreate(plan: Plan, catalogue: Catalogue, fields: ProductFields, rows: Row[], fail: Fail) {
  const problem = shapeProblem(rows, catalogue);
  if (problem) {
    fail(...problem);
    return;
  }
  const image = rows[0]!.line.cells.Image.trim();
  const variationImage = (variation: string) =>
    rows
      .find((r) => r.variation === variation && r.line.cells['Variation image'].trim())
      ?.line.cells['Variation image'].trim() ?? image;
  const tracked = rows.every((r) => r.stock !== undefined);
  const units = rows.reduce((n, r) => n + (r.stock ?? 0), 0);
  const fileOfImage = (name: string) => catalogue.images.get(name)!;
  const fromZip = new Set(
    [image, ...rows.map((r) => r.line.cells['Variation image'].trim())].filter(
      (name) => name && fileOfImage(name) !== name,
    ),
  ).size;
  const described = [
    `${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`,
    ...(tracked ? [`${units} in stock`] : []),
    ...(fromZip > 0 ? [`${fromZip} ${fromZip === 1 ? 'image' : 'images'} from the ZIP file`] : []),
  ];
  plan.changes.push({
    row: rows[0]!.line.row,
    product: fields.name,
    field: 'New product',
    old: '',
    new: described.join(', '),
  });
  plan.creates.push({
    product: {
      name: fields.name,
      description: fields.description,
      price: toDecimal(parseCentavos(fields.price)!),
      category: fields.category,
      subCategory: fields.subCategory,
      imageUrl: urlOf(fileOfImage(image)),
      sizes: ALL_SIZES.filter((size) => rows.some((r) => r.size === size)),
      variations: [...new Set(rows.map((r) => r.variation))]
        .filter(Boolean)
        .map((name) => ({ name, imageUrl: urlOf(fileOfImage(variationImage(name))) })),
      trackStock: tracked,
    },
    ...(tracked
      ? {
          stock: rows.map((r) => ({
            variation: r.variation,
            size: r.size,
            quantity: r.stock!,
            ...(r.sku ? { sku: r.sku } : {}),
            barcode: r.barcode,
          })),
        }
      : {}),
  });
}
