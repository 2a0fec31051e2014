import { DashboardQuerySchema, DashboardSchema } from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { dashboard } from './dashboard.service.ts';

/** The back office's Dashboard (`/admin/dashboard`): the period's sales and what waits for the shop. */
export default async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '',
    {
      schema: { tags: ['dashboard'], querystring: DashboardQuerySchema, response: { 200: DashboardSchema } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard(db, request.query);
    },
  );
}
