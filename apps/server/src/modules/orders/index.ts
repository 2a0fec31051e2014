// The orders module's public face: the routes, every order of a customer (their data download),
// one order as read, status changes, a shipment as read, the payment state the payments module
// keeps, and the transfer screenshots that go when an order is cancelled or its customer erased.

export type { OrderRow } from './order-rows.ts';
export { toShipment } from './order-shipments.ts';
export { auditedOrder, lockOrder, setStatuses, updateStatuses } from './order-status.ts';
export { default as ordersRoutes } from './orders.routes.ts';
export { allCustomerOrders, getOrder, lockLines } from './orders.service.ts';
export { refreshPaymentStatus } from './payment-state.ts';
export { removeTransferProofs, takeTransferProofs } from './transfer-proofs.ts';
