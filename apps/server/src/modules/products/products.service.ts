import {
  type CreateProductFields,
  type EditProductInput,
  LIMITS,
  type Product,
  parseCentavos,
  SIZE_CHART_MESSAGES,
  type SizeChartRow,
  STOCK_MESSAGES,
  type StockLevel,
  type StockUpdateInput,
  sizeChartRowsSchema,
  sizeChartSlotFor,
  stockNowMessage,
  toDecimal,
} from '@habi/shared';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, productStock, products, type VariationRecord } from '../../db/schema.ts';
import { badInput, conflict, fieldErrors, notFound } from '../../lib/errors.ts';
import type { AuditRead, Recorder } from '../audit/index.ts';
import {
  assertImage,
  type ImageStore,
  type PreparedImage,
  prepareImage,
  putImage,
} from '../uploads/index.ts';
import { type EditUploads, mediaChange } from './product-media.ts';
import { type ProductRow, toProduct } from './product-views.ts';
import { changeStock, fitStock, setStockCodes, unsoldErrors } from './stock.service.ts';

// One product: read, added, edited, its stock changed, deleted; all but the read are the back office's.

/** Prices are validated text; stored normalised ("1,299.5" -> "1299.50"). */
function normalisePrice(text: string): string {
  const centavos = parseCentavos(text);
  if (centavos === null || centavos <= 0)
    throw badInput('Enter a price above zero', { price: 'Enter a price above zero' });
  return toDecimal(centavos);
}

/**
 * A product's own size chart, checked against the chart its category, type and sizes call for
 * (shared `sizeChartRowsSchema`); a 400 naming each cell refused (`sizeChart.<row>.values.<column>`).
 */
function fitOwnChart(
  product: { category: string | null; subCategory: string | null; sizes: string[] },
  rows: SizeChartRow[] | null,
): SizeChartRow[] | null {
  if (rows === null) return null;
  const slot = sizeChartSlotFor({ ...product, size: product.sizes });
  if (!slot) throw badInput(SIZE_CHART_MESSAGES.noChart, { sizeChart: SIZE_CHART_MESSAGES.noChart });
  const parsed = sizeChartRowsSchema(slot.category, slot.kind).safeParse(rows);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(
    parsed.error.issues.map((issue) => ({ ...issue, path: ['sizeChart', ...issue.path] })),
  );
  throw badInput(Object.values(errors)[0]!, errors);
}

export async function readProduct(db: Executor, id: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product not found');
  return toProduct(db, row);
}

export interface NewProduct {
  name: string;
  description: string;
  price: string;
  imageUrl: string;
  category: string | null;
  subCategory: string | null;
  sizes: string[];
  variations: VariationRecord[];
  bestRank?: number;
  createdAt?: string;
  /** Its own size chart; absent or null, its category's. */
  sizeChart?: SizeChartRow[] | null;
  /** Given, the product tracks stock: these quantities, none of any variation and size left out. */
  stock?: readonly StockLevel[];
}

export async function createProduct(db: Db, { stock, ...input }: NewProduct, record?: Recorder) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        ...input,
        price: normalisePrice(input.price),
        sizeChart: fitOwnChart(input, input.sizeChart ?? null),
        trackStock: stock !== undefined,
      })
      .returning();
    if (stock) await fitStock(tx, row!.id, row!, stock);
    await record?.(tx, { action: 'create', id: row!.id, after: await auditedProduct(tx, row!.id) });
    return row!;
  });
}

/**
 * The back office's Add Product: the form's fields, one main image and one image per
 * variation name. Every image is checked and re-encoded before anything is written; the row is
 * written first and the images after, and if storing them fails the row is taken back, so the
 * store ends with the whole product or none of it.
 */
