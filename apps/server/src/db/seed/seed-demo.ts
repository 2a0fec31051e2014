import { SIZE_PRESETS } from '@habi/shared';
import { createProduct } from '../../modules/products/products.service.ts';
import { storeImage } from '../../modules/uploads/images.ts';
import type { Executor } from '../client.ts';
import { catalogue } from './catalogue.ts';
import { garmentSvg } from './garments.ts';

/**
 * Fills an empty catalogue with the demo products, their images drawn by our own code and
 * stored through the same pipeline as uploads. Products are dated a minute apart, in list
 * order, so "Latest Collections" is stable.
 */
export async function seedDemoCatalogue(db: Executor, uploadsDir: string): Promise<number> {
  // Images are drawn a few at a time (sharp works off the main thread), rows written in order.
  const drawings = catalogue.flatMap((item) =>
    item.variations.map((v) => ({ kind: item.kind, colour: v.colour })),
  );
  const urls = await mapWithConcurrency(drawings, 3, ({ kind, colour }) =>
    storeImage(uploadsDir, Buffer.from(garmentSvg(kind, colour))),
  );
  const start = Date.now() - catalogue.length * 60_000;
  let next = 0;
  let bestRank = 0;
  for (const [i, item] of catalogue.entries()) {
    const variations = item.variations.map((variation) => ({
      name: variation.name,
      imageUrl: urls[next++]!,
    }));
    await createProduct(db, {
      name: item.name,
      description: item.description,
      price: item.price,
      imageUrl: variations[0]!.imageUrl,
      category: item.category,
      subCategory: item.subCategory,
      sizes: [...SIZE_PRESETS[item.sizes]],
      variations,
      ...(item.bestCollection ? { bestRank: ++bestRank } : {}),
      createdAt: new Date(start + i * 60_000).toISOString(),
    });
  }
  return catalogue.length;
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
