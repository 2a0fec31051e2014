// The shipments module's public face: its routes (the back office's shipping and deliveries), and
// the replacement parcel of an exchange (the returns module).
export { shipReplacement } from './replacements.ts';
export { default as shipmentsRoutes } from './shipments.routes.ts';
