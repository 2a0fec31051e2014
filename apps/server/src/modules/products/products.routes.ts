import {
  AdminProductListQuerySchema,
  CreateProductFieldsSchema,
  EditProductSchema,
  IdParamsSchema,
  NEXT_CURSOR_HEADER,
  PRODUCT_EDIT_MESSAGES,
  ProductListQuerySchema,
  ProductSchema,
  ProductSummarySchema,
  StockUpdateSchema,
  SuggestionsSchema,
  SuggestQuerySchema,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminDeleteRoute } from '../../lib/admin-delete-route.ts';
import { badInput } from '../../lib/errors.ts';
import { parseFields, readMultipart } from '../../lib/multipart.ts';
import { audited, recorder } from '../audit/index.ts';
import { searchIndexes, suggest } from '../search/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { listProductsForAdmin } from './admin-list.service.ts';
import { bestSellers } from './best-sellers.service.ts';
import { createCatalogueCache, type Versions, type VersionsRaised } from './catalogue-cache.ts';
import { type CatalogueReads, listProducts } from './collection.service.ts';
import { editWithImages } from './product-media.ts';
import {
  addProduct,
  auditedProduct,
  deleteProduct,
  readProduct,
  updateProduct,
  updateStock,
} from './products.service.ts';
import { stockTotalsAt } from './stock.service.ts';

/** Catalogue answers kept in memory (catalogue-cache.ts): enough for the pages shoppers read most. */
const CACHE_LIMITS = { name: 'catalogue', entries: 2000, bytes: 16 * 1024 * 1024 };

const ProductMessageSchema = z.object({ message: z.string(), product: ProductSchema });

type Deps = { db: Db; images: ImageStore; versionsRaised?: VersionsRaised };

export default async function productsRoutes(app: FastifyInstance, deps: Deps) {
  readRoutes(app, deps);
  writeRoutes(app, deps);
}

/** The storefront's reads, answered from the catalogue cache, and the back office's table. */
function readRoutes(app: FastifyInstance, { db, versionsRaised }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const catalogue = createCatalogueCache(db, CACHE_LIMITS, versionsRaised);
  const searchIndex = searchIndexes(db);
  const stockTotals = stockTotalsAt(db);
  /** The catalogue as the request's versions show it. */
  const readsAt = (seen: Versions): CatalogueReads => ({
    index: () => searchIndex.at(seen.products),
    stockTotals: stockTotals(seen.catalogue),
  });

  r.get(
    '/all',
    {
      schema: { tags, querystring: ProductListQuerySchema, response: { 200: z.array(ProductSummarySchema) } },
    },
    (request, reply) =>
      catalogue.reply(request, reply, `all ${JSON.stringify(request.query)}`, async (seen) => {
        const { items, nextCursor } = await listProducts(db, request.query, readsAt(seen));
        const headers: Record<string, string> = nextCursor ? { [NEXT_CURSOR_HEADER]: nextCursor } : {};
        return { payload: items, headers };
      }),
  );

  // The back office's table: offset paging, name/date/price sorting and the match count.
  r.get(
    '/admin-list',
    {
      schema: {
        tags,
        querystring: AdminProductListQuerySchema,
        response: { 200: z.array(ProductSummarySchema) },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const { items, total } = await listProductsForAdmin(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  // The header search's suggestions while the shopper types.
  r.get(
    '/suggest',
    { schema: { tags, querystring: SuggestQuerySchema, response: { 200: SuggestionsSchema } } },
    (request, reply) =>
      catalogue.reply(request, reply, `suggest ${request.query.q}`, async (seen) => ({
        payload: await suggest(db, () => searchIndex.at(seen.products), request.query.q),
      })),
  );

  r.get('/best', { schema: { tags, response: { 200: z.array(ProductSummarySchema) } } }, (request, reply) =>
    catalogue.reply(
      request,
      reply,
      'best',
      async (seen) => ({ payload: await bestSellers(db, stockTotals(seen.catalogue)) }),
      {
        readsSales: true,
      },
    ),
  );

  r.get(
    '/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: ProductSchema } } },
    (request, reply) =>
      catalogue.reply(request, reply, `product ${request.params.id}`, async () => ({
        payload: await readProduct(db, request.params.id),
      })),
  );
}

/** The new images of an Edit Product sent as a multipart form, by request. */
const editUploads = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * Edit Product takes its JSON body as it always has, or, to carry new images, a multipart form:
 * the same JSON in the field `product` and the files in `images` (an image names one by its
 * number, `{ "upload": 0 }`). The form is read here, after the admin's session is checked and
 * before the body is validated, so both ways are checked by the one schema.
 */
async function readEditForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const form = await readMultipart(request, ['images']);
  const { product, ...others } = form.fields;
  const refuse = () =>
    badInput(PRODUCT_EDIT_MESSAGES.productField, { product: PRODUCT_EDIT_MESSAGES.productField });
  if (product === undefined || Object.keys(others).length > 0) throw refuse();
  try {
    request.body = JSON.parse(product);
  } catch {
    throw refuse();
  }
  editUploads.set(request, form.files.images ?? []);
}

/** The back office's writes. */
function writeRoutes(app: FastifyInstance, { db, images }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  r.post(
    '/add',
    { schema: { tags, response: { 201: ProductMessageSchema } }, onRequest: app.requireAdmin },
    async (request, reply) => {
      const form = await readMultipart(request, ['imageUrl', 'varImgUrls']);
      const fields = parseFields(CreateProductFieldsSchema, form.fields);
      const product = await addProduct(
        db,
        images,
        fields,
        { main: form.files.imageUrl ?? [], variations: form.files.varImgUrls ?? [] },
        recorder(request, 'product'),
      );
      return reply.status(201).send({ message: 'Product added successfully', product });
    },
  );

  r.patch(
    '/edit/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: EditProductSchema,
        response: { 200: ProductMessageSchema },
      },
      onRequest: app.requireAdmin,
      preValidation: readEditForm,
    },
    async (request) => {
      const { id } = request.params;
      const files = editUploads.get(request) ?? [];
      // The images are checked and made first; the edit's transaction holds its audit row.
      const product = await editWithImages(db, images, files, request.log, request.body, (uploads) =>
        audited(db, request, { entity: 'product', action: 'edit', id, read: auditedProduct }, (tx: Db) =>
          updateProduct(tx, id, request.body, uploads),
        ),
      );
      return { message: 'Product updated successfully', product };
    },
  );

  // Tracking on or off, and quantity changes: relative, or absolute against what the admin saw.
  r.patch(
    '/stock/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        body: StockUpdateSchema,
        response: { 200: ProductMessageSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const { id } = request.params;
      const product = await audited(
        db,
        request,
        { entity: 'product', action: 'stock', id, read: auditedProduct },
        (tx: Db) => updateStock(tx, id, request.body),
      );
      return { message: 'Stock updated successfully', product };
    },
  );

  adminDeleteRoute(app, {
    tags,
    remove: (id, request) =>
      audited(db, request, { entity: 'product', action: 'delete', id, read: auditedProduct }, (tx: Db) =>
        deleteProduct(tx, id),
      ),
    message: 'Product deleted successfully',
  });
}
