import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the process is shutting down: health answers 503 and connections are not kept. */
    lifecycle: { draining: boolean };
  }
}

/**
 * While draining, requests still in flight, or arriving on a connection already open, are
 * answered normally, but each response closes its connection so the client's next request
 * goes elsewhere (another instance, or this one restarted).
 */
async function lifecyclePlugin(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(lifecyclePlugin, { name: 'lifecycle' });
