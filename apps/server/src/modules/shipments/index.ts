// The shipments module's public face: its routes (the back office's shipping and deliveries).
export { default as shipmentsRoutes } from './shipments.routes.ts';
