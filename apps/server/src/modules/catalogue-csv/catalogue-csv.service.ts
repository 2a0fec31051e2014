import { createHash } from 'node:crypto';
import {
  type CatalogueCsvApplyInput,
  type CatalogueCsvReport,
  CATALOGUE_CSV_MESSAGES as M,
  CATALOGUE_ZIP_MESSAGES as Z,
} from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Entry } from 'yauzl';
import type { Db, Executor } from '../../db/client.ts';
import { productStock, products } from '../../db/schema.ts';
import { badInput, conflict, HttpError } from '../../lib/errors.ts';
import { fitStock, isKey, releaseSkus } from '../products/index.ts';
import { type ImageStore, type PreparedImage, prepareImage, withImagesStored } from '../uploads/index.ts';
import { type Plan, planFile } from './catalogue-csv.plan.ts';
import { type CatalogueZip, openCatalogueZip } from './catalogue-zip.ts';

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
  zip?: CatalogueZip,
): Promise<CatalogueCsvReport> {
  return db.transaction(async (tx) => {
    const plan = await planFile(tx, images, input.csv, true, zip?.images);
    // Changed since its dry run first: a product added meanwhile with one of the file's SKUs is
    // that race, not the file's error.
    if (tokenOf(plan) !== input.token) throw conflict(M.changed, { token: M.changed });
    if (plan.errors.length > 0) {
      const errors = Object.fromEntries(
        plan.errors.map((e, i) => [`rows.${i}`, `row ${e.row}: ${e.message}`]),
      );
      throw badInput(M.hasErrors, errors);
    }
    // A SKU may move to another cell of the file (two cells swapping theirs).
    for (const update of plan.updates) {
      const moved = update.cells.flatMap((c) => (c.set.sku === undefined ? [] : [{ ...c, sku: c.set.sku }]));
      await releaseSkus(tx, update.id, moved);
    }
    for (const update of plan.updates) {
      if (Object.keys(update.set).length > 0)
        await tx.update(products).set(update.set).where(eq(products.id, update.id));
      for (const cell of update.cells) {
        await tx
          .update(productStock)
          .set(cell.set)
          .where(isKey({ productId: update.id, variation: cell.variation, size: cell.size }));
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

/** The dry run of a catalogue ZIP: its CSV read with the images it brings, nothing written. */
export async function checkCatalogueZip(
  db: Executor,
  images: ImageStore,
  bytes: Buffer,
): Promise<CatalogueCsvReport> {
  const zip = await openCatalogueZip(bytes);
  try {
    return report(await planFile(db, images, zip.csv, false, zip.images));
  } finally {
    zip.close();
  }
}

/**
 * Applies a catalogue ZIP: the images it brings are checked, re-encoded and stored first (the
 * image pipeline's rules; none written if one cannot be read), then its CSV is applied as a CSV
 * file is, through `apply` (the caller's audited transaction). When that fails, the files this
 * apply wrote are removed again unless a row shows them; a crash in between leaves them to the
 * hourly sweep of unused images.
 */
export async function applyCatalogueZip(
  db: Db,
  store: ImageStore,
  bytes: Buffer,
  log: FastifyBaseLogger,
  apply: (csv: string, zip: CatalogueZip) => Promise<CatalogueCsvReport>,
): Promise<CatalogueCsvReport> {
  const zip = await openCatalogueZip(bytes);
  try {
    // One photo named twice (by its path and by its file name, or two copies) is prepared once.
    const photos = new Map<string, { name: string; entry: Entry }>();
    for (const [name, image] of zip.images)
      if ('file' in image && !photos.has(image.file)) photos.set(image.file, { name, entry: image.entry });
    const prepared: PreparedImage[] = [];
    for (const { name, entry } of photos.values()) {
      const data = await zip.read(entry);
      prepared.push(
        // The pipeline's refusal (not an image, undecodable) named by the file's name in the ZIP.
        await prepareImage(store, data).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode < 500
            ? badInput(Z.unreadableImageData(name))
            : error;
        }),
      );
    }
    return await withImagesStored(db, store, prepared, log, async (storeAll) => {
      await storeAll();
      return apply(zip.csv, zip);
    });
  } finally {
    zip.close();
  }
}
