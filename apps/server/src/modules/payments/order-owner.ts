import { IdSchema } from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * A route's guard for a shopper's own order, named by the path's `id`: a customer signed in
 * (401), whose order it is (403 for another's), decided before the body is read. An id that is
 * no id, or names no order, is left to the route (400, 404).
 */
export function requireOrderOwner(app: FastifyInstance, db: Executor) {
  return async (request: FastifyRequest) => {
    await app.requireCustomer(request);
    const id = IdSchema.safeParse((request.params as { id?: unknown }).id);
    if (!id.success) return;
    const [order] = await db
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(eq(orders.id, id.data));
    if (order && order.customerId !== request.customer!.id) throw forbidden();
  };
}
