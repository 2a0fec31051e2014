import { demoProducts, demoStock, drawGarment } from '@habi/demo';
import { SIZE_PRESETS } from '@habi/shared';
import type { Db } from '../../db/client.ts';
import { createProduct } from '../products/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { storeImage } from '../uploads/index.ts';

/**
 * Fills an empty catalogue with the products of `@habi/demo`, their images drawn by that package and
 * stored through the same pipeline as uploads. Boot imports this module only when it seeds, so the
 * demo package (external to the server's bundle) is loaded then and only then.
 */
export async function seedDemoCatalogue(db: Db, images: ImageStore): Promise<number> {
  // Images are drawn a few at a time (sharp works off the main thread), rows written in order.
  const drawings = demoProducts.flatMap((item) =>
    item.variations.map((v) => ({ kind: item.kind, colour: v.colour })),
  );
  const urls = await mapWithConcurrency(drawings, 3, ({ kind, colour }) =>
    storeImage(images, Buffer.from(drawGarment(kind, colour))),
  );
  await insertDemoProducts(db, urls);
  return demoProducts.length;
}

/**
 * Writes the demo products with their image URLs, in catalogue order (one URL per variation),
 * dated a minute apart so "Latest Collections" is stable, each tracking the stock the demo
 * package gives it. One transaction: a start cut short
 * leaves no partial catalogue, and the next start seeds again (the images, named by content,
 * are reused).
 */
export async function insertDemoProducts(db: Db, urls: string[]): Promise<void> {
  const start = Date.now() - demoProducts.length * 60_000;
  let next = 0;
  let bestRank = 0;
  await db.transaction(async (tx) => {
    for (const [i, item] of demoProducts.entries()) {
      const variations = item.variations.map((variation) => ({
        name: variation.name,
        imageUrl: urls[next++]!,
      }));
      const sizes = SIZE_PRESETS[item.sizePreset];
      const stock = variations.flatMap((variation, v) =>
        (sizes.length > 0 ? sizes : ['']).map((size, s) => ({
          variation: variation.name,
          size,
          quantity: demoStock(i, v, s),
        })),
      );
      await createProduct(tx, {
        name: item.name,
        description: item.description,
        price: item.price,
        imageUrl: variations[0]!.imageUrl,
        category: item.category,
        subCategory: item.subCategory,
        sizes: [...sizes],
        variations,
        stock,
        ...(item.bestCollection ? { bestRank: ++bestRank } : {}),
        createdAt: new Date(start + i * 60_000).toISOString(),
      });
    }
  });
}

async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let index = 0;
  const worker = async () => {
    while (index < items.length) {
      const i = index++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
