import { z } from 'zod';
import { DayDateSchema } from '../dashboard.ts';
import { PageQuerySchema, SearchTextSchema, singleLineText } from './common.ts';

/**
 * What the Audit log is filtered by: a record's id (or its start), who, what kind of record, and
 * which days (store time, both ends).
 */
export const AuditFiltersSchema = z.strictObject({
  q: SearchTextSchema.optional(),
  admin: singleLineText().trim().min(1).max(100).optional(),
  entity: z
    .string()
    .regex(/^[a-z][a-z-]{0,39}$/, { message: 'Choose a kind of record' })
    .optional(),
  from: DayDateSchema.optional(),
  to: DayDateSchema.optional(),
});
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

export const AuditListQuerySchema = PageQuerySchema.extend(AuditFiltersSchema.shape).refine(
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: 'The first day comes before the last', path: ['to'] },
);
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditExportQuerySchema = AuditFiltersSchema.refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: 'The first day comes before the last',
  path: ['to'],
});

/** One row of the Audit log: who did what to which record, and the fields it changed. */
export const AuditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  adminId: z.string().nullable(),
  admin: z.string(),
  /** A keyed hash of the client's address: the same client, never the address. */
  client: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The choices the filters offer. */
export const AuditFacetsSchema = z.object({ admins: z.array(z.string()), entities: z.array(z.string()) });
export type AuditFacets = z.infer<typeof AuditFacetsSchema>;
