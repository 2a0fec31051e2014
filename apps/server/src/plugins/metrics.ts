import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { createMetrics, type Metrics } from '../lib/metrics.ts';
import { mailWaiting } from '../modules/mail/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const PLACE_ORDER = '/api/orders/placed-order';

/**
 * The route a request is counted under: its pattern (`/api/product/:id`), never its path, so the
 * labels stay few; the built app's hashed files as one, and requests no route took as a page (a
 * path the web app draws or answers 404 for) or as unmatched.
 */
function routeOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined)
    return request.method === 'GET' && !request.url.startsWith('/api/') ? 'page' : 'unmatched';
  return route.startsWith('/assets/') ? '/assets/*' : route;
}

/** Counts and times every answer, and the orders placed, in the app's metrics. */
async function metricsPlugin(app: FastifyInstance, { database }: { database: Database }) {
  const metrics = createMetrics({
    mailWaiting: () => mailWaiting(database.db),
    connections: database.connections,
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    metrics.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    // 201 is an order placed now; 200 answers a retry of one placed before.
    if (route === PLACE_ORDER && reply.statusCode === 201) metrics.orderPlaced();
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
