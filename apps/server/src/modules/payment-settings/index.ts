// The payment settings module's public face: the shop's methods, limits, expiry times and
// accounts, and the terms an order is placed on.
export { default as paymentSettingsRoutes } from './payment-settings.routes.ts';
export { PaymentSettingsStore, type PaymentTerms, termsFor } from './payment-settings.service.ts';
