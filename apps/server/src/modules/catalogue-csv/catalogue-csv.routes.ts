import { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_BODY_LIMIT,
  CatalogueCsvApplySchema,
  CatalogueCsvCheckSchema,
  CatalogueCsvReportSchema,
  storeDate,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { audited } from '../audit/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { catalogueCsv } from './catalogue-csv.export.ts';
import { applyCatalogueCsv, checkCatalogueCsv } from './catalogue-csv.service.ts';

/** Spreadsheet programs read a CSV as UTF-8 (₱, ñ) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/** The back office's catalogue as CSV (`/admin/catalogue/csv`): admins only. */
export default async function catalogueCsvRoutes(
  app: FastifyInstance,
  { db, images }: { db: Db; images: ImageStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];

  r.get(
    '/csv',
    {
      schema: {
        tags,
        summary: 'The catalogue, one row per variation and size',
        querystring: z.strictObject({}),
        produces: ['text/csv'],
      },
      onRequest: app.requireAdmin,
    },
    async (_request, reply) => {
      async function* withBom() {
        yield BOM;
        yield* catalogueCsv(db);
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="habi-catalogue-${storeDate(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(withBom()));
    },
  );

  r.post(
    '/csv/check',
    {
      schema: { tags, body: CatalogueCsvCheckSchema, response: { 200: CatalogueCsvReportSchema } },
      bodyLimit: CATALOGUE_CSV_BODY_LIMIT,
      onRequest: app.requireAdmin,
    },
    (request) => checkCatalogueCsv(db, images, request.body.csv),
  );

  r.post(
    '/csv',
    {
      schema: { tags, body: CatalogueCsvApplySchema, response: { 200: CatalogueCsvReportSchema } },
      bodyLimit: CATALOGUE_CSV_BODY_LIMIT,
      onRequest: app.requireAdmin,
    },
    // Its row keeps the report of what the file changed.
    (request) =>
      audited(db, request, { entity: 'product', action: 'import-csv', id: null }, (tx: Db) =>
        applyCatalogueCsv(tx, images, request.body),
      ),
  );
}
