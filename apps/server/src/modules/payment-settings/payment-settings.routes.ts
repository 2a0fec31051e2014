import {
  IdParamsSchema,
  MessageResponseSchema,
  PAYMENT_MESSAGES,
  PaymentOptionsSchema,
  PaymentSettingsInputSchema,
  PaymentSettingsSchema,
  QR_IMAGE_FIELD,
  TransferAccountInputSchema,
  TransferAccountSchema,
} from '@habi/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { readOneImage } from '../../lib/multipart.ts';
import { type ImageStore, prepareImage, putImage, removeImageIfUnused } from '../uploads/index.ts';
import type { AccountChange, PaymentSettingsStore } from './payment-settings.service.ts';

/**
 * The shop's payment settings (admins) and what the cart offers (anyone). An account's QR code is
 * a public image (any shopper paying sees it); the one it replaced goes once nothing shows it.
 */
export default async function paymentSettingsRoutes(
  app: FastifyInstance,
  { db, images, settings }: { db: Db; images: ImageStore; settings: PaymentSettingsStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  /** Removes an image an account no longer shows; a failure is only logged (the change stands). */
  const drop = (url: string | null, log: FastifyBaseLogger) =>
    url === null
      ? undefined
      : removeImageIfUnused(db, images, url).catch((error: unknown) =>
          log.error({ err: error }, 'Could not remove a replaced QR code image'),
        );
  const changed = async ({ account, replaced }: AccountChange, log: FastifyBaseLogger) => {
    await drop(replaced, log);
    return account;
  };

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
    async (request) => changed(await settings.editAccount(request.params.id, request.body), request.log),
  );

  r.delete(
    '/accounts/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      await drop(await settings.removeAccount(request.params.id), request.log);
      return { message: 'Account deleted' };
    },
  );

  // A multipart form of one image (`qrImage`), re-encoded as every upload is.
  r.put(
    '/accounts/:id/qr-image',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: TransferAccountSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const file = await readOneImage(request, QR_IMAGE_FIELD, PAYMENT_MESSAGES.qrMissing);
      const image = await prepareImage(images, file);
      await settings.assertAccount(request.params.id);
      await putImage(images, image);
      try {
        return await changed(await settings.setQrImage(request.params.id, image.url), request.log);
      } catch (error) {
        // The account went meanwhile: its new image goes too.
        await drop(image.url, request.log);
        throw error;
      }
    },
  );

  r.delete(
    '/accounts/:id/qr-image',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: TransferAccountSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => changed(await settings.setQrImage(request.params.id, null), request.log),
  );
}