export async function addProduct(
  db: Db,
  images: ImageStore,
  fields: CreateProductFields,
  files: { main: Buffer[]; variations: Buffer[] },
  record: Recorder,
): Promise<Product> {
  const [main, ...extra] = files.main;
  if (!main) throw badInput('Add a product image', { imageUrl: 'Add a product image' });
  if (extra.length > 0) throw badInput('Choose one main image', { imageUrl: 'Choose one main image' });
  if (files.variations.length > LIMITS.variationsMax) {
    throw badInput(`At most ${LIMITS.variationsMax} variation images`, { varImgUrls: 'Too many images' });
  }
  if (fields.variationsName.length !== files.variations.length) {
    const message = 'Give one variation name for each variation image';
    throw badInput(message, { variationsName: message });
  }
  const sizes = fields.size ?? [];
  const quantities = fields.stock?.quantities ?? [];
  const unsold = unsoldErrors(
    { variations: fields.variationsName.map((name) => ({ name })), sizes },
    quantities,
    'stock.quantities',
  );
  if (Object.keys(unsold).length > 0) throw badInput(Object.values(unsold)[0]!, unsold);
  // The chart is checked before any image is decoded, as the other fields are.
  fitOwnChart({ ...fields, sizes }, fields.sizeChart);
  // Every file's type is checked before any is decoded, the cheap refusal first.
  for (const file of [main, ...files.variations]) assertImage(file);
  const prepared: PreparedImage[] = [];
  for (const file of [main, ...files.variations]) prepared.push(await prepareImage(images, file));
  const row = await createProduct(
    db,
    {
      name: fields.name,
      description: fields.description,
      price: fields.price,
      imageUrl: prepared[0]!.url,
      category: fields.category,
      subCategory: fields.subCategory,
      sizes,
      variations: fields.variationsName.map((name, i) => ({ name, imageUrl: prepared[i + 1]!.url })),
      sizeChart: fields.sizeChart,
      ...(fields.stock?.trackStock ? { stock: quantities } : {}),
    },
    record,
  );
  try {
    for (const image of prepared) await putImage(images, image);
  } catch (error) {
    // Taken back, and the log says so beside its creation.
    await db.transaction(async (tx) => {
      await tx.delete(products).where(eq(products.id, row.id));
      await record(tx, { action: 'delete', id: row.id });
    });
    throw error;
  }
  return toProduct(db, row);
}

/**
 * The Edit Product form, and with `stock` the Stock card's changes and with `codes` its SKUs and
 * barcodes, in one transaction: all or none. A tracked product's stock follows its new sizes and variations (new ones start at none,
 * removed ones' rows go); the stock changes are then checked against them. `uploads`: the new
 * images the edit names by number, stored before it commits (product-media.ts). Answers the
 * product and the images it no longer shows, to remove once committed.
 */
export async function updateProduct(
  db: Db,
  id: string,
  input: EditProductInput,
  uploads?: EditUploads,
): Promise<{ product: Product; replaced: string[] }> {
  return db.transaction(async (tx) => {
    // Locked first: images kept and `seenUpdatedAt` are checked against the product as it is.
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Product not found');
    const media = mediaChange(before, input, uploads?.urls ?? []);
    const [row] = await tx
      .update(products)
      .set({
        name: input.updatedName,
        description: input.updatedDescription,
        price: normalisePrice(input.updatedPrice),
        category: input.updatedCategory,
        subCategory: input.updatedSubcategory,
        sizes: input.updatedSizes,
        ...(input.sizeChart === undefined ? {} : { sizeChart: input.sizeChart }),
        ...media.set,
      })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound('Product not found');
    // Its own chart, sent or kept, must fit the product as edited (a new type or sizes call for
    // another chart): refused, the edit is rolled back whole.
    fitOwnChart(row, row.sizeChart);
    if (row.trackStock && media.removed.length > 0) await releaseHeld(tx, id, media.removed);
    if (row.trackStock) await fitStock(tx, id, row);
    // The update holds the product's row: the stock is changed as under updateStock's lock.
    const trackStock = input.stock ? await applyStock(tx, row, input.stock, 'stock.changes') : row.trackStock;
    if (input.codes && input.codes.length > 0) {
      if (!trackStock) throw conflict(STOCK_MESSAGES.notTracked, { codes: STOCK_MESSAGES.notTracked });
      await setStockCodes(tx, row, input.codes, 'codes');
    }
    await uploads?.store();
    return { product: await toProduct(tx, { ...row, trackStock }), replaced: media.replaced };
  });
}

