import {
  IdParamsSchema,
  LedgerEntrySchema,
  OrderSchema,
  RecordPaymentSchema,
  RefundSchema,
  RejectTransferSchema,
  TransferReferenceSchema,
} from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recorder } from '../audit/index.ts';
import { removeTransferProofs } from '../orders/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { ledgerOf } from './ledger.ts';
import { requireOrderOwner } from './order-owner.ts';
import type { PaymentsService } from './payments.service.ts';

/** Who recorded a ledger row: the admin signed in. */
const byAdmin = (request: FastifyRequest) => `admin:${request.admin!.username}`;

/** A shopper's transfer reference; the back office's collections, confirmations, rejections and refunds. */
export default async function paymentsRoutes(
  app: FastifyInstance,
  { db, payments, proofs }: { db: Db; payments: PaymentsService; proofs: ImageStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const asAdmin = { onRequest: app.requireAdmin };

  r.post(
    '/orders/:id/transfer-reference',
    {
      schema: { tags, params: IdParamsSchema, body: TransferReferenceSchema, response: { 200: OrderSchema } },
      onRequest: requireOrderOwner(app, db),
    },
    async (request) => {
      const { order, droppedProof } = await payments.submitReference(
        request.params.id,
        request.customer!.id,
        request.body.reference,
      );
      await removeTransferProofs(proofs, [droppedProof], request.log);
      return order;
    },
  );

  r.get(
    '/orders/:id/ledger',
    { schema: { tags, params: IdParamsSchema, response: { 200: z.array(LedgerEntrySchema) } }, ...asAdmin },
    (request) => ledgerOf(db, request.params.id),
  );

  r.post(
    '/orders/:id/collections',
    {
      schema: { tags, params: IdParamsSchema, body: RecordPaymentSchema, response: { 200: OrderSchema } },
      ...asAdmin,
    },
    (request) =>
      payments.collect(request.params.id, request.body, byAdmin(request), recorder(request, 'order')),
  );

  r.post(
    '/orders/:id/transfer/confirm',
    {
      schema: { tags, params: IdParamsSchema, body: RecordPaymentSchema, response: { 200: OrderSchema } },
      ...asAdmin,
    },
    (request) =>
      payments.confirmTransfer(request.params.id, request.body, byAdmin(request), recorder(request, 'order')),
  );

  r.post(
    '/orders/:id/transfer/reject',
    {
      schema: { tags, params: IdParamsSchema, body: RejectTransferSchema, response: { 200: OrderSchema } },
      ...asAdmin,
    },
    async (request) => {
      const { order, droppedProof } = await payments.rejectTransfer(
        request.params.id,
        request.body.reason,
        recorder(request, 'order'),
      );
      await removeTransferProofs(proofs, [droppedProof], request.log);
      return order;
    },
  );

  r.post(
    '/orders/:id/refunds',
    {
      schema: { tags, params: IdParamsSchema, body: RefundSchema, response: { 200: OrderSchema } },
      ...asAdmin,
    },
    (request) =>
      payments.refund(request.params.id, request.body, byAdmin(request), recorder(request, 'order')),
  );
}
