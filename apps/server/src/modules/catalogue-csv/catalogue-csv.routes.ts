import { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_BODY_LIMIT,
  CATALOGUE_ZIP_LIMITS,
  CatalogueCsvApplySchema,
  CatalogueCsvCheckSchema,
  CatalogueCsvReportSchema,
  CatalogueZipApplyFieldsSchema,
  CatalogueZipCheckFieldsSchema,
  storeDate,
  CATALOGUE_ZIP_MESSAGES as Z,
} from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badInput, tooLarge } from '../../lib/errors.ts';
import { parseFields, readMultipart } from '../../lib/multipart.ts';
import { audited } from '../audit/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { catalogueCsv } from './catalogue-csv.export.ts';
import {
  applyCatalogueCsv,
  applyCatalogueZip,
  checkCatalogueCsv,
  checkCatalogueZip,
} from './catalogue-csv.service.ts';

/** Spreadsheet programs read a CSV as UTF-8 (₱, ñ) only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * A catalogue ZIP's multipart form: one file, `file`, of at most CATALOGUE_ZIP_LIMITS.bytes, and
 * the text fields `schema` takes.
 */
async function readZipForm<T extends z.ZodType>(request: FastifyRequest, schema: T) {
  const form = await readMultipart(request, ['file'], {
    fileSize: CATALOGUE_ZIP_LIMITS.bytes,
    files: 1,
  }).catch((error: unknown) => {
    throw (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(Z.tooLarge) : error;
  });
  const fields = parseFields(schema, form.fields);
  const [file] = form.files.file ?? [];
  if (!file) throw badInput(Z.noFile, { file: Z.noFile });
  return { file, fields };
}

/**
 * The back office's catalogue as CSV (`/admin/catalogue/csv`), and a ZIP of a CSV with the
 * images of the products it adds (`/admin/catalogue/zip`): admins only.
 */
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

  r.post(
    '/zip/check',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: CatalogueCsvReportSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { file } = await readZipForm(request, CatalogueZipCheckFieldsSchema);
      return checkCatalogueZip(db, images, file);
    },
  );

  r.post(
    '/zip',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: CatalogueCsvReportSchema } },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { file, fields } = await readZipForm(request, CatalogueZipApplyFieldsSchema);
      return applyCatalogueZip(db, images, file, request.log, (csv, zip) =>
        audited(db, request, { entity: 'product', action: 'import-zip', id: null }, (tx: Db) =>
          applyCatalogueCsv(tx, images, { csv, token: fields.token }, zip),
        ),
      );
    },
  );
}
