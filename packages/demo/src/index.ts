// The demo catalogue a new store can open with: the products, their stock and the drawings of their images.
// Only seeding loads it (the server imports it lazily), so a normal start never parses the drawings.
export { drawGarment, type GarmentKind } from './garments.ts';
export { type DemoProduct, type DemoVariation, demoProducts } from './products.ts';
export { demoStock } from './stock.ts';