/**
 * Ordered lines of removed variations hold no stock any more: their rows are gone, and a
 * variation added again later under the name starts afresh. Lines before stock rows, as the
 * order status changes lock them.
 */
async function releaseHeld(tx: Executor, id: string, variations: string[]) {
  await tx
    .update(orderItems)
    .set({ stockHeld: false })
    .where(
      and(
        eq(orderItems.productId, id),
        eq(orderItems.stockHeld, true),
        inArray(orderItems.variation, variations),
      ),
    );
}

/**
 * The back office's stock changes, all or none in one transaction. Turning tracking on gives
 * every variation and size a row at none; turning it off drops the rows, and what ordered lines
 * held of them (cancelling those lines gives nothing back). Changes run as conditional updates,
 * so a checkout at the same moment is never counted twice or taken below zero.
 */
export async function updateStock(db: Db, id: string, input: StockUpdateInput): Promise<Product> {
  return db.transaction(async (tx) => {
    // Tracking on or off replaces the rows checkouts take from: it locks the product against
    // them (each holds it shared) and waits for those under way. Quantity changes alone share
    // it and run beside them.
    const [row] = await tx
      .select()
      .from(products)
      .where(eq(products.id, id))
      .for(input.trackStock === undefined ? 'share' : 'update');
    if (!row) throw notFound('Product not found');
    const trackStock = await applyStock(tx, row, input, 'changes');
    return toProduct(tx, { ...row, trackStock });
  });
}

/**
 * A stock update of the product `row`, locked by the caller's transaction; `field` names the
 * changes in refusals (`<field>.<i>`). Answers whether the product now tracks stock.
 */
async function applyStock(
  tx: Executor,
  row: ProductRow,
  input: StockUpdateInput,
  field: string,
): Promise<boolean> {
  const { id } = row;
  const unsold = unsoldErrors(row, input.changes, field);
  if (Object.keys(unsold).length > 0) throw badInput(Object.values(unsold)[0]!, unsold);
  const trackStock = input.trackStock ?? row.trackStock;
  if (!trackStock && input.changes.length > 0) throw conflict(STOCK_MESSAGES.notTracked);
  if (trackStock !== row.trackStock) {
    await tx.update(products).set({ trackStock }).where(eq(products.id, id));
    if (trackStock) {
      await fitStock(tx, id, row);
    } else {
      // Ordered lines before stock rows, the order status changes lock them in: neither
      // waits for the other in a cycle.
      await tx
        .update(orderItems)
        .set({ stockHeld: false })
        .where(and(eq(orderItems.productId, id), eq(orderItems.stockHeld, true)));
      await tx.delete(productStock).where(eq(productStock.productId, id));
    }
  }
  const refused = await changeStock(tx, id, input.changes);
  if (refused.length > 0) {
    throw conflict(
      STOCK_MESSAGES.changeRefused,
      Object.fromEntries(refused.map((r) => [`${field}.${r.line}`, stockNowMessage(r.available)])),
      refused,
    );
  }
  return trackStock;
}

/** A product as its audit rows keep it: its row and its stock, one line per variation and size. */
export const auditedProduct: AuditRead = async (tx, id) => {
  const [found] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!found) return null;
  const stock = await tx
    .select({
      variation: productStock.variation,
      size: productStock.size,
      quantity: productStock.quantity,
      sku: productStock.sku,
    })
    .from(productStock)
    .where(eq(productStock.productId, id))
    .orderBy(asc(productStock.variation), asc(productStock.size));
  return { ...found, stock };
};

export async function deleteProduct(db: Executor, id: string) {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw notFound('Product not found');
}

export async function countProducts(db: Executor) {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}
