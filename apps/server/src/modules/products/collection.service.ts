import { type ProductListQuery, parseCentavos } from '@habi/shared';
import { and, asc, desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { products } from '../../db/schema.ts';
import { driverError } from '../../lib/db-errors.ts';
import { badInput } from '../../lib/errors.ts';
import { type IndexAt, searchByPrice, searchPage } from '../search/index.ts';
import {
  decodeCursor,
  decodeOffsetCursor,
  encodeCursor,
  INVALID_CURSOR,
  nextKeyset,
} from './list-cursors.ts';
import { summaries, summaryColumns } from './product-views.ts';
import type { StockTotals } from './stock.service.ts';

/**
 * What a catalogue answer reads at the versions its request saw (catalogue-cache.ts): the search
 * index and the stock totals.
 */
export interface CatalogueReads {
  index: IndexAt;
  stockTotals: StockTotals;
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
