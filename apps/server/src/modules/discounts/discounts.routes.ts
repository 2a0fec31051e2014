import {
  DiscountCheckSchema,
  DiscountInputSchema,
  DiscountListQuerySchema,
  DiscountPatchSchema,
  DiscountPreviewSchema,
  DiscountResponseSchema,
  DiscountSchema,
  IdParamsSchema,
  parseCentavos,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { discountCodes } from '../../db/schema.ts';
import { audited, rowOf } from '../audit/index.ts';
import { throttleCodeCheck } from '../auth/index.ts';
import * as discountsService from './discounts.service.ts';

/** Codes at checkout (`/discounts`) and the back office's Discounts page (`/admin/discounts`). */
export default async function discountsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['discounts'];

  // The cart tries a code before checkout; the order is priced again when placed.
  r.post(
    '/discounts/check',
    {
      schema: { tags, body: DiscountCheckSchema, response: { 200: DiscountPreviewSchema } },
      onRequest: app.requireCustomer,
      // After the account is known, before the body is read: a guess costs a try either way.
      preValidation: (request, reply) => throttleCodeCheck(db, request, reply),
    },
    async (request) =>
      discountsService.previewCode(
        db,
        request.customer!,
        request.body.discountCode,
        parseCentavos(request.body.subtotal)!,
      ),
  );

  r.get(
    '/admin/discounts',
    {
      schema: { tags, querystring: DiscountListQuerySchema, response: { 200: z.array(DiscountSchema) } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { discounts, total } = await discountsService.listDiscounts(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return discounts;
    },
  );

  r.get(
    '/admin/discounts/:id',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: DiscountSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => discountsService.getDiscount(db, request.params.id),
  );

  r.post(
    '/admin/discounts',
    {
      schema: { tags, body: DiscountInputSchema, response: { 201: DiscountResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const discount = await audited(
        db,
        request,
        {
          entity: 'discount',
          action: 'create',
          id: (made) => made._id,
          read: rowOf(discountCodes),
        },
        (tx: Db) => discountsService.createDiscount(tx, request.body),
      );
      return reply.status(201).send({ message: 'Discount code created', discount });
    },
  );

  r.patch(
    '/admin/discounts/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: DiscountPatchSchema,
        response: { 200: DiscountResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const discount = await audited(
        db,
        request,
        {
          entity: 'discount',
          action: 'edit',
          id: request.params.id,
          read: rowOf(discountCodes, { lock: true }),
        },
        (tx: Db) => discountsService.updateDiscount(tx, request.params.id, request.body),
      );
      return { message: 'Discount code updated', discount };
    },
  );
}
