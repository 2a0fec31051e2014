import { createHmac } from 'node:crypto';
import type { AuditEntry, AuditListQuery } from '@habi/shared';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { type AuditChanges, auditKey, auditLog } from '../../db/schema.ts';
import { diff, redact } from './redact.ts';

/** Who an audit row names: the signed-in admin, or for a sign-in the account it was for. */
export interface Actor {
  id: string | null;
  username: string;
}

export interface AuditEvent {
  /** What was changed: `product`, `order`, `discount`, `admin-session`… */
  entity: string;
  id?: string | null;
  /** What was done to it: `create`, `edit`, `delete`, `sign-in`… */
  action: string;
  before?: unknown;
  after?: unknown;
  /** Who did it, when not the request's admin (sign-ins). */
  actor?: Actor;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request wrote its audit row (plugins check that admin writes did). */
    audited: boolean;
  }
}

/** The HMAC key, read once per database. */
const keys = new WeakMap<object, Promise<string>>();
async function keyOf(request: FastifyRequest, tx: Executor): Promise<string> {
  const server = request.server;
  let key = keys.get(server);
  if (!key) {
    key = tx
      .select({ secret: auditKey.secret })
      .from(auditKey)
      .then(([row]) => {
        if (!row) throw new Error('audit_key has no secret (its migration, *_audit_log.sql, makes one)');
        return row.secret;
      });
    keys.set(server, key);
    key.catch(() => keys.delete(server));
  }
  return key;
}

/** The client's address keyed with the store's secret: the same client, never its address. */
export async function clientHash(request: FastifyRequest, tx: Executor): Promise<string> {
  return createHmac('sha256', await keyOf(request, tx))
    .update(request.ip)
    .digest('hex')
    .slice(0, 32);
}

/** The store's own records and its staff's: their names and addresses are no shopper's personal data. */
const STORE_RECORDS = new Set([
  'admin',
  'admin-session',
  'payment-account',
  'payment-settings',
  'product',
  'return-settings',
  'size-chart',
  'staff-invite',
]);

/** The redacted snapshot of a record. */
function snapshot(entity: string, value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const clean = redact(value, STORE_RECORDS.has(entity));
  return typeof clean === 'object' && !Array.isArray(clean)
    ? (clean as Record<string, unknown>)
    : { value: clean };
}

/**
 * Writes one audit row in `tx`, the transaction of the change, so a change that rolls back
 * leaves none. Only the fields that changed are kept, without secrets.
 */
export async function audit(tx: Executor, request: FastifyRequest, event: AuditEvent): Promise<void> {
  const actor =
    event.actor ?? (request.admin ? { id: request.admin.id, username: request.admin.username } : null);
  if (!actor) throw new Error(`audit: no admin on the request for ${event.entity} ${event.action}`);
  const changes: AuditChanges = diff(
    snapshot(event.entity, event.before),
    snapshot(event.entity, event.after),
  );
  await tx.insert(auditLog).values({
    adminId: actor.id,
    adminUsername: actor.username,
    client: await clientHash(request, tx),
    entity: event.entity,
    entityId: event.id ?? null,
    action: event.action,
    changes,
  });
  request.audited = true;
}

/**
 * Records a change of one kind of record in the transaction given: for a service that does work
 * before its transaction opens (an upload's images), so the route cannot open it for the service.
 */
export type Recorder = (
  tx: Executor,
  change: { action: string; id: string | null; before?: unknown; after?: unknown },
) => Promise<void>;

/** The recorder of the request's admin's changes to `entity`. */
export const recorder =
  (request: FastifyRequest, entity: string): Recorder =>
  (tx, change) =>
    audit(tx, request, { entity, ...change });

/** For a change whose row another record's already keeps (a return's refund, in the ledger too). */
export const unrecorded: Recorder = async () => {};

/** Reads the record an audited write changes, as it is in the transaction. */
export type AuditRead = (tx: Executor, id: string) => Promise<unknown>;

/**
 * A reader of one table's row by id. `lock`: the row is locked as it is read, so no other change
 * lands between what the row says it was and the write; only for a write whose own first lock is
 * that row (a lock taken before the write's others would reverse their order, and deadlock).
 */
