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
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { paymentSettings, transferAccounts } from '../../db/schema.ts';
import { readOneImage } from '../../lib/multipart.ts';
import { type AuditRead, audited, rowOf } from '../audit/index.ts';
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

  const saving = savingIn(db, settings);

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
    async (request) => {
      await saving(
        request,
        { entity: 'payment-settings', action: 'save', id: null, read: settingsRow },
        (tx) => settings.write(request.body, tx),
      );
      return settings.read();
    },
  );

  r.post(
    '/accounts',
    {
      schema: { tags, body: TransferAccountInputSchema, response: { 201: TransferAccountSchema } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const added = await audited(
        db,
        request,
        { entity: 'payment-account', action: 'create', id: (made) => made.id, read: accountRow },
        (tx: Db) => settings.addAccount(request.body, tx),
      );
      settings.forget();
      return reply.status(201).send(added);
    },
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
    async (request) => {
      const { id } = request.params;
      const change = await saving(
        request,
        { entity: 'payment-account', action: 'edit', id, read: accountRow },
        (tx) => settings.editAccount(id, request.body, tx),
      );
      return changed(change, request.log);
    },
  );

  r.delete(
    '/accounts/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { id } = request.params;
      const qr = await saving(
        request,
        { entity: 'payment-account', action: 'delete', id, read: accountRow },
        (tx) => settings.removeAccount(id, tx),
      );
      await drop(qr, request.log);
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
        const { id } = request.params;
        const change = await saving(
          request,
          { entity: 'payment-account', action: 'qr-image', id, read: accountRow },
          (tx) => settings.setQrImage(id, image.url, tx),
        );
        return await changed(change, request.log);
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
    async (request) => {
      const { id } = request.params;
      const change = await saving(
        request,
        { entity: 'payment-account', action: 'qr-image-removed', id, read: accountRow },
        (tx) => settings.setQrImage(id, null, tx),
      );
      return changed(change, request.log);
    },
  );
}

const accountRow = rowOf(transferAccounts);
const settingsRow: AuditRead = async (tx) => {
  const [row] = await tx.select().from(paymentSettings);
  return row ?? null;
};

/**
 * A change of the settings or an account, in one transaction with its audit row; what the store
 * keeps is read again once it has committed.
 */
function savingIn(db: Db, settings: PaymentSettingsStore) {
  return async <T>(
    request: FastifyRequest,
    spec: { entity: string; action: string; id: string | null; read: AuditRead },
    change: (tx: Db) => Promise<T>,
  ): Promise<T> => {
    const result = await audited(db, request, spec, change);
    settings.forget();
    return result;
  };
}
