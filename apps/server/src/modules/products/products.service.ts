import {
  type AdminProductListQuery,
  type CreateProductFields,
  type EditProductInput,
  LATEST_COLLECTION_SIZE,
  LIMITS,
  type Product,
  type ProductListQuery,
  type ProductSummary,
  parseCentavos,
  STOCK_FILTERS,
  STOCK_MESSAGES,
  type StockFilter,
  type StockLevel,
  type StockUpdateInput,
  stockNowMessage,
  toDecimal,
} from '@habi/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  isNotNull,
  lte,
  not,
  notInArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { orderItems, productSales, productStock, products, type VariationRecord } from '../../db/schema.ts';
import { driverError } from '../../lib/db-errors.ts';
import { badInput, conflict, notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { type IndexAt, searchByPrice, searchPage } from '../search/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { assertImage, type PreparedImage, prepareImage, putImage } from '../uploads/index.ts';
import { changeStock, fitStock, type StockTotals, stockLevels, unsoldErrors } from './stock.service.ts';

type ProductRow = typeof products.$inferSelect;
/**
 * The columns a summary shows, all a list reads: a description, the sizes and the variations
 * are most of a row's bytes, and each is sent by the database and parsed for nothing.
 */
const summaryColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  category: products.category,
  subCategory: products.subCategory,
  createdAt: products.createdAt,
  trackStock: products.trackStock,
};
type SummaryRow = Pick<ProductRow, keyof typeof summaryColumns>;

/**
 * A moment as the API writes it: the table's text ("2026-11-25 15:11:22.565123+00") rewritten,
 * the search index's (already ISO 8601, UTC) as it is.
 */
const iso = (timestamp: string) => (timestamp.endsWith('Z') ? timestamp : new Date(timestamp).toISOString());

/** `stockTotal`: the units left, or null when the product does not track stock. */
function toProductSummary(row: SummaryRow, stockTotal: number | null): ProductSummary {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    price: row.price,
    category: row.category,
    subCategory: row.subCategory,
    createdAt: iso(row.createdAt),
    stockTotal,
    soldOut: stockTotal === 0,
  };
}

/**
 * What a catalogue answer reads at the versions its request saw (catalogue-cache.ts): the search
 * index and the stock totals.
 */
export interface CatalogueReads {
  index: IndexAt;
  stockTotals: StockTotals;
}

/** Summaries of the rows, in their order, with what is left of those that track stock. */
async function summaries(stockTotals: StockTotals, rows: SummaryRow[]): Promise<ProductSummary[]> {
  const totals = await stockTotals(rows.filter((row) => row.trackStock).map((row) => row.id));
  return rows.map((row) => toProductSummary(row, row.trackStock ? (totals.get(row.id) ?? 0) : null));
}

/** A product as the API shows it: with its stock, each variation in each size, when it tracks stock. */
async function toProduct(db: Executor, row: ProductRow): Promise<Product> {
  const stock = row.trackStock ? await stockLevels(db, row.id, row) : undefined;
  return {
    ...toProductSummary(row, stock ? stock.reduce((total, level) => total + level.quantity, 0) : null),
    description: row.description,
    size: row.sizes,
    variations: row.variations,
    trackStock: row.trackStock,
    ...(stock ? { stock } : {}),
  };
}

/** Prices are validated text; stored normalised ("1,299.5" -> "1299.50"). */
export function normalisePrice(text: string): string {
  const centavos = parseCentavos(text);
  if (centavos === null || centavos <= 0)
    throw badInput('Enter a price above zero', { price: 'Enter a price above zero' });
  return toDecimal(centavos);
}

