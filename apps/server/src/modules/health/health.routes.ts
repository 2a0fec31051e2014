import { MessageResponseSchema } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { freeBytes } from '../../lib/disk-space.ts';
import { every } from '../../lib/periodic.ts';
import { canSaveAgain, PROBE_MS } from './saving.ts';

/**
 * While writes fail for want of space (`app.lifecycle.saving`), looks every `PROBE_MS` for room
 * again, and clears it when there is: readiness turns 200 without waiting for a write, which a
 * load balancer would no longer send.
 */
function probeWhileFull(app: FastifyInstance, database: Database, dataDir: string) {
  const { saving } = app.lifecycle;
  const probe = { canWrite: () => database.canWrite(), freeBytes: () => freeBytes(dataDir) };
  const prober = every(PROBE_MS, async () => {
    if (!saving.active) return;
    try {
      if (await canSaveAgain(saving.places, probe)) saving.cleared();
    } catch {
      // No answer is no room: the next round asks again.
    }
  });
  app.addHook('onClose', () => prober.stop());
}

/**
 * `/health` is readiness: 200 when this instance should get traffic (its database answers and it
 * can save), 503 when it does not, while writes fail for want of disk space (reads may still
 * work: the body says why), or while the process shuts down, so a load balancer moves on.
 * `/health/live` is liveness: 200 as long as the process can answer at all, for a supervisor
 * deciding whether to restart it (a database outage or a full disk is no reason to).
 */
export default async function healthRoutes(
  app: FastifyInstance,
  { database, dataDir }: { database: Database; dataDir: string },
) {
  probeWhileFull(app, database, dataDir);
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
      const { saving } = app.lifecycle;
      try {
        await database.db.execute(sql`select 1`);
      } catch (err) {
        // A database stopped by its full disk was logged when writes began to fail.
        if (!saving.active) request.log.warn({ err }, 'database check failed');
        const message = saving.active
          ? `Database unavailable. ${saving.describe({ reads: false })}`
          : 'Database unavailable';
        return reply.status(503).send({ message });
      }
      if (saving.active) return reply.status(503).send({ message: saving.describe({ reads: true }) });
      return { status: 'ok' as const, database: database.kind };
    },
  );
}
