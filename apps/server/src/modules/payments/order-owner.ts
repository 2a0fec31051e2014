import { IdSchema } from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { forbidden, HttpError } from '../../lib/errors.ts';
import { SESSION_COOKIES } from '../auth/index.ts';

/**
 * A route's guard for a shopper's own order, named by the path's `id`: a customer signed in
 * (401), whose order it is (403 for another's), decided before the body is read. An id that is
 * no id, or names no order, is left to the route (400, 404). `orAdmin`: an admin may too.
 */
export function requireOrderOwner(app: FastifyInstance, db: Executor, { orAdmin = false } = {}) {
  return async (request: FastifyRequest) => {
    if (orAdmin && request.cookies[SESSION_COOKIES.admin]) {
      try {
        await app.requireAdmin(request);
        return;
      } catch (error) {
        // A staff member whose role may not: refused as such. Not a live session: the customer's decides.
        if (error instanceof HttpError && error.statusCode === 403) throw error;
      }
    }
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
