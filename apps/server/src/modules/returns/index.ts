// The returns module's public face: its routes (returns and exchanges, and a shopper cancelling
// items before they ship).
export { cancelItemsRoutes, default as returnsRoutes } from './returns.routes.ts';
export { takeReturnPhotos } from './photos.ts';
