// The returns module's public face: its routes (returns and exchanges, and a shopper cancelling
// items before they ship), and the photos an erased account lets go.
export { takeReturnPhotos } from './photos.ts';
export { cancelItemsRoutes, default as returnsRoutes } from './returns.routes.ts';
