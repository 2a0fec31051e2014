import { HOME_COLLECTION_SIZE } from '@habi/shared';
import { and, asc, desc, eq, gt, isNotNull, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productSales, products } from '../../db/schema.ts';
import { summaries, summaryColumns } from './product-views.ts';
import type { StockTotals } from './stock.service.ts';

/**
 * Best Collections: the best sellers by quantity ordered (cancelled lines aside, counted in
 * product_sales as orders commit), topped up from the curated list, then the newest.
 */
export async function bestSellers(db: Executor, stockTotals: StockTotals, size = HOME_COLLECTION_SIZE) {
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
