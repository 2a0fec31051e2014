import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { returnRequests } from '../../db/schema.ts';

/**
 * Lets go of the photos of a customer's return requests as their account is erased (they show
 * the customer's things and home): the requests stay as the shop's record without them. Answers
 * the files to remove from the private store once the erasure is committed.
 */
export async function takeReturnPhotos(tx: Executor, customerId: string): Promise<string[]> {
  const withPhotos = and(
    eq(returnRequests.customerId, customerId),
    sql`cardinality(${returnRequests.photos}) > 0`,
  );
  const rows = await tx
    .select({ photos: returnRequests.photos })
    .from(returnRequests)
    .where(withPhotos)
    .for('update');
  if (rows.length === 0) return [];
  await tx.update(returnRequests).set({ photos: [] }).where(withPhotos);
  return rows.flatMap((row) => row.photos);
}
