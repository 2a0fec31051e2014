// The discounts module's public face: the routes, what checkout does with a code, and what
// erasing an account does to the codes bound to its address.
export { default as discountsRoutes } from './discounts.routes.ts';
export {
  applicableCode,
  redeemCode,
  releaseOrderCode,
  retakeOrderCode,
  withdrawCodesBoundTo,
} from './discounts.service.ts';
