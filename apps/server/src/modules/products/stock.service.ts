import {
  SKU_MESSAGES,
  STOCK_MESSAGES,
  STOCK_QUANTITY_MAX,
  type StockChange,
  type StockCodes,
  type StockLevel,
  type StockShortfall,
  skuBase,
  uniqueSku,
} from '@habi/shared';
import { and, eq, gte, inArray, like, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { productStock } from '../../db/schema.ts';
import { batched } from '../../lib/batch.ts';
import { badInput, conflict } from '../../lib/errors.ts';

/** One row of stock: a product's variation ('' for none) in one size ('' for none). */
export interface StockKey {
  productId: string;
  variation: string;
  size: string;
}

interface Sells {
  variations: { name: string }[];
  sizes: string[];
}

const namesOf = (product: Sells) => ({
  variations: product.variations.length > 0 ? product.variations.map((v) => v.name) : [''],
  sizes: product.sizes.length > 0 ? product.sizes : [''],
});

/** Every variation and size a product sells, in the product's order. */
function stockGrid(product: Sells): { variation: string; size: string }[] {
  const { variations, sizes } = namesOf(product);
  return variations.flatMap((variation) => sizes.map((size) => ({ variation, size })));
}

/** The listed variations and sizes the product does not sell: `{ "<field>.<i>.size": message }`. */
export function unsoldErrors(
  product: Sells,
  list: readonly { variation: string; size: string }[],
  field: string,
): Record<string, string> {
  const { variations, sizes } = namesOf(product);
  const errors: Record<string, string> = {};
  for (const [i, { variation, size }] of list.entries()) {
    if (!variations.includes(variation)) errors[`${field}.${i}.variation`] = STOCK_MESSAGES.unknownVariation;
    if (!sizes.includes(size)) errors[`${field}.${i}.size`] = STOCK_MESSAGES.unknownSize;
  }
  return errors;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/**
 * The one order every transaction takes stock rows in, so two of them never wait for each
 * other's rows in a cycle (a deadlock).
 */
const byKey = (a: StockKey, b: StockKey) =>
  compare(a.productId, b.productId) || compare(a.variation, b.variation) || compare(a.size, b.size);

export const isKey = (key: StockKey): SQL =>
  and(
    eq(productStock.productId, key.productId),
    eq(productStock.variation, key.variation),
    eq(productStock.size, key.size),
  )!;

async function quantityOf(tx: Executor, key: StockKey): Promise<number | undefined> {
  const [row] = await tx.select({ quantity: productStock.quantity }).from(productStock).where(isKey(key));
  return row?.quantity;
}

/** A new row's quantity and, when given, its SKU and barcode. */
export type NewStockLevel = StockLevel & { sku?: string; barcode?: string | null };

/**
 * SKUs for new stock rows: each given one as it is, the others made from the product's name, the
 * variation and the size, with `.2`, `.3`... when the store (or this list) already has that one.
 * The unique index settles two products made at the same moment (409).
 */
async function skusFor(
  tx: Executor,
  name: string,
  rows: readonly { variation: string; size: string; sku?: string }[],
): Promise<string[]> {
  const bases = rows.map((row) => row.sku ?? skuBase(name, row.variation, row.size));
  const given = rows.filter((row) => row.sku !== undefined).map((row) => row.sku!);
  if (new Set(given).size < given.length) throw conflict(SKU_MESSAGES.twice, { sku: SKU_MESSAGES.twice });
  const made = [...new Set(bases.filter((_, i) => rows[i]!.sku === undefined))];
  const taken = new Set(given);
  if (bases.length > 0) {
    const found = await tx
      .select({ sku: productStock.sku })
      .from(productStock)
      .where(
        or(inArray(productStock.sku, bases), ...made.map((base) => like(productStock.sku, `${base}.%`))),
      );
    for (const { sku } of found) taken.add(sku);
  }
  return rows.map((row, i) => {
    if (row.sku !== undefined) return row.sku;
    const sku = uniqueSku(bases[i]!, (candidate) => taken.has(candidate));
    taken.add(sku);
    return sku;
  });
}

/**
 * Gives a tracked product a row for each variation and size it sells and none for any other:
 * new rows start at their given quantity, or none, with their given SKU and barcode or a SKU
 * made for them. Every stock row of the store is inserted here.
 */
export async function fitStock(
  tx: Executor,
  productId: string,
  product: Sells & { name: string },
  quantities: readonly NewStockLevel[] = [],
) {
  const { variations, sizes } = namesOf(product);
  await tx
    .delete(productStock)
    .where(
      and(
        eq(productStock.productId, productId),
        or(notInArray(productStock.variation, variations), notInArray(productStock.size, sizes)),
      ),
    );
  const kept = await tx
    .select({ variation: productStock.variation, size: productStock.size })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  const has = new Set(kept.map((row) => JSON.stringify([row.variation, row.size])));
  const given = new Map(quantities.map((q) => [JSON.stringify([q.variation, q.size]), q]));
  const missing = stockGrid(product)
    .filter((key) => !has.has(JSON.stringify([key.variation, key.size])))
    .map((key) => ({ ...key, ...given.get(JSON.stringify([key.variation, key.size])) }));
  if (missing.length === 0) return;
  const skus = await skusFor(tx, product.name, missing);
  await tx
    .insert(productStock)
    .values(
      missing.map((row, i) => ({
        productId,
        variation: row.variation,
        size: row.size,
        quantity: row.quantity ?? 0,
        sku: skus[i]!,
        barcode: row.barcode ?? null,
      })),
    )
    .onConflictDoNothing({ target: [productStock.productId, productStock.variation, productStock.size] });
}

/**
 * Sets SKUs and barcodes of a tracked product's stock rows (Edit Product), under the caller's
 * lock of the product: each listed variation and size must be one of its rows, and each SKU
 * neither another product's nor kept by a row of this one not given another (409; the unique
 * index settles a race). The rows whose SKU changes let go of their old one first, so two rows
 * can swap theirs. `field` names the list in refusals (`<field>.<i>.sku`).
 */
export async function setStockCodes(
  tx: Executor,
  product: Sells & { id: string },
  codes: StockCodes,
  field: string,
) {
  if (codes.length === 0) return;
  const unsold = unsoldErrors(product, codes, field);
  if (Object.keys(unsold).length > 0) throw badInput(Object.values(unsold)[0]!, unsold);
  const cell = (row: { variation: string; size: string }) => JSON.stringify([row.variation, row.size]);
  const listed = new Set(codes.map(cell));
  const held = await tx
    .select({
      productId: productStock.productId,
      variation: productStock.variation,
      size: productStock.size,
      sku: productStock.sku,
    })
    .from(productStock)
    .where(
      inArray(
        productStock.sku,
        codes.map((code) => code.sku),
      ),
    );
  for (const row of held) {
    if (row.productId === product.id && listed.has(cell(row))) continue;
    const i = codes.findIndex((code) => code.sku === row.sku);
    throw conflict(SKU_MESSAGES.taken, { [`${field}.${i}.sku`]: SKU_MESSAGES.taken });
  }
  await releaseSkus(tx, product.id, codes);
  for (const code of codes) {
    await tx
      .update(productStock)
      .set({ sku: code.sku, barcode: code.barcode })
      .where(isKey({ productId: product.id, variation: code.variation, size: code.size }));
  }
}

/**
 * Before cells of a product are given new SKUs: each cell whose SKU is not the one it gets lets
 * go of its old one for a placeholder no SKU can be ('#'), so SKUs can move between cells (two
 * swapping theirs) without the unique index ever seeing one twice.
 */
export async function releaseSkus(
  tx: Executor,
  productId: string,
  cells: readonly { variation: string; size: string; sku: string }[],
) {
  for (const cell of cells) {
    await tx
      .update(productStock)
      .set({
        sku: sql`'#' || ${productStock.productId} || '#' || ${productStock.variation} || '#' || ${productStock.size}`,
      })
      .where(
        and(
          isKey({ productId, variation: cell.variation, size: cell.size }),
          sql`${productStock.sku} <> ${cell.sku}`,
        ),
      );
  }
}

/** A tracked product's stock, each variation in each size in the product's order. */
export async function stockLevels(db: Executor, productId: string, product: Sells): Promise<StockLevel[]> {
  const rows = await db
    .select({
      variation: productStock.variation,
      size: productStock.size,
      quantity: productStock.quantity,
      sku: productStock.sku,
      barcode: productStock.barcode,
    })
    .from(productStock)
    .where(eq(productStock.productId, productId));
  const found = new Map(rows.map((row) => [JSON.stringify([row.variation, row.size]), row]));
  return stockGrid(product).map((key) => {
    const row = found.get(JSON.stringify([key.variation, key.size]));
    return { ...key, quantity: row?.quantity ?? 0, sku: row?.sku ?? '', barcode: row?.barcode ?? null };
  });
}

/** Units left per product, for the given tracked products. */
async function stockTotals(db: Executor, productIds: string[]): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: productStock.productId,
      total: sql<number>`sum(${productStock.quantity})::int`.mapWith(Number),
    })
    .from(productStock)
    .where(inArray(productStock.productId, productIds))
    .groupBy(productStock.productId);
  return new Map(rows.map((row) => [row.productId, row.total]));
}

