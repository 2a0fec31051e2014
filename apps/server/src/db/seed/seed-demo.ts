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
  const start = Date.now() - catalogue.length * 60_000;
  let bestRank = 0;
  for (const [i, item] of catalogue.entries()) {
    const variations = [];
    for (const variation of item.variations) {
      const imageUrl = await storeImage(uploadsDir, Buffer.from(garmentSvg(item.kind, variation.colour)));
      variations.push({ name: variation.name, imageUrl });
    }
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
