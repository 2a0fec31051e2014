import {
  IdParamsSchema,
  MessageResponseSchema,
  PaymentOptionsSchema,
  PaymentSettingsInputSchema,
  PaymentSettingsSchema,
  TransferAccountInputSchema,
  TransferAccountSchema,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PaymentSettingsStore } from './payment-settings.service.ts';

/** The shop's payment settings (admins) and what the cart offers (anyone). */
export default async function paymentSettingsRoutes(
  app: FastifyInstance,
  { settings }: { settings: PaymentSettingsStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  r.get('/options', { schema: { tags, response: { 200: PaymentOptionsSchema } } }, () => settings.options());

  r.get(
    '/settings',
    { schema: { tags, response: { 200: PaymentSettingsSchema } }, onRequest: app.requireAdmin },
    () => settings.read(),
  );

  r.put(
    '/settings',
    {
      schema: { tags, body: PaymentSettingsInputSchema, response: { 200: PaymentSettingsSchema } },
      onRequest: app.requireAdmin,
    },
    (request) => settings.write(request.body),
  );

  r.post(
    '/accounts',
    {
      schema: { tags, body: TransferAccountInputSchema, response: { 201: TransferAccountSchema } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => reply.status(201).send(await settings.addAccount(request.body)),
  );

  r.put(
    '/accounts/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: TransferAccountInputSchema,
        response: { 200: TransferAccountSchema },
      },
      onRequest: app.requireAdmin,
    },
    (request) => settings.editAccount(request.params.id, request.body),
  );

  r.delete(
    '/accounts/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      await settings.removeAccount(request.params.id);
      return { message: 'Account deleted' };
    },
  );
}
