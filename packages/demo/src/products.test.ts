import {
  CATEGORIES,
  CreateProductFieldsSchema,
  HOME_COLLECTION_SIZE,
  SIZE_PRESETS,
  SUBCATEGORIES,
} from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { demoProducts } from './products.ts';

/** A select's value as the Add Product form sends it. */
const option = (value: unknown) => JSON.stringify({ label: String(value), value });

describe('the demo products', () => {
  it('pass the checks the API applies to a new product (seeding writes them without the API)', () => {
    for (const p of demoProducts) {
      const parsed = CreateProductFieldsSchema.safeParse({
        name: p.name,
        description: p.description,
        price: p.price,
        size: option(SIZE_PRESETS[p.sizePreset]),
        category: option(p.category),
        subCategory: option(p.subCategory),
        variationsName: JSON.stringify(p.variations.map((v) => v.name)),
      });
      expect(parsed.error?.issues, p.name).toBeUndefined();
    }
  });

  it('have unique names, and so do their variations', () => {
    const names = demoProducts.map((p) => p.name);
    const variations = demoProducts.flatMap((p) => p.variations.map((v) => v.name));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(variations).size).toBe(variations.length);
  });

  it('cover every category and subcategory pair at least twice, so no storefront filter is empty', () => {
    for (const category of CATEGORIES)
      for (const subCategory of SUBCATEGORIES) {
        const count = demoProducts.filter((p) => p.category === category && p.subCategory === subCategory);
        expect(count.length, `${category} / ${subCategory}`).toBeGreaterThanOrEqual(2);
      }
  });

  it('curate a whole Best Collections row for a store with no sales yet', () => {
    expect(demoProducts.filter((p) => p.bestCollection)).toHaveLength(HOME_COLLECTION_SIZE);
  });
});
