// The places module's public face: the PSGC list's routes, and the check of a structured address.
export { default as placesRoutes } from './places.routes.ts';
export { resolveAddress } from './places.ts';
