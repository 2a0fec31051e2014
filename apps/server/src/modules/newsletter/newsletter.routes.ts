import {
  MessageResponseSchema,
  NEWSLETTER_MESSAGES,
  NewsletterConfirmedSchema,
  NewsletterConfirmSchema,
  NewsletterSubscribeSchema,
  NewsletterUnsubscribeQuerySchema,
  SUBSCRIBERS_CSV_FILENAME,
  SubscriberExportQuerySchema,
  SubscriberListQuerySchema,
  SubscriberSchema,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { toCsv } from '../../lib/csv.ts';
import { throttleSubscribe } from '../auth/index.ts';
import * as newsletter from './newsletter.service.ts';

/**
 * The footer's newsletter (`/newsletter`: subscribe, confirm by the mailed link, unsubscribe)
 * and the back office's Subscribers page (`/admin/subscribers`).
 */
export default async function newsletterRoutes(
  app: FastifyInstance,
  { db, settings }: { db: Db; settings: newsletter.NewsletterSettings },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['newsletter'];

  r.post(
    '/newsletter/subscribe',
    {
      schema: { tags, body: NewsletterSubscribeSchema, response: { 202: MessageResponseSchema } },
      // Counted once the address is valid: only a request that may mail anyone uses the allowance.
      preHandler: async (request, reply) => {
        await throttleSubscribe(db, request, reply);
      },
    },
    async (request, reply) => {
      await newsletter.subscribe(db, request.body.email, settings);
      return reply.status(202).send({ message: NEWSLETTER_MESSAGES.checkInbox });
    },
  );

  r.post(
    '/newsletter/confirm',
    { schema: { tags, body: NewsletterConfirmSchema, response: { 200: NewsletterConfirmedSchema } } },
    async (request) => newsletter.confirm(db, request.body.token, settings),
  );

  // The unsubscribe page posts here, and so do mail clients' own Unsubscribe buttons (RFC 8058:
  // a form body of "List-Unsubscribe=One-Click", from the provider's servers), so the token
  // travels in the query and any body is read as text and ignored.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/unsubscribe',
      {
        schema: {
          tags,
          querystring: NewsletterUnsubscribeQuerySchema,
          response: { 200: MessageResponseSchema },
        },
        config: { crossSite: true },
      },
      async (request) => {
        await newsletter.unsubscribe(db, request.query.token);
        return { message: NEWSLETTER_MESSAGES.unsubscribed };
      },
    );
  });

  r.get(
    '/admin/subscribers',
    {
      schema: {
        tags,
        querystring: SubscriberListQuerySchema,
        response: { 200: z.array(SubscriberSchema) },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { subscribers, total } = await newsletter.listSubscribers(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return subscribers;
    },
  );

  r.get(
    '/admin/subscribers/export',
    {
      schema: { tags, querystring: SubscriberExportQuerySchema },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const rows = await newsletter.allSubscribers(db, request.query);
      const csv = toCsv([
        ['Email', 'Status', 'Subscribed', 'Confirmed', 'Unsubscribed', 'Welcome code', 'Code used'],
        ...rows.map((s) => [
          s.email,
          s.status,
          s.createdAt,
          s.confirmedAt ?? '',
          s.unsubscribedAt ?? '',
          s.code ?? '',
          s.code === null ? '' : s.codeUsed ? 'yes' : 'no',
        ]),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${SUBSCRIBERS_CSV_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
