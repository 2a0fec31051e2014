import {
  EmailDetailSchema,
  EmailListQuerySchema,
  EmailSummarySchema,
  IdParamsSchema,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import * as emailsService from './emails.service.ts';

/** The back office's view of the outbox: what was mailed to whom, and whether it went. */
export default async function emailsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['emails'];

  r.get(
    '/emails',
    {
      schema: { tags, querystring: EmailListQuerySchema, response: { 200: z.array(EmailSummarySchema) } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { emails, total } = await emailsService.listEmails(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return emails;
    },
  );

  r.get(
    '/emails/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: EmailDetailSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => emailsService.getEmail(db, request.params.id),
  );
}
