/**
 * What the demo store has of one size of one variation (indexes into the catalogue, the
 * variation list and the product's size preset): a fixed function, so every new store opens with
 * the same shelves. Most sizes have plenty (20-60); the first variation of a product always does,
 * so the colour a shopper sees first can be bought; in the others some sizes run low (1-5) and a
 * few are sold out; and every twentieth product from the fourteenth on is sold out whole.
 */
export function demoStock(productIndex: number, variationIndex: number, sizeIndex: number): number {
  if (productIndex % 20 === 13) return 0;
  if (variationIndex > 0) {
    const draw = (productIndex * 5 + variationIndex * 3 + sizeIndex * 7 + 4) % 17;
    if (draw === 0) return 0;
    if (draw <= 2) return 1 + ((productIndex + variationIndex + sizeIndex) % 5);
  }
  return 20 + ((productIndex * 7 + variationIndex * 13 + sizeIndex * 5) % 41);
}