// Keyset paging: the cursor carries the last row's sort value and id, so a page costs the
// same however deep it is (10,000 products stay fast).
interface Cursor {
  v: string;
  id: string;
}
/** A search ranked by relevance pages by offset: the rows before this page. */
interface OffsetCursor {
  o: number;
}
const encodeCursor = (cursor: Cursor | OffsetCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SORT_VALUE = {
  price: /^\d{1,10}\.\d{2}$/,
  createdAt: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/,
};
const INVALID_CURSOR = 'Invalid cursor';

/** A cursor comes back from the client: only the shapes this server writes are let near SQL. */
function decodeCursor(text: string, key: keyof typeof SORT_VALUE): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      typeof value?.v === 'string' &&
      typeof value?.id === 'string' &&
      SORT_VALUE[key].test(value.v) &&
      UUID.test(value.id)
    ) {
      return { v: value.v, id: value.id };
    }
  } catch {}
  throw badInput(INVALID_CURSOR);
}

/** The deepest a page of search results may start. */
const SEARCH_OFFSET_MAX = 1_000_000;

function decodeOffsetCursor(text: string): number {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Number.isSafeInteger(value?.o) && value.o > 0 && value.o <= SEARCH_OFFSET_MAX) return value.o;
  } catch {}
  throw badInput(INVALID_CURSOR);
}

/** A page of the products a search finds, best first; the cursor carries the offset. */
async function listBySearchRank(db: Executor, reads: CatalogueReads, q: string, query: ProductListQuery) {
  const offset = query.cursor ? decodeOffsetCursor(query.cursor) : 0;
  const rows = await searchPage(db, reads.index, q, query, { offset, limit: query.limit + 1 });
  let nextCursor: string | undefined;
  if (rows.length > query.limit) {
    rows.length = query.limit;
    nextCursor = encodeCursor({ o: offset + query.limit });
  }
  return { items: await summaries(reads.stockTotals, rows), nextCursor };
}

/** A page of the products a search finds in price order; the cursor carries the last price and id. */
async function listSearchByPrice(db: Executor, reads: CatalogueReads, q: string, query: ProductListQuery) {
  const cursor = query.cursor ? decodeCursor(query.cursor, 'price') : undefined;
  const rows = await searchByPrice(db, reads.index, q, query, {
    ascending: query.sort === 'asc',
    after: cursor && { price: parseCentavos(cursor.v)!, id: cursor.id },
    limit: query.limit + 1,
  });
  return {
    items: await summaries(reads.stockTotals, rows.slice(0, query.limit)),
    nextCursor: nextKeyset(rows, query, true),
  };
}

/** The cursor after a page read one row past its limit: none when that row is not there. */
function nextKeyset(rows: SummaryRow[], query: ProductListQuery, byPrice: boolean) {
  if (rows.length <= query.limit) return undefined;
  const last = rows[query.limit - 1]!;
  return encodeCursor({ v: byPrice ? last.price : last.createdAt, id: last.id });
}

/** What a page of the collection asks: its order, which filters it has, whether it follows a page. */
interface CollectionShape {
  sort: 'new' | 'asc' | 'desc';
  category: boolean;
  subCategory: boolean;
  cursor: boolean;
}

/**
 * A page of the collection, as one of its 24 statements (by order, filters and cursor), each
 * built and prepared once: building a statement per request was an eighth of a collection page's
 * time in the server. The filters are arrays (`= any`), so the number of categories chosen does
 * not make another statement.
 */
function collectionQuery(db: Executor, shape: CollectionShape) {
  const name = `collection_${shape.sort}_${+shape.category}${+shape.subCategory}${+shape.cursor}`;
  return prepared(db, name, () => prepareCollection(db, shape, name));
}

