/** The back office's audit log: who changed what, when and from where. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/** The fields a change touched: their values before and after (absent on a creation or deletion). */
export interface AuditChanges {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * One row per back-office write and per admin sign-in, sign-out or failed sign-in, written in
 * the transaction of the change. Append-only: a trigger (migration `*_audit_log.sql`) refuses UPDATE and
 * DELETE. The admin is kept by id and by the username they had then, without a foreign key, so
 * the row outlives the admin. The client is an HMAC of its address with `audit_key`'s secret:
 * the same client is recognisable, its address is not stored.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    adminId: uuid('admin_id'),
    adminUsername: text('admin_username').notNull(),
    client: text('client').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_admin_idx').on(t.adminId, t.at.desc()),
    index('audit_log_entity_idx').on(t.entity, t.at.desc()),
  ],
);

/** The secret the audit log's client hashes are keyed with, made once by the migration. */
export const auditKey = pgTable('audit_key', {
  id: text('id').primaryKey().default('key'),
  secret: text('secret')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
});
