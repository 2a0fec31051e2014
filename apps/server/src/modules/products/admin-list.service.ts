import {
  type AdminProductListQuery,
  CELL_STOCK_FILTERS,
  isCellStockFilter,
  STOCK_FILTERS,
  type StockFilter,
  type StockTotalRange,
} from '@habi/shared';
import { and, asc, count, desc, gte, ilike, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import { escapeLike } from '../../lib/sql.ts';
import { summaryColumns, toProductSummary } from './product-views.ts';

/**
 * A product's units left over every variation and size, null when it does not track stock:
 * computed in SQL, so the admin table sorts and filters by it before paging.
 */
const stockTotal = sql<
  number | null
>`case when ${products.trackStock} then coalesce((select sum(${productStock.quantity}) from ${productStock} where ${productStock.productId} = ${products.id}), 0)::int end`;

const inRange = (range: StockTotalRange) =>
  range.max === undefined
    ? sql`${productStock.quantity} >= ${range.min}`
    : sql`${productStock.quantity} between ${range.min} and ${range.max}`;

/** How many of a tracked product's cells (a variation in a size) are in the range; null untracked. */
const cellsIn = (range: StockTotalRange) =>
  sql<
    number | null
  >`case when ${products.trackStock} then (select count(*) from ${productStock} where ${productStock.productId} = ${products.id} and ${inRange(range)})::int end`;

/** The products whose stock total, or (cell filters) any of whose cells, is in the filter's range. */
function stockFilter(filter: StockFilter): SQL | undefined {
  if (isCellStockFilter(filter)) {
    // The stock rows' primary key starts with the product: one index probe per product.
    return and(
      products.trackStock,
      sql`exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and ${inRange(CELL_STOCK_FILTERS[filter])})`,
    );
  }
  const range = STOCK_FILTERS[filter];
  if (range === null) return not(products.trackStock);
  return and(gte(stockTotal, range.min), range.max === undefined ? undefined : lte(stockTotal, range.max));
}

/**
 * The back office's products table: a page by offset and the number of matches, searched by
 * name, filtered by stock and sorted by name (case-insensitive), date, price or stock total
 * (products that do not track stock after the others either way); newest first by default.
 * Each row says how many of its cells are sold out and low, for the table's badges.
 */
export async function listProductsForAdmin(db: Executor, query: AdminProductListQuery) {
  // A name containing the words, or a variation and size's exact SKU or barcode (a scanner's).
  const q = query.q?.trim();
  const where = and(
    q
      ? or(
          ilike(products.name, `%${escapeLike(q)}%`),
          sql`exists (select 1 from ${productStock} where ${productStock.productId} = ${products.id} and (${productStock.sku} = ${q.toUpperCase()} or ${productStock.barcode} = ${q}))`,
        )
      : undefined,
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
    .select({
      product: summaryColumns,
      stockTotal,
      cellsSoldOut: cellsIn(CELL_STOCK_FILTERS.sizeSoldOut),
      cellsLow: cellsIn(CELL_STOCK_FILTERS.sizeLow),
    })
    .from(products)
    .where(where)
    .orderBy(first, direction(products.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(products).where(where);
  return {
    items: rows.map((row) => ({
      ...toProductSummary(row.product, row.stockTotal),
      ...(row.cellsSoldOut === null ? {} : { cellsSoldOut: row.cellsSoldOut, cellsLow: row.cellsLow ?? 0 }),
    })),
    total: total?.n ?? 0,
  };
}
