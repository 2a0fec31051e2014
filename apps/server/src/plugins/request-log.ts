import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The calls worth a line at info; health checks, the docs, pages, assets and images are debug. */
function isNoteworthy(path: string) {
  return path.startsWith('/api/') && !path.startsWith('/api/health') && !path.startsWith('/api/docs');
}

/**
 * Every request gets a random id, returned as `x-request-id` and carried by its log lines, so
 * a shopper's report can be found in the logs. One line per finished request, with the path
 * but never the query string (it can hold search terms and emails) nor the body.
 */
async function requestLogPlugin(app: FastifyInstance) {
  // Hooks in callback form: an async one costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const path = request.url.split('?', 1)[0]!;
    const fields = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    if (isNoteworthy(path)) request.log.info(fields, 'request');
    else request.log.debug(fields, 'request');
    done();
  });
}

export const requestIds = { genReqId: () => randomUUID(), requestIdHeader: false as const };

export default fp(requestLogPlugin, { name: 'request-log' });