/** Units left per tracked product (0 for one with no stock rows). */
export type StockTotals = (productIds: string[]) => Promise<Map<string, number>>;

/** The most products whose totals are kept for one catalogue version, unless told. */
const KEPT_TOTALS_MAX = 20_000;

/**
 * Stock totals for catalogue answers, at the catalogue version their request read
 * (catalogue-cache.ts). Every change of stock raises that version, so a product's total holds
 * for the version and is read once for it, not once per answer showing the product (every new
 * search would otherwise wait for a query). The products not yet known of the requests arriving
 * together are read in one query (batch.ts). A request that read a version older than one seen
 * since (a write committed meanwhile) reads its totals and keeps none.
 */
export function stockTotalsAt(
  db: Executor,
  keptMax = KEPT_TOTALS_MAX,
): (catalogueVersion: bigint) => StockTotals {
  const read = batched((ids: string[]) => stockTotals(db, ids));
  let newest = -1n;
  let kept = new Map<string, number>();
  return (version) => async (productIds) => {
    if (version > newest) {
      newest = version;
      kept = new Map();
    }
    const known = version === newest ? kept : new Map<string, number>();
    // Taken before waiting: others may clear `known` meanwhile.
    const totals = new Map<string, number>();
    const missing: string[] = [];
    for (const id of productIds) {
      const total = known.get(id);
      if (total === undefined) missing.push(id);
      else totals.set(id, total);
    }
    if (missing.length === 0) return totals;
    const found = await read(missing);
    if (known.size + missing.length > keptMax) known.clear();
    for (const id of missing) {
      const total = found.get(id) ?? 0;
      totals.set(id, total);
      known.set(id, total);
    }
    return totals;
  };
}

