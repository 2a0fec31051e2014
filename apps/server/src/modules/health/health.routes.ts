import { MessageResponseSchema } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

/** 200 when the database answers (DESIGN §3), 503 when it does not. */
export default async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
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
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'database check failed');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
      return { status: 'ok' as const, database: database.kind };
    },
  );
}
