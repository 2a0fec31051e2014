import {
  PackingSlipsQuerySchema,
  PackingSlipsResponseSchema,
  ShipmentCsvApplySchema,
  ShipmentCsvCheckSchema,
  ShipmentCsvReportSchema,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { audited } from '../audit/index.ts';
import { packingSlips } from './packing-slips.service.ts';
import type { ShipmentsRoutesOptions } from './shipments.routes.ts';
import { applyShipmentCsv, checkShipmentCsv } from './shipments-csv.service.ts';

/** The back office's bulk work on shipments: shipping from a courier's CSV, and packing slips. */
export default async function shipmentsCsvRoutes(app: FastifyInstance, { db, mail }: ShipmentsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shipments'];

  r.post(
    '/csv/check',
    {
      schema: { tags, body: ShipmentCsvCheckSchema, response: { 200: ShipmentCsvReportSchema } },
      onRequest: app.requireAdmin,
    },
    (request) => checkShipmentCsv(db, request.body.csv),
  );

  r.post(
    '/csv',
    {
      schema: { tags, body: ShipmentCsvApplySchema, response: { 201: ShipmentCsvReportSchema } },
      onRequest: app.requireAdmin,
    },
    // Its row keeps the report of what shipped.
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await audited(db, request, { entity: 'shipment', action: 'import-csv', id: null }, (tx: Db) =>
            applyShipmentCsv(tx, request.body, mail),
          ),
        ),
  );

  r.get(
    '/packing-slips',
    {
      schema: { tags, querystring: PackingSlipsQuerySchema, response: { 200: PackingSlipsResponseSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => ({ slips: await packingSlips(db, request.query.orderId) }),
  );
}