/** One line's part in moving stock: `delta` units given back, or taken when negative. */
export interface StockMove extends StockKey {
  line: number;
  delta: number;
}

/**
 * Moves stock for the lines of one request, inside the caller's transaction. Lines of the same
 * product, variation and size are added up first, and each sum is applied by one update that
 * refuses to take the row below zero. Answers the lines that could not take their quantity,
 * with what their row can give them (what it has plus what this request gives back to it), and
 * the lines whose row does not exist.
 */
export async function moveStock(
  tx: Executor,
  moves: readonly StockMove[],
): Promise<{ short: StockShortfall[]; missing: Set<number> }> {
  const groups = new Map<string, { key: StockKey; net: number; given: number; moves: StockMove[] }>();
  for (const move of moves) {
    const id = JSON.stringify([move.productId, move.variation, move.size]);
    const group = groups.get(id) ?? { key: move, net: 0, given: 0, moves: [] };
    group.net += move.delta;
    group.given += Math.max(move.delta, 0);
    group.moves.push(move);
    groups.set(id, group);
  }
  const short: StockShortfall[] = [];
  const missing = new Set<number>();
  for (const group of [...groups.values()].sort((a, b) => byKey(a.key, b.key))) {
    const moved = await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${group.net}` })
      .where(and(isKey(group.key), gte(productStock.quantity, Math.max(0, -group.net))))
      .returning({ quantity: productStock.quantity });
    if (moved.length > 0) continue;
    const quantity = await quantityOf(tx, group.key);
    for (const move of group.moves) {
      if (quantity === undefined) missing.add(move.line);
      else if (move.delta < 0) short.push({ line: move.line, available: quantity + group.given });
    }
  }
  return { short: short.sort((a, b) => a.line - b.line), missing };
}

/**
 * An admin's changes to one tracked product's stock, inside the caller's transaction, in key
 * order: a delta is added unless it would take the row below zero (or, adding, above the
 * maximum); a quantity is set only if the row still holds the expected one. Answers the changes
 * refused, with the quantity their row holds.
 */
export async function changeStock(
  tx: Executor,
  productId: string,
  changes: readonly StockChange[],
): Promise<StockShortfall[]> {
  const refused: StockShortfall[] = [];
  const ordered = changes
    .map((change, line) => ({
      line,
      change,
      key: { productId, variation: change.variation, size: change.size },
    }))
    .sort((a, b) => byKey(a.key, b.key));
  for (const { line, change, key } of ordered) {
    const { delta } = change;
    const applied = await tx
      .update(productStock)
      .set({ quantity: delta === undefined ? change.quantity! : sql`${productStock.quantity} + ${delta}` })
      .where(
        and(
          isKey(key),
          delta === undefined
            ? eq(productStock.quantity, change.expected!)
            : delta < 0
              ? gte(productStock.quantity, -delta)
              : lte(productStock.quantity, STOCK_QUANTITY_MAX - delta),
        ),
      )
      .returning({ quantity: productStock.quantity });
    if (applied.length === 0) refused.push({ line, available: (await quantityOf(tx, key)) ?? 0 });
  }
  return refused.sort((a, b) => a.line - b.line);
}
