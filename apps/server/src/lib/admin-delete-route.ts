import { DeleteByIdBodySchema, IdParamsSchema, MessageResponseSchema } from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * `DELETE <prefix>/delete/:id` for the back office: admins only, the path id is the one that
 * counts (the body may repeat it as `_id` or `orderId`, or be absent), and the answer is
 * `{ message }`. Products, orders and users are deleted this way.
 */
export function adminDeleteRoute(
  app: FastifyInstance,
  {
    tags,
    remove,
    message,
  }: {
    tags: string[];
    /** Deletes the record, with its audit row. */
    remove: (id: string, request: FastifyRequest) => Promise<void>;
    message: string;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().delete(
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
      await remove(request.params.id, request);
      return { message };
    },
  );
}
