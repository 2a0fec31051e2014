import { CheckoutLinkSchema, IdParamsSchema, PAYMENT_MESSAGES } from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Executor } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { CheckoutSessions } from './checkout.ts';
import { requireOrderOwner } from './order-owner.ts';
import { type PayMongoEvents, WebhookEventSchema } from './paymongo-events.ts';
import { verifySignature } from './webhook-signature.ts';

export interface PayMongoRoutesOptions {
  db: Executor;
  /** Absent when PayMongo's keys are not set: the retry is 409 and the webhook 404. */
  paymongo?: {
    checkout: CheckoutSessions;
    events: PayMongoEvents;
    webhookSecret: string;
    /** A live key (`sk_live_…`): the signature's `li` part is checked, else `te`. */
    live: boolean;
  };
}

/** The shopper's checkout page for an online order, and PayMongo's webhook. */
export default async function paymongoRoutes(app: FastifyInstance, { db, paymongo }: PayMongoRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/orders/:id/checkout',
    {
      schema: { tags: ['payments'], params: IdParamsSchema, response: { 200: CheckoutLinkSchema } },
      onRequest: requireOrderOwner(app, db),
    },
    async (request) => {
      // A store without PayMongo's keys takes no online payment at all: nothing to retry.
      if (!paymongo) throw conflict(PAYMENT_MESSAGES.methodOff);
      return { checkoutUrl: await paymongo.checkout.retry(request.params.id, request.customer!.id) };
    },
  );

  // The signature covers the body's bytes as sent: this scope keeps them (a Buffer) instead of
  // parsing JSON, and the route parses them once they are verified.
  await app.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    hook.post(
      '/paymongo/webhook',
      // PayMongo's servers post it, with no Origin: its signature is its authority.
      { config: { crossSite: true }, schema: { hide: true } },
      async (request, reply) => {
        if (!paymongo) return reply.status(404).send({ message: 'Not found' });
        const header = request.headers['paymongo-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signed = verifySignature(typeof header === 'string' ? header : undefined, raw, paymongo);
        if (!signed) return reply.status(401).send({ message: 'Invalid signature' });
        let event: unknown;
        try {
          event = JSON.parse(raw.toString('utf8'));
        } catch {
          return reply.status(400).send({ message: 'Request body is not valid JSON' });
        }
        const parsed = WebhookEventSchema.safeParse(event);
        if (!parsed.success) return reply.status(400).send({ message: 'Not a PayMongo event' });
        await paymongo.events.take(parsed.data);
        return reply.status(200).send({ received: true });
      },
    );
  });
}