export function rowOf(table: PgTable & { id: Parameters<typeof eq>[0] }, { lock = false } = {}): AuditRead {
  return async (tx, id) => {
    const read = tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id));
    const [row] = lock ? await read.for('update') : await read;
    return row ?? null;
  };
}

interface AuditedWrite<T> {
  entity: string;
  action: string;
  /** The record's id, or for a creation how to find it in the result. */
  id?: string | null | ((result: T) => string | null | undefined);
  /** How to read the record before and after; without it, `after` is what the write returns. */
  read?: AuditRead;
}

/**
 * Runs a back-office write in a transaction with its audit row: the record is read before and
 * after the write in that transaction and the row keeps what changed. The write gets the
 * transaction as its database; a service that opens its own transaction nests in this one (a
 * savepoint), so its work and the audit row commit together or not at all.
 */
export async function audited<T>(
  db: Db,
  request: FastifyRequest,
  spec: AuditedWrite<NoInfer<T>>,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // A creation's id comes from what the write made; a singleton (settings) has none.
    const creates = typeof spec.id === 'function';
    const knownId = typeof spec.id === 'string' ? spec.id : null;
    const before = !creates && spec.read ? await spec.read(tx, knownId ?? '') : null;
    const result = await write(tx);
    const id = typeof spec.id === 'function' ? (spec.id(result) ?? null) : knownId;
    const after = !spec.read ? result : creates && id === null ? null : await spec.read(tx, id ?? '');
    await audit(tx, request, { entity: spec.entity, action: spec.action, id, before, after });
    return result;
  });
}

// The back office's Audit log page.

function where(query: AuditListQuery): SQL | undefined {
  const day = (date: string) => sql`(${date}::date::timestamp at time zone 'Asia/Manila')`;
  return and(
    query.q ? sql`${auditLog.entityId} like ${`${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    query.admin ? eq(auditLog.adminUsername, query.admin) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.from ? gte(auditLog.at, sql`${day(query.from)}`) : undefined,
    query.to ? lt(auditLog.at, sql`${day(query.to)} + interval '1 day'`) : undefined,
  );
}

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  _id: row.id,
  at: new Date(row.at).toISOString(),
  adminId: row.adminId,
  admin: row.adminUsername,
  client: row.client,
  entity: row.entity,
  entityId: row.entityId,
  action: row.action,
  before: row.changes.before ?? null,
  after: row.changes.after ?? null,
});

/** A page of the log, newest first, and how many rows match. */
export async function listAudit(
  db: Db,
  query: AuditListQuery,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const filter = where(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(filter)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(auditLog).where(filter),
  ]);
  return { entries: rows.map(toEntry), total: counted?.n ?? 0 };
}

/** The names the filters offer: admins and entities the log has rows for. */
export async function auditFacets(db: Db): Promise<{ admins: string[]; entities: string[] }> {
  const [admins, entities] = await Promise.all([
    db.selectDistinct({ v: auditLog.adminUsername }).from(auditLog).orderBy(auditLog.adminUsername),
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
  ]);
  return { admins: admins.map((r) => r.v), entities: entities.map((r) => r.v) };
}

const EXPORT_BATCH = 500;
export const AUDIT_CSV_HEADER = ['When', 'Admin', 'Client', 'Entity', 'Id', 'Action', 'Before', 'After'];

/** The filtered log, newest first, in batches, as CSV rows. */
export async function* auditCsvRows(db: Db, query: Omit<AuditListQuery, 'limit' | 'offset'>) {
  yield AUDIT_CSV_HEADER;
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { entries } = await listAudit(db, { ...query, limit: EXPORT_BATCH, offset });
    for (const e of entries) {
      yield [
        e.at,
        e.admin,
        e.client,
        e.entity,
        e.entityId ?? '',
        e.action,
        e.before ? JSON.stringify(e.before) : '',
        e.after ? JSON.stringify(e.after) : '',
      ];
    }
    if (entries.length < EXPORT_BATCH) return;
  }
}
