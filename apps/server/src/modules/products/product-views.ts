import type { Product, ProductSummary } from '@habi/shared';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { type StockTotals, stockLevels } from './stock.service.ts';

// How the API shows a product row: a summary in lists, the whole product on its own page.

export type ProductRow = typeof products.$inferSelect;

/**
 * The columns a summary shows, all a list reads: a description, the sizes and the variations
 * are most of a row's bytes, and each is sent by the database and parsed for nothing.
 */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  category: products.category,
  subCategory: products.subCategory,
  createdAt: products.createdAt,
  trackStock: products.trackStock,
};
export type SummaryRow = Pick<ProductRow, keyof typeof summaryColumns>;

/**
 * A moment as the API writes it: the table's text ("2026-11-25 15:11:22.565123+00") rewritten,
 * the search index's (already ISO 8601, UTC) as it is.
 */
const iso = (timestamp: string) => (timestamp.endsWith('Z') ? timestamp : new Date(timestamp).toISOString());

/** `stockTotal`: the units left, or null when the product does not track stock. */
export function toProductSummary(row: SummaryRow, stockTotal: number | null): ProductSummary {
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

/** Summaries of the rows, in their order, with what is left of those that track stock. */
export async function summaries(stockTotals: StockTotals, rows: SummaryRow[]): Promise<ProductSummary[]> {
  const totals = await stockTotals(rows.filter((row) => row.trackStock).map((row) => row.id));
  return rows.map((row) => toProductSummary(row, row.trackStock ? (totals.get(row.id) ?? 0) : null));
}

/** A product as the API shows it: with its stock, each variation in each size, when it tracks stock. */
export async function toProduct(db: Executor, row: ProductRow): Promise<Product> {
  const stock = row.trackStock ? await stockLevels(db, row.id, row) : undefined;
  return {
    ...toProductSummary(row, stock ? stock.reduce((total, level) => total + level.quantity, 0) : null),
    description: row.description,
    size: row.sizes,
    variations: row.variations,
    trackStock: row.trackStock,
    ...(stock ? { stock } : {}),
    updatedAt: iso(row.updatedAt),
  };
}
