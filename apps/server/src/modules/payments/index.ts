// The payments module's public face: its routes and service, and the sweep that cancels orders
// left unpaid.
export { cancelLapsed, startLapseSweeper } from './lapse.ts';
export { default as paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
