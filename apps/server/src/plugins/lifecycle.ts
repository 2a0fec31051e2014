import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SaveFailures } from '../modules/health/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: {
      /** Set when the process is shutting down: health answers 503 and connections are not kept. */
      draining: boolean;
      /**
       * Writes refused for want of disk space (`plugins/errors.ts` reports them): health answers
       * 503 until the health module's probe finds room again.
       */
      saving: SaveFailures;
    };
  }
}

/**
 * While draining, requests still in flight, or arriving on a connection already open, are
 * answered normally, but each response closes its connection so the client's next request
 * goes elsewhere (another instance, or this one restarted).
 */
async function lifecyclePlugin(app: FastifyInstance) {
  app.decorate('lifecycle', { draining: false, saving: new SaveFailures(app.log) });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

export default fp(lifecyclePlugin, { name: 'lifecycle' });
