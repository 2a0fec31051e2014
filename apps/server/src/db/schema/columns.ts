/** Column kinds the tables share. */
import { customType, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 }).notNull();

export const instant = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/** Raw bytes: node-postgres reads them as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});
