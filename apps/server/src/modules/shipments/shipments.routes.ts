import { CreateShipmentSchema, IdParamsSchema, ShipmentResponseSchema } from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';
import { audited, rowOf } from '../audit/index.ts';
import type { MailSettings } from '../mail/index.ts';
import { createShipment, markDelivered } from './shipments.service.ts';
import shipmentsCsvRoutes from './shipments-csv.routes.ts';

export interface ShipmentsRoutesOptions {
  db: Db;
  mail: MailSettings;
}

/** The back office ships an order's lines and marks shipments delivered; shoppers read them on their orders. */
export default async function shipmentsRoutes(app: FastifyInstance, { db, mail }: ShipmentsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shipments'];
  await app.register(shipmentsCsvRoutes, { db, mail });

  r.post(
    '',
    {
      schema: { tags, body: CreateShipmentSchema, response: { 201: ShipmentResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const shipment = await audited(
        db,
        request,
        { entity: 'shipment', action: 'create', id: (made) => made._id, read: rowOf(shipments) },
        (tx: Db) => createShipment(tx, request.body, mail),
      );
      return reply.status(201).send({ message: 'Shipment created', shipment });
    },
  );

  r.patch(
    '/:id/delivered',
    {
      schema: { tags, params: IdParamsSchema, response: { 200: ShipmentResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      // Read unlocked: the delivery locks the order's lines before the shipment.
      const shipment = await audited(
        db,
        request,
        { entity: 'shipment', action: 'delivered', id: request.params.id, read: rowOf(shipments) },
        (tx: Db) => markDelivered(tx, request.params.id, mail),
      );
      return { message: 'Shipment marked delivered', shipment };
    },
  );
}
