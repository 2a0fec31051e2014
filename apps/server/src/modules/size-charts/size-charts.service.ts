import {
  CATEGORIES,
  type Category,
  DEFAULT_SIZE_CHARTS,
  type ProductSizeChart,
  SIZE_CHART_COLUMNS,
  SIZE_CHART_KINDS,
  type SizeChart,
  type SizeChartKind,
  type SizeChartRow,
  sizeChartRowsSchema,
  sizeChartSlotFor,
} from '@habi/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, sizeCharts } from '../../db/schema.ts';
import { badInput, fieldErrors, notFound } from '../../lib/errors.ts';

// The categories' size charts (the back office's Size charts page) and the chart a product
// shows. A chart no admin has edited has no row and is the store's default.

const chartOf = (category: Category, kind: SizeChartKind, rows: SizeChartRow[] | undefined): SizeChart => ({
  category,
  kind,
  columns: [...SIZE_CHART_COLUMNS[category][kind]],
  rows: rows ?? DEFAULT_SIZE_CHARTS[category][kind],
  isDefault: rows === undefined,
});

/** Every category's chart of every kind, edited or default, in the store's order. */
export async function listSizeCharts(db: Executor): Promise<SizeChart[]> {
  const edited = await db.select().from(sizeCharts);
  const rowsOf = (category: Category, kind: SizeChartKind) =>
    edited.find((row) => row.category === category && row.kind === kind)?.rows;
  return CATEGORIES.flatMap((category) =>
    SIZE_CHART_KINDS.map((kind) => chartOf(category, kind, rowsOf(category, kind))),
  );
}

/**
 * The rows checked against the chart's sizes and measurements (400 naming each cell refused,
 * `rows.<row>.values.<column>`), else a 400.
 */
export function fitRows(
  category: Category,
  kind: SizeChartKind,
  rows: unknown,
  field: string,
): SizeChartRow[] {
  const parsed = sizeChartRowsSchema(category, kind).safeParse(rows);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(
    parsed.error.issues.map((issue) => ({ ...issue, path: [field, ...issue.path] })),
  );
  throw badInput(Object.values(errors)[0]!, errors);
}

/**
 * An admin's edit of a category's chart. One statement: the triggers on `size_charts` raise the
 * catalogue version in its transaction, so every product page drops its kept copy at once.
 */
export async function saveSizeChart(
  db: Executor,
  category: Category,
  kind: SizeChartKind,
  input: unknown,
): Promise<SizeChart> {
  const rows = fitRows(category, kind, input, 'rows');
  await db
    .insert(sizeCharts)
    .values({ category, kind, rows })
    .onConflictDoUpdate({
      target: [sizeCharts.category, sizeCharts.kind],
      set: { rows, updatedAt: sql`now()` },
    });
  return chartOf(category, kind, rows);
}

/** The chart a product shows: its own, else its category's of its kind, else none. */
export async function productSizeChart(db: Executor, id: string): Promise<ProductSizeChart> {
  const [product] = await db
    .select({
      category: products.category,
      subCategory: products.subCategory,
      size: products.sizes,
      own: products.sizeChart,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) throw notFound('Product not found');
  const slot = sizeChartSlotFor(product);
  if (!slot) return { source: 'none', chart: null };
  if (product.own)
    return {
      source: 'product',
      chart: { ...chartOf(slot.category, slot.kind, product.own), isDefault: false },
    };
  const [edited] = await db
    .select({ rows: sizeCharts.rows })
    .from(sizeCharts)
    .where(sql`${sizeCharts.category} = ${slot.category} and ${sizeCharts.kind} = ${slot.kind}`);
  return { source: 'category', chart: chartOf(slot.category, slot.kind, edited?.rows) };
}
