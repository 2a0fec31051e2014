// The payments module's public face: its routes and service, the sweep that cancels orders left
// unpaid, PayMongo (checkout sessions, the webhook, refunds), and the shoppers' screenshots of
// their transfers.
export { cancelLapsed, startLapseSweeper } from './lapse.ts';
export { default as paymentsRoutes } from './payments.routes.ts';
export { PaymentsService } from './payments.service.ts';
export { default as paymongoRoutes } from './paymongo.routes.ts';
export { openPayMongo } from './paymongo.ts';
export { default as transferProofRoutes } from './transfer-proof.routes.ts';
export { TransferProofs } from './transfer-proof.ts';
