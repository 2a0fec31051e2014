/** Products, their stock, the search index's words, stored images and size charts. */
import { LOW_STOCK_MAX, type SizeChartKind, type SizeChartRow } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, money } from './columns.ts';

export interface VariationRecord {
  name: string;
  imageUrl: string;
}

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price'),
    imageUrl: text('image_url').notNull(),
    category: text('category'),
    subCategory: text('sub_category'),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    variations: jsonb('variations').$type<VariationRecord[]>().notNull().default([]),
    /** Place in the curated Best Collections list, shown until sales decide. */
    bestRank: integer('best_rank'),
    /** Checkout takes from `product_stock`, which has a row for each variation and size exactly when this is set. */
    trackStock: boolean('track_stock').notNull().default(false),
    /** The product's own size chart (rows fitted to its category and kind); null: its category's. */
    sizeChart: jsonb('size_chart').$type<SizeChartRow[]>(),
    createdAt: createdAt(),
    /** Set by a trigger on every update (migration 0014): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  // Keyset orders of the storefront: newest first, and by price either way. Ascending indexes
  // serve both directions (a DESC NULLS LAST one would not serve a plain ORDER BY ... DESC).
  (t) => [
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_price_idx').on(t.price, t.id),
    index('products_category_idx').on(t.category, t.subCategory, t.createdAt),
    // A category and subcategory by price: their page is read straight from here, where the price
    // index alone walks past every other category's products (1,200 rows a page for the rarest).
    index('products_category_price_idx').on(t.category, t.subCategory, t.price, t.id),
    index('products_name_idx').on(sql`lower(${t.name})`),
    // Name searches: a name that starts with the words (LIKE 'x%'), and one that contains them
    // (ILIKE '%x%', the back office's). The full-text column `search_vector` is in migration
    // 0004_search, out of drizzle's sight: only the search index reads it (search-index.ts).
    index('products_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * Every word of the catalogue's searchable text and its stem (kept by triggers on products,
 * never pruned): search corrects a typed word to its nearest words here.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
]);

/**
 * What is left of a tracked product, per variation (its name, '' when the product has none) and
 * size ('' when none). Changed only by conditional updates, so it never goes below zero.
 */
export const productStock = pgTable(
  'product_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variation: text('variation').notNull(),
    size: text('size').notNull(),
    quantity: integer('quantity').notNull(),
    /** Unique in the store, upper case (shared `SkuSchema`); made from the product when not given. */
    sku: text('sku').notNull(),
    /** An EAN-13 or UPC-A code with a valid check digit (shared `BarcodeSchema`), or none. */
    barcode: text('barcode'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.variation, t.size] }),
    // The dashboard's cells sold out or low (LOW_STOCK_MAX), without reading every cell.
    index('product_stock_low_idx')
      .on(t.quantity)
      .where(sql`${t.quantity} <= ${sql.raw(String(LOW_STOCK_MAX))}`),
    check('product_stock_quantity_check', sql`${t.quantity} >= 0`),
    uniqueIndex('product_stock_sku_key').on(t.sku),
    index('product_stock_barcode_idx').on(t.barcode),
  ],
);

/** Re-encoded images by name (content hash and width), when images live in the database. */
export const images = pgTable('images', {
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * A category's size chart of one kind, as an admin edited it; a chart without a row is the
 * store's default (`DEFAULT_SIZE_CHARTS` in shared). Triggers raise the catalogue version on any
 * change (migration 0026), so product pages show an edit at once.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    category: text('category').notNull(),
    kind: text('kind').$type<SizeChartKind>().notNull(),
    rows: jsonb('rows').$type<SizeChartRow[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.category, t.kind] })],
);
