/**
 * The database's tables, one file per part of the store (drizzle-kit reads this file to make
 * migrations). Code imports the tables from here.
 */
export * from './schema/accounts.ts';
export * from './schema/audit.ts';
export * from './schema/catalogue.ts';
export * from './schema/discounts.ts';
export * from './schema/mail.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/returns.ts';
export * from './schema/sales.ts';
export * from './schema/shipments.ts';
export * from './schema/staff.ts';
