import { randomBytes } from 'node:crypto';
import {
  CancelItemsSchema,
  CreateReturnSchema,
  can,
  IdParamsSchema,
  IdSchema,
  MyReturnsSchema,
  OrderSchema,
  RETURN_MESSAGES,
  RETURN_PHOTO_FIELD,
  RETURN_PHOTOS_MAX,
  ReceiveReturnSchema,
  RefundReturnSchema,
  RefuseReturnSchema,
  ReplacementShipmentSchema,
  ReturnListQuerySchema,
  ReturnReportSchema,
  type ReturnRequest,
  ReturnResponseSchema,
  ReturnSettingsSchema,
  returnWithoutMoney,
  type StaffReturnRequest,
  StaffReturnRequestSchema,
  StaffReturnResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { orders, returnRequests } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { readOneImage } from '../../lib/multipart.ts';
import { audited, recorder } from '../audit/index.ts';
import { SESSION_COOKIES } from '../auth/index.ts';
import type { MailSettings } from '../mail/index.ts';
import { type ImageStore, PRIVATE_IMAGE_FILE, reencodeImage } from '../uploads/index.ts';
import { cancelItems } from './cancel-items.ts';
import {
  approveReturn,
  assertTakesPhoto,
  attachPhoto,
  auditedReturn,
  cancelReturn,
  createReturn,
  photosOf,
  type RecordRefund,
  receiveReturn,
  refundReturn,
  refuseReturn,
  shipExchange,
} from './returns.service.ts';
import {
  listReturns,
  myReturns,
  readReturnSettings,
  returnReport,
  saveReturnSettings,
} from './returns-read.ts';

export interface ReturnsRoutesOptions {
  db: Db;
  mail: MailSettings;
  /** The private image store: photos show a shopper's things, read only by them and the shop. */
  proofs: ImageStore;
  /** The payments module's, whose refund records a return's money back in the ledger. */
  payments: { refund: RecordRefund };
}

/** The longest side a photo is kept at: details stay readable, in a few hundred kB. */
const PHOTO_SIDE = 1600;

const PhotoParamsSchema = z.object({
  id: IdSchema,
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(RETURN_PHOTOS_MAX - 1),
});

/** Who recorded a ledger row: the admin signed in. */
const byAdmin = (request: FastifyRequest) => `admin:${request.admin!.username}`;

/**
 * A route's guard for a shopper's own request, named by the path's `id`: a customer signed in
 * (401), whose request it is (403 for another's), decided before the body is read. An id that is
 * no id, or names no request, is left to the route (400, 404). `orAdmin`: an admin may too.
 */
function requireOwner(app: FastifyInstance, db: Db, table: 'returns' | 'orders', { orAdmin = false } = {}) {
  return async (request: FastifyRequest) => {
    if (orAdmin && request.cookies[SESSION_COOKIES.admin]) {
      try {
        await app.requireAdmin(request);
        return;
      } catch {
        // Not a live admin session: the customer's decides.
      }
    }
    await app.requireCustomer(request);
    const id = IdSchema.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) return;
    const [row] =
      table === 'returns'
        ? await db
            .select({ customerId: returnRequests.customerId })
            .from(returnRequests)
            .where(eq(returnRequests.id, id.data))
        : await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, id.data));
    if (row && row.customerId !== request.customer!.id) throw forbidden();
  };
}

/**
 * Returns and exchanges: shoppers ask for them on their delivered items, add photos, read them
 * and cancel them; the back office lists them, decides, receives the parcel, ships the
 * replacement or refunds, and reads the report and the window.
 */
export default async function returnsRoutes(
  app: FastifyInstance,
  { db, mail, proofs, payments }: ReturnsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];
  const response = { 200: ReturnResponseSchema };

  // The shopper's.

  r.get(
    '/mine',
    { schema: { tags, response: { 200: MyReturnsSchema } }, onRequest: app.requireCustomer },
    (request) => myReturns(db, request.customer!.id),
  );

  r.post(
    '',
    {
      schema: { tags, body: CreateReturnSchema, response: { 201: ReturnResponseSchema } },
      onRequest: app.requireCustomer,
    },
    async (request, reply) => {
      const created = await createReturn(db, request.customer!.id, request.body, mail);
      const message = created.kind === 'exchange' ? 'Exchange requested' : 'Return requested';
      return reply.status(201).send({ message, request: created });
    },
  );

  // A multipart form of one image (`photo`); at most 3 a request, while it waits for the shop.
  r.put(
    '/:id/photos',
    {
      schema: { tags, params: IdParamsSchema, response },
      onRequest: requireOwner(app, db, 'returns'),
    },
    async (request) => {
      const customerId = request.customer!.id;
      const file = await readOneImage(request, RETURN_PHOTO_FIELD, RETURN_MESSAGES.photoMissing);
      // Refused before the work of re-encoding where it can be; checked again under the lock.
      const [current] = await db
        .select()
        .from(returnRequests)
        .where(eq(returnRequests.id, request.params.id));
      if (!current) throw notFound(RETURN_MESSAGES.notFound);
      assertTakesPhoto(current, customerId);
      const webp = await reencodeImage(file, PHOTO_SIDE);
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await proofs.put(name, webp);
      try {
        const updated = await attachPhoto(db, request.params.id, customerId, name);
        return { message: 'Photo added', request: updated };
      } catch (error) {
        await proofs.remove([name]);
        throw error;
      }
    },
  );

  // A WebP image, read by the request's shopper and the back office; no shared cache may keep it.
  r.get(
    '/:id/photos/:n',
    {
      schema: { tags, params: PhotoParamsSchema },
      onRequest: requireOwner(app, db, 'returns', { orAdmin: true }),
    },
    async (request, reply) => {
      const { photos } = await photosOf(db, request.params.id);
      const name = photos[request.params.n];
      const bytes = name && PRIVATE_IMAGE_FILE.test(name) ? await proofs.get(name) : null;
      if (!bytes) throw notFound(RETURN_MESSAGES.noPhoto);
      return reply.header('cache-control', 'private, no-store').type('image/webp').send(bytes);
    },
  );

  r.post(
    '/:id/cancel',
    { schema: { tags, params: IdParamsSchema, response }, onRequest: requireOwner(app, db, 'returns') },
    async (request) => ({
      message: 'Request cancelled',
      request: await cancelReturn(db, request.customer!.id, request.params.id, mail),
    }),
  );

  adminRoutes(app, {
    db,
    mail,
    recordRefund: (orderId, input, admin, record) => payments.refund(orderId, input, admin, record),
  });
}

