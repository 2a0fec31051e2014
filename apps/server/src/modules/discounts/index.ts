// The discounts module's public face: the routes, and what checkout does with a code.
export { default as discountsRoutes } from './discounts.routes.ts';
export { applicableCode, redeemCode, releaseOrderCode, retakeOrderCode } from './discounts.service.ts';
