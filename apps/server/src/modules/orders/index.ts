// The orders module's public face: the routes, and every order of a customer (their data download).
export { default as ordersRoutes } from './orders.routes.ts';
export { allCustomerOrders } from './orders.service.ts';