/** The back office's: the list, the report, the window, and each step of a request. */
function adminRoutes(
  app: FastifyInstance,
  { db, mail, recordRefund }: Pick<ReturnsRoutesOptions, 'db' | 'mail'> & { recordRefund: RecordRefund },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['returns'];
  const asAdmin = { onRequest: app.requireAdmin };
  const response = { 200: StaffReturnResponseSchema };
  /** A step of a request, in one transaction with its audit row. */
  const step = (request: FastifyRequest, action: string, take: (tx: Db) => Promise<ReturnRequest>) =>
    audited(
      db,
      request,
      { entity: 'return', action, id: (request.params as { id: string }).id, read: auditedReturn },
      take,
    );
  /** The request as the signed-in role may read it: a role without `money:read` sees no amounts. */
  const asRead = (request: FastifyRequest, read: ReturnRequest): StaffReturnRequest =>
    can(request.admin?.role, 'money:read') ? read : returnWithoutMoney(read);

  r.get(
    '',
    {
      schema: {
        tags,
        querystring: ReturnListQuerySchema,
        response: { 200: z.array(StaffReturnRequestSchema) },
      },
      ...asAdmin,
    },
    async (request, reply) => {
      const { requests, total } = await listReturns(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return requests.map((read) => asRead(request, read));
    },
  );

  r.get('/report', { schema: { tags, response: { 200: ReturnReportSchema } }, ...asAdmin }, () =>
    returnReport(db),
  );

  r.get('/settings', { schema: { tags, response: { 200: ReturnSettingsSchema } }, ...asAdmin }, () =>
    readReturnSettings(db),
  );

  r.put(
    '/settings',
    { schema: { tags, body: ReturnSettingsSchema, response: { 200: ReturnSettingsSchema } }, ...asAdmin },
    (request) =>
      audited(
        db,
        request,
        { entity: 'return-settings', action: 'save', id: null, read: (tx) => readReturnSettings(tx) },
        (tx: Db) => saveReturnSettings(tx, request.body),
      ),
  );

  r.post(
    '/:id/approve',
    { schema: { tags, params: IdParamsSchema, response }, ...asAdmin },
    async (request) => ({
      message: 'Request approved',
      request: asRead(
        request,
        await step(request, 'approve', (tx) => approveReturn(tx, request.params.id, mail)),
      ),
    }),
  );

  r.post(
    '/:id/refuse',
    { schema: { tags, params: IdParamsSchema, body: RefuseReturnSchema, response }, ...asAdmin },
    async (request) => ({
      message: 'Request refused',
      request: asRead(
        request,
        await step(request, 'refuse', (tx) => refuseReturn(tx, request.params.id, request.body.reason, mail)),
      ),
    }),
  );

  r.post(
    '/:id/received',
    { schema: { tags, params: IdParamsSchema, body: ReceiveReturnSchema, response }, ...asAdmin },
    async (request) => ({
      message: 'Parcel received',
      request: asRead(
        request,
        await step(request, 'received', (tx) =>
          receiveReturn(tx, request.params.id, request.body.damaged ?? false, mail),
        ),
      ),
    }),
  );

  r.post(
    '/:id/replacement',
    { schema: { tags, params: IdParamsSchema, body: ReplacementShipmentSchema, response }, ...asAdmin },
    async (request) => ({
      message: 'Replacement shipped',
      request: asRead(
        request,
        await step(request, 'replacement', (tx) => shipExchange(tx, request.params.id, request.body, mail)),
      ),
    }),
  );

  r.post(
    '/:id/refund',
    { schema: { tags, params: IdParamsSchema, body: RefundReturnSchema, response }, ...asAdmin },
    async (request) => ({
      message: 'Refund recorded',
      request: asRead(
        request,
        await refundReturn(
          db,
          request.params.id,
          request.body,
          byAdmin(request),
          recordRefund,
          mail,
          recorder(request, 'return'),
        ),
      ),
    }),
  );
}

/** `POST /api/orders/{id}/cancel`: a shopper cancels items of their own order not yet shipped. */
export async function cancelItemsRoutes(
  app: FastifyInstance,
  { db, mail, proofs }: { db: Db; mail: MailSettings; proofs: ImageStore },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/:id/cancel',
    {
      schema: {
        tags: ['orders'],
        params: IdParamsSchema,
        body: CancelItemsSchema,
        response: { 200: OrderSchema },
      },
      onRequest: requireOwner(app, db, 'orders'),
    },
    (request) =>
      cancelItems(db, request.customer!.id, request.params.id, request.body.items, {
        mail,
        proofs,
        log: request.log,
      }),
  );
}
