import { MessageResponseSchema } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/**
 * `/health` is readiness: 200 when this instance should get traffic (its database answers), 503
 * when it does not or while the process shuts down, so a load balancer moves on. `/health/live`
 * is liveness: 200 as long as the process can answer at all, for a supervisor deciding whether
 * to restart it (a database outage is no reason to).
 */
export default async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/health/live',
      { schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('alive') }) } } },
      async () => ({ status: 'alive' as const }),
    );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: MessageResponseSchema,
        },
      },
    },
    async (request, reply) => {
      if (app.lifecycle.draining) return reply.status(503).send({ message: 'Shutting down' });
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        request.log.warn({ err }, 'database check failed');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
}
