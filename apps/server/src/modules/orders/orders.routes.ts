import {
  can,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  IdParamsSchema,
  type Order,
  OrderListQuerySchema,
  OrderSchema,
  OrderStatusResponseSchema,
  PageQuerySchema,
  PlaceOrderResponseSchema,
  PlaceOrderSchema,
  type StaffOrder,
  StaffOrderSchema,
  StatusUpdateSchema,
  TOTAL_COUNT_HEADER,
  withoutMoney,
} from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminDeleteRoute } from '../../lib/admin-delete-route.ts';
import { forbidden, notSignedIn } from '../../lib/errors.ts';
import { audited, recorder } from '../audit/index.ts';
import { assertSelf, SESSION_COOKIES } from '../auth/index.ts';
import type { MailSettings } from '../mail/index.ts';
import type { PaymentSettingsStore } from '../payment-settings/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { auditedOrder, refreshStatus, updateStatuses } from './order-status.ts';
import {
  deleteOrder,
  getOrder,
  getOrderWithContact,
  listCustomerOrders,
  listOrders,
} from './orders.service.ts';
import { placeOrder } from './place-order.ts';
import { removeTransferProofs } from './transfer-proofs.ts';

export interface OrdersRoutesOptions {
  db: Db;
  mail: MailSettings;
  /** The shoppers' transfer screenshots: an order cancelled or deleted takes its own with it. */
  proofs: ImageStore;
  payments: PaymentSettingsStore;
  /**
   * An online order's PayMongo checkout page, made once the order is placed (outside its
   * transaction); null when PayMongo failed: the order stays placed and unpaid, and the shopper
   * retries from it.
   */
  startCheckout?: (orderId: string) => Promise<string | null>;
}

export default async function ordersRoutes(
  app: FastifyInstance,
  { db, mail, proofs, payments, startCheckout }: OrdersRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.post(
    '/placed-order',
    {
      schema: {
        tags,
        body: PlaceOrderSchema,
        // Optional: without it an order is placed once per request, with it once per key.
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: IdempotencyKeySchema.optional() }),
        response: { 200: PlaceOrderResponseSchema, 201: PlaceOrderResponseSchema },
      },
      onRequest: app.requireCustomer,
    },
    async (request, reply) => {
      // The owner is named in the body: checked once it is read.
      assertSelf(request, request.body.userId);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined;
      const { order, created } = await placeOrder(db, request.customer!, request.body, key, {
        mail,
        payments,
      });
      const online = order.payment.method === 'online' && order.payment.status === 'unpaid';
      const checkoutUrl = online && startCheckout ? await startCheckout(order._id) : null;
      return reply.status(created ? 201 : 200).send({
        message: created ? 'Order placed successfully' : 'Order already placed',
        order: checkoutUrl ? { ...order, payment: { ...order.payment, checkoutUrl } } : order,
        ...(checkoutUrl ? { checkoutUrl } : {}),
      });
    },
  );

  r.get(
    '/user/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: IdParamsSchema.shape.id }),
        querystring: PageQuerySchema,
        response: { 200: z.array(OrderSchema) },
      },
      onRequest: app.requireCustomerSelf('userId'),
    },
    async (request, reply) => {
      const { orders, total } = await listCustomerOrders(db, request.params.userId, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return orders;
    },
  );

  r.get(
    '/all',
    {
      schema: { tags, querystring: OrderListQuerySchema, response: { 200: z.array(StaffOrderSchema) } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { orders, total } = await listOrders(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return orders.map((order) => asRead(request, order));
    },
  );

  // For its owner and for admins.
  r.get(
    '/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: StaffOrderSchema } },
      onRequest: ownerOrAdmin,
    },
    async (request) => {
      if (request.admin) return asRead(request, await getOrderWithContact(db, request.params.id));
      const order = await getOrder(db, request.params.id);
      if (order.userId !== request.customer?.id) throw forbidden();
      return order;
    },
  );

  statusRoutes(app, { db, mail, proofs });

  /** The order as the signed-in role may read it: a role without `money:read` sees its total alone. */
  function asRead(request: FastifyRequest, order: Order): StaffOrder {
    return can(request.admin?.role, 'money:read') ? order : withoutMoney(order);
  }

  /** Loads whichever sessions the request carries; the handler decides ownership. */
  async function ownerOrAdmin(request: FastifyRequest) {
    if (request.cookies[SESSION_COOKIES.admin]) {
      try {
        await app.requireAdmin(request);
        return;
      } catch {
        // Not a live admin session: fall through to the customer's.
      }
    }
    await app.loadCustomer(request);
    if (!request.customer) throw notSignedIn();
  }
}

/** The back office's writes of an order: its lines' statuses, its status read again, its deletion. */
function statusRoutes(
  app: FastifyInstance,
  { db, mail, proofs }: Pick<OrdersRoutesOptions, 'db' | 'mail' | 'proofs'>,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];

  r.patch(
    '/statusUpdate/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: StatusUpdateSchema,
        response: { 200: OrderStatusResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const status = await updateStatuses(db, request.params.id, request.body.updatedStatus, {
        mail,
        proofs,
        log: request.log,
        record: recorder(request, 'order'),
      });
      return { message: 'Order status updated successfully', status };
    },
  );

  r.patch(
    '/checkAndUpdateOrder/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: OrderStatusResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { id } = request.params;
      const status = await audited(
        db,
        request,
        { entity: 'order', action: 'refresh-status', id, read: auditedOrder },
        (tx: Db) => refreshStatus(tx, id),
      );
      return { message: `Order is ${status}`, status };
    },
  );

  adminDeleteRoute(app, {
    tags,
    // The proofs' files go once the deletion and its audit row have committed.
    remove: async (id, request) => {
      const gone = await audited(
        db,
        request,
        { entity: 'order', action: 'delete', id, read: auditedOrder },
        (tx: Db) => deleteOrder(tx, id),
      );
      await removeTransferProofs(proofs, gone, app.log);
    },
    message: 'Order deleted successfully',
  });
}
