import {
  AdminProductListQuerySchema,
  CreateProductFieldsSchema,
  DeleteByIdBodySchema,
  EditProductSchema,
  IdParamsSchema,
  LIMITS,
  MessageResponseSchema,
  NEXT_CURSOR_HEADER,
  ProductListQuerySchema,
  ProductSchema,
  ProductSummarySchema,
  TOTAL_COUNT_HEADER,
} from '@habi/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badInput } from '../../lib/errors.ts';
import { parseFields, readMultipart } from '../../lib/multipart.ts';
import type { ImageStore } from '../uploads/image-store.ts';
import { assertImage, storeImage } from '../uploads/images.ts';
import * as productsService from './products.service.ts';

const ProductMessageSchema = z.object({ message: z.string(), product: ProductSchema });

export default async function productsRoutes(
  app: FastifyInstance,
  { db, images }: { db: Db; images: ImageStore },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  r.get(
    '/all',
    {
      schema: { tags, querystring: ProductListQuerySchema, response: { 200: z.array(ProductSummarySchema) } },
    },
    async (request, reply) => {
      const { items, nextCursor } = await productsService.listProducts(db, request.query);
      if (nextCursor) reply.header(NEXT_CURSOR_HEADER, nextCursor);
      return items;
    },
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
      const { items, total } = await productsService.listProductsForAdmin(db, request.query);
      reply.header(TOTAL_COUNT_HEADER, total);
      return items;
    },
  );

  r.get('/best', { schema: { tags, response: { 200: z.array(ProductSummarySchema) } } }, () =>
    productsService.bestSellers(db),
  );

  r.get(
    '/:id',
    { schema: { tags, params: IdParamsSchema, response: { 200: ProductSchema } } },
    async (request) => productsService.toProduct(await productsService.getProduct(db, request.params.id)),
  );

  r.post(
    '/add',
    { schema: { tags, response: { 201: ProductMessageSchema } }, onRequest: app.requireAdmin },
    async (request, reply) => {
      const form = await readMultipart(request, ['imageUrl', 'varImgUrls']);
      const fields = parseFields(CreateProductFieldsSchema, form.fields);
      const [main, ...extra] = form.files.imageUrl ?? [];
      if (!main) throw badInput('Add a product image', { imageUrl: 'Add a product image' });
      if (extra.length > 0) throw badInput('Choose one main image', { imageUrl: 'Choose one main image' });
      const variationFiles = form.files.varImgUrls ?? [];
      if (variationFiles.length > LIMITS.variationsMax) {
        throw badInput(`At most ${LIMITS.variationsMax} variation images`, { varImgUrls: 'Too many images' });
      }
      if (fields.variationsName.length !== variationFiles.length) {
        const message = 'Give one variation name for each variation image';
        throw badInput(message, { variationsName: message });
      }
      // Every file's type is checked before any is stored, so a wrong file leaves nothing behind.
      for (const file of [main, ...variationFiles]) assertImage(file);
      const imageUrl = await storeImage(images, main);
      const variationUrls: string[] = [];
      for (const file of variationFiles) variationUrls.push(await storeImage(images, file));
      const row = await productsService.createProduct(db, {
        name: fields.name,
        description: fields.description,
        price: fields.price,
        imageUrl,
        category: fields.category,
        subCategory: fields.subCategory,
        sizes: fields.size ?? [],
        variations: fields.variationsName.map((name, i) => ({ name, imageUrl: variationUrls[i]! })),
      });
      return reply
        .status(201)
        .send({ message: 'Product added successfully', product: productsService.toProduct(row) });
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
    },
    async (request) => {
      const row = await productsService.updateProduct(db, request.params.id, request.body);
      return { message: 'Product updated successfully', product: productsService.toProduct(row) };
    },
  );

  r.delete(
    '/delete/:id',
    {
      schema: {
        tags,
        params: IdParamsSchema,
        // Fastify validates an absent body as null, which `.optional()` alone refuses.
        body: DeleteByIdBodySchema,
        response: { 200: MessageResponseSchema },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      await productsService.deleteProduct(db, request.params.id);
      return { message: 'Product deleted successfully' };
    },
  );
}
