import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Requests that are not back-office writes although an admin sends them with an unsafe method:
 * they change nothing (the CSV dry runs).
 */
export const NOT_WRITES = new Set([
  'POST /api/shipments/csv/check',
  'POST /api/admin/catalogue/csv/check',
  'POST /api/admin/catalogue/zip/check',
]);

/**
 * Every back-office write leaves an audit row, written by its route through `audited` (or, for
 * sign-ins and password changes, `audit`) in the transaction of the change. A request an admin
 * guard let through, with an unsafe method, that succeeded without one is logged as an error, and
 * the authorization matrix test fails on it: a write route added without its row is caught.
 */
async function auditPlugin(app: FastifyInstance) {
  app.decorateRequest('audited', false);
  app.addHook('onResponse', async (request, reply) => {
    if (unaudited(request, reply.statusCode)) {
      request.log.error({ route: request.routeOptions.url }, 'A back-office write left no audit row');
    }
  });
}

/** Whether an answer is to a back-office write that succeeded and left no audit row. */
export function unaudited(request: FastifyRequest, status: number): boolean {
  const { method } = request;
  if (!request.admin || request.audited || status >= 400) return false;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  return !NOT_WRITES.has(`${method} ${request.routeOptions.url ?? ''}`);
}

export default fp(auditPlugin, { name: 'audit' });
