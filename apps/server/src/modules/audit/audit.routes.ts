import {
  AuditEntrySchema,
  AuditExportQuerySchema,
  AuditFacetsSchema,
  AuditListQuerySchema,
  storeDate,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { sendCsv } from '../reports/index.ts';
import { auditCsvRows, auditFacets, listAudit } from './audit.service.ts';

/** The back office's Audit log: a page of it, the filters' choices, and the filtered log as CSV. */
export default async function auditRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  r.get(
    '/',
    {
      schema: { tags, querystring: AuditListQuerySchema, response: { 200: z.array(AuditEntrySchema) } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { entries, total } = await listAudit(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return entries;
    },
  );

  r.get(
    '/facets',
    { schema: { tags, response: { 200: AuditFacetsSchema } }, onRequest: app.requireAdmin },
    async () => auditFacets(db),
  );

  r.get(
    '/export',
    {
      schema: { tags, querystring: AuditExportQuerySchema, produces: ['text/csv'] },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      async function* chunks() {
        for await (const row of auditCsvRows(db, request.query)) yield toCsv([row]);
      }
      return sendCsv(reply, `audit-log-${storeDate(new Date())}.csv`, chunks());
    },
  );
}