function prepareCollection(db: Executor, shape: CollectionShape, name: string) {
  const byPrice = shape.sort !== 'new';
  const key = byPrice ? products.price : products.createdAt;
  const ascending = shape.sort === 'asc';
  const after = byPrice
    ? sql`(${sql.placeholder('after')})::numeric`
    : sql`(${sql.placeholder('after')})::timestamptz`;
  const filters = [
    shape.category ? sql`${products.category} = any(${sql.placeholder('category')})` : undefined,
    shape.subCategory ? sql`${products.subCategory} = any(${sql.placeholder('subCategory')})` : undefined,
    shape.cursor
      ? ascending
        ? sql`(${key}, ${products.id}) > (${after}, ${sql.placeholder('afterId')})`
        : sql`(${key}, ${products.id}) < (${after}, ${sql.placeholder('afterId')})`
      : undefined,
  ];
  return db
    .select(summaryColumns)
    .from(products)
    .where(and(...filters))
    .orderBy(...(ascending ? [asc(key), asc(products.id)] : [desc(key), desc(products.id)]))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/**
 * The storefront's collection: newest first or by price, keyset-paged; a search best first
 * (paged by offset) or by price, through the search index.
 */
export async function listProducts(db: Executor, query: ProductListQuery, reads: CatalogueReads) {
  const byPrice = query.sort === 'asc' || query.sort === 'desc';
  if (query.q) {
    return byPrice
      ? listSearchByPrice(db, reads, query.q, query)
      : listBySearchRank(db, reads, query.q, query);
  }
  const cursor = query.cursor ? decodeCursor(query.cursor, byPrice ? 'price' : 'createdAt') : undefined;
  const rows = await collectionQuery(db, {
    sort: query.sort === 'asc' || query.sort === 'desc' ? query.sort : 'new',
    category: query.category.length > 0,
    subCategory: query.subCategory.length > 0,
    cursor: cursor !== undefined,
  })
    .execute({
      category: query.category,
      subCategory: query.subCategory,
      after: cursor?.v,
      afterId: cursor?.id,
      limit: query.limit + 1,
    })
    .catch((error: unknown) => {
      // A well-shaped cursor can still name no real moment ("2026-02-30").
      if (cursor && driverError(error).code?.startsWith('22')) throw badInput(INVALID_CURSOR);
      throw error;
    });
  return {
    items: await summaries(reads.stockTotals, rows.slice(0, query.limit)),
    nextCursor: nextKeyset(rows, query, byPrice),
  };
}

/**
 * A product's units left over every variation and size, null when it does not track stock:
 * computed in SQL, so the admin table sorts and filters by it before paging.
 */
const stockTotal = sql<
  number | null
>`case when ${products.trackStock} then coalesce((select sum(${productStock.quantity}) from ${productStock} where ${productStock.productId} = ${products.id}), 0)::int end`;

/** The products whose stock total is in the filter's range. */
function stockFilter(filter: StockFilter): SQL | undefined {
  const range = STOCK_FILTERS[filter];
  if (range === null) return not(products.trackStock);
  return and(gte(stockTotal, range.min), range.max === undefined ? undefined : lte(stockTotal, range.max));
}

/**
 * The back office's products table: a page by offset and the number of matches, searched by
 * name, filtered by stock and sorted by name (case-insensitive), date, price or stock total
 * (products that do not track stock after the others either way); newest first by default.
 */
export async function listProductsForAdmin(db: Executor, query: AdminProductListQuery) {
  const where = and(
    query.q ? ilike(products.name, `%${escapeLike(query.q)}%`) : undefined,
    query.stock ? stockFilter(query.stock) : undefined,
  );
  const key =
    query.sort === 'name'
      ? sql`lower(${products.name})`
      : query.sort === 'price'
        ? products.price
        : products.createdAt;
  // A chosen column sorts ascending unless told otherwise; the default is newest first.
  const ascending = (query.order ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc')) === 'asc';
  const direction = ascending ? asc : desc;
  // Untracked products have no total: after the tracked ones whichever the direction.
  const first =
    query.sort === 'stock'
      ? sql`${stockTotal} ${sql.raw(ascending ? 'asc' : 'desc')} nulls last`
      : direction(key);
  const rows = await db
    .select({ product: summaryColumns, stockTotal })
    .from(products)
    .where(where)
    .orderBy(first, direction(products.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return {
    items: rows.map((row) => toProductSummary(row.product, row.stockTotal)),
    total: total?.n ?? 0,
  };
}

/**
 * Best Collections: the best sellers by quantity ordered (cancelled lines aside, counted in
 * product_sales as orders commit), topped up from the curated list, then the newest.
 */
export async function bestSellers(db: Executor, stockTotals: StockTotals, size = LATEST_COLLECTION_SIZE) {
  const sellers = await db
    .select({ product: summaryColumns })
    .from(productSales)
    .innerJoin(products, eq(products.id, productSales.productId))
    .where(gt(productSales.sold, 0))
    .orderBy(desc(productSales.sold), asc(productSales.productId))
    .limit(size);
  const chosen = sellers.map((s) => s.product);
  for (const fill of [
    (ids: string[]) =>
      db
        .select(summaryColumns)
        .from(products)
        .where(and(isNotNull(products.bestRank), ids.length ? notInArray(products.id, ids) : undefined))
        .orderBy(asc(products.bestRank)),
    (ids: string[]) =>
      db
        .select(summaryColumns)
        .from(products)
        .where(ids.length ? notInArray(products.id, ids) : undefined)
        .orderBy(desc(products.createdAt)),
  ]) {
    if (chosen.length >= size) break;
    const more = await fill(chosen.map((p) => p.id)).limit(size - chosen.length);
    chosen.push(...more);
  }
  return summaries(stockTotals, chosen);
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
  /** Given, the product tracks stock: these quantities, none of any variation and size left out. */
  stock?: readonly StockLevel[];
}

export async function createProduct(db: Db, { stock, ...input }: NewProduct) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...input, price: normalisePrice(input.price), trackStock: stock !== undefined })
      .returning();
    if (stock) await fitStock(tx, row!.id, row!, stock);
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
  // Every file's type is checked before any is decoded, the cheap refusal first.
  for (const file of [main, ...files.variations]) assertImage(file);
  const prepared: PreparedImage[] = [];
  for (const file of [main, ...files.variations]) prepared.push(await prepareImage(images, file));
  const row = await createProduct(db, {
    name: fields.name,
    description: fields.description,
    price: fields.price,
    imageUrl: prepared[0]!.url,
    category: fields.category,
    subCategory: fields.subCategory,
    sizes,
    variations: fields.variationsName.map((name, i) => ({ name, imageUrl: prepared[i + 1]!.url })),
    ...(fields.stock?.trackStock ? { stock: quantities } : {}),
  });
  try {
    for (const image of prepared) await putImage(images, image);
  } catch (error) {
    await db.delete(products).where(eq(products.id, row.id));
    throw error;
  }
  return toProduct(db, row);
}

/** The Edit Product form; a tracked product's stock follows its new sizes (new ones start at none). */
export async function updateProduct(db: Db, id: string, input: EditProductInput): Promise<Product> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(products)
      .set({
        name: input.updatedName,
        description: input.updatedDescription,
        price: normalisePrice(input.updatedPrice),
        category: input.updatedCategory,
        subCategory: input.updatedSubcategory,
        sizes: input.updatedSizes,
      })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw notFound('Product not found');
    if (row.trackStock) await fitStock(tx, id, row);
    return toProduct(tx, row);
  });
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
    const unsold = unsoldErrors(row, input.changes, 'changes');
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
        Object.fromEntries(refused.map((r) => [`changes.${r.line}`, stockNowMessage(r.available)])),
        refused,
      );
    }
    return toProduct(tx, { ...row, trackStock });
  });
}

export async function deleteProduct(db: Executor, id: string) {
  const deleted = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  if (deleted.length === 0) throw notFound('Product not found');
}

export async function countProducts(db: Executor) {
  const [row] = await db.select({ n: count() }).from(products);
  return row?.n ?? 0;
}
