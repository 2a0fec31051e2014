import { createHash } from 'node:crypto';
import {
  type CatalogueCsvApplyInput,
  type CatalogueCsvReport,
  CATALOGUE_CSV_MESSAGES as M,
} from '@habi/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import { badInput, conflict } from '../../lib/errors.ts';
import { fitStock } from '../products/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { type Plan, planFile } from './catalogue-csv.plan.ts';

// The catalogue CSV's dry run and apply (docs/business-rules.md, "SKUs and the catalogue CSV");
// the export is catalogue-csv.export.ts, the reading of the file catalogue-csv.read.ts and
// catalogue-csv.plan.ts.

/** The changes as one token: a later read that differs in any of them had the catalogue change. */
const tokenOf = (plan: Plan) => createHash('sha256').update(JSON.stringify(plan.changes)).digest('base64url');

const summary = (plan: Plan) => {
  const products = new Set(plan.changes.map((c) => c.product)).size;
  if (plan.errors.length > 0)
    return `${plan.errors.length} ${plan.errors.length === 1 ? 'error' : 'errors'} to fix in ${plan.rows} rows: nothing can be applied yet`;
  if (plan.changes.length === 0) return M.nothing;
  return `${plan.changes.length} ${plan.changes.length === 1 ? 'change' : 'changes'} in ${products} ${products === 1 ? 'product' : 'products'}, ready to apply`;
};

function report(
  plan: Plan,
  applied = { created: 0, updated: 0 },
  message = summary(plan),
): CatalogueCsvReport {
  return {
    message,
    rows: plan.rows,
    changes: plan.changes,
    errors: plan.errors.map((e) => `row ${e.row}: ${e.message}`),
    token: tokenOf(plan),
    applied,
  };
}

/** The dry run: every change and every row's errors, nothing written. */
export async function checkCatalogueCsv(
  db: Executor,
  images: ImageStore,
  csv: string,
): Promise<CatalogueCsvReport> {
  return report(await planFile(db, images, csv, false));
}

/**
 * Applies the file in one transaction, all or nothing: read again with its products locked, it
 * must still make exactly the changes its dry run listed (409 if the catalogue changed since)
 * and have no errors (400). New products get their stock rows, and SKUs, from `fitStock`.
 */
export async function applyCatalogueCsv(
  db: Db,
  images: ImageStore,
  input: CatalogueCsvApplyInput,
): Promise<CatalogueCsvReport> {
  return db.transaction(async (tx) => {
    const plan = await planFile(tx, images, input.csv, true);
    // Changed since its dry run first: a product added meanwhile with one of the file's SKUs is
    // that race, not the file's error.
    if (tokenOf(plan) !== input.token) throw conflict(M.changed, { token: M.changed });
    if (plan.errors.length > 0) {
      const errors = Object.fromEntries(
        plan.errors.map((e, i) => [`rows.${i}`, `row ${e.row}: ${e.message}`]),
      );
      throw badInput(M.hasErrors, errors);
    }
    const cellOf = (id: string, cell: { variation: string; size: string }) =>
      and(
        eq(productStock.productId, id),
        eq(productStock.variation, cell.variation),
        eq(productStock.size, cell.size),
      );
    // A SKU may move to another cell of the file (two cells swapping theirs): every cell whose
    // SKU changes first lets go of its old one, for a placeholder no SKU can be ('#').
    for (const update of plan.updates) {
      for (const cell of update.cells.filter((c) => c.set.sku !== undefined)) {
        const placeholder = `#${update.id}#${cell.variation}#${cell.size}`;
        await tx.update(productStock).set({ sku: placeholder }).where(cellOf(update.id, cell));
      }
    }
    for (const update of plan.updates) {
      if (Object.keys(update.set).length > 0)
        await tx.update(products).set(update.set).where(eq(products.id, update.id));
      for (const cell of update.cells) {
        await tx.update(productStock).set(cell.set).where(cellOf(update.id, cell));
      }
    }
    for (const create of plan.creates) {
      const [row] = await tx.insert(products).values(create.product).returning();
      if (create.stock) await fitStock(tx, row!.id, row!, create.stock);
    }
    const applied = { created: plan.creates.length, updated: plan.updates.length };
    const message =
      plan.changes.length === 0
        ? M.nothing
        : `Applied: ${applied.created} ${applied.created === 1 ? 'product' : 'products'} added, ${applied.updated} changed`;
    return report(plan, applied, message);
  });
}
