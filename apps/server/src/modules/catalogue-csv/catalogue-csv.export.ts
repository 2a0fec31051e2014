import { CATALOGUE_CSV_COLUMNS, guardCell } from '@habi/shared';
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import { toCsv } from '../../lib/csv.ts';
import { fileOf } from './catalogue-csv.read.ts';

const PAGE = 500;

/**
 * The whole catalogue, one row per variation and size (a product with neither: one row), in
 * pages of products by id, so a big catalogue is never held whole. What
 * `checkCatalogueCsv` reads back unchanged is 0 changes.
 */
export async function* catalogueCsv(db: Db): AsyncGenerator<string> {
  yield toCsv([[...CATALOGUE_CSV_COLUMNS]]);
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(products)
      .where(after ? gt(products.id, after) : undefined)
      .orderBy(asc(products.id))
      .limit(PAGE);
    if (page.length === 0) return;
    after = page.at(-1)!.id;
    const stock = await db
      .select()
      .from(productStock)
      .where(
        inArray(
          productStock.productId,
          page.map((p) => p.id),
        ),
      );
    const cells = new Map(
      stock.map((row) => [JSON.stringify([row.productId, row.variation, row.size]), row]),
    );
    const lines: string[][] = [];
    for (const product of page) {
      const variations = product.variations.length > 0 ? product.variations : [{ name: '', imageUrl: '' }];
      const sizes = product.sizes.length > 0 ? product.sizes : [''];
      for (const variation of variations) {
        for (const size of sizes) {
          const cell = cells.get(JSON.stringify([product.id, variation.name, size]));
          lines.push(
            [
              product.id,
              product.name,
              product.description,
              product.category ?? '',
              product.subCategory ?? '',
              product.price,
              variation.name,
              size,
              cell?.sku ?? '',
              cell?.barcode ?? '',
              cell ? String(cell.quantity) : '',
              fileOf(product.imageUrl),
              variation.imageUrl ? fileOf(variation.imageUrl) : '',
            ].map(guardCell),
          );
        }
      }
    }
    yield toCsv(lines);
  }
}
