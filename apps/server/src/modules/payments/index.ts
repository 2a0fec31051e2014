// The payments module's public face: its routes and service, the sweep that cancels orders left
// unpaid, and PayMongo (checkout sessions, the webhook, refunds).
export { cancelLapsed, startLapseSweeper } from './lapse.ts';
export { default as paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { default as paymongoRoutes } from './paymongo.routes.ts';
export { openPayMongo } from './paymongo.ts';
