import { SIZE_PRESETS } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { demoProducts } from './products.ts';
import { demoStock } from './stock.ts';

/** Every stock level of the catalogue: product, variation index and quantity, per size. */
const levels = demoProducts.flatMap((product, p) =>
  product.variations.flatMap((_, v) => {
    const sizes = SIZE_PRESETS[product.sizePreset];
    return (sizes.length > 0 ? sizes : ['']).map((_size, s) => ({
      product,
      v,
      quantity: demoStock(p, v, s),
    }));
  }),
);
const band = (quantity: number) => (quantity === 0 ? 'sold out' : quantity <= 5 ? 'low' : 'plenty');

describe('the demo stock', () => {
  it('is mostly plenty (20-60), some low (1-5) and a few sold out, the same every time', () => {
    const bands: Record<string, number> = {};
    for (const { quantity } of levels) bands[band(quantity)] = (bands[band(quantity)] ?? 0) + 1;
    expect(bands).toEqual({ plenty: 892, low: 80, 'sold out': 90 });
    expect(
      levels.filter((l) => band(l.quantity) === 'plenty').every((l) => l.quantity >= 20 && l.quantity <= 60),
    ).toBe(true);
    expect(levels.reduce((total, l) => total + l.quantity, 0)).toBe(35_865);
  });

  it('sells out three products whole, and leaves every first variation of the others plenty in every size', () => {
    const soldOut = demoProducts.filter((product) =>
      levels.filter((l) => l.product === product).every((l) => l.quantity === 0),
    );
    expect(soldOut.map((p) => p.name)).toEqual([
      'Men Weekend Sweat Set Heather',
      'Women Strappy Sandals Tan',
      'Kids Mini Handbag Coral',
    ]);
    const firsts = levels.filter((l) => l.v === 0 && !soldOut.includes(l.product));
    expect(firsts.every((l) => l.quantity >= 20)).toBe(true);
  });
});
