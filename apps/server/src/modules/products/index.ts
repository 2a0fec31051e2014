// The products module's public face: the routes, the catalogue cache (the pages keep rendered
// pages in one too), a product added at seeding, the count boot reads, and the stock orders move.
export { createCatalogueCache, type VersionsRaised } from './catalogue-cache.ts';
export { default as productsRoutes } from './products.routes.ts';
export { countProducts, createProduct } from './products.service.ts';
export {
  fitStock,
  isKey,
  moveStock,
  type NewStockLevel,
  releaseSkus,
  type StockMove,
} from './stock.service.ts';
