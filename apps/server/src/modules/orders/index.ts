// The orders module's public face: the routes, every order of a customer (their data download),
// one order as read, status changes, and the payment state the payments module keeps.

export type { OrderRow } from './order-rows.ts';
export { lockOrder, setStatuses, updateStatuses } from './order-status.ts';
export { default as ordersRoutes } from './orders.routes.ts';
export { allCustomerOrders, getOrder } from './orders.service.ts';
export { refreshPaymentStatus } from './payment-state.ts';
export { removeTransferProofs, takeTransferProofs } from './transfer-proofs.ts';
