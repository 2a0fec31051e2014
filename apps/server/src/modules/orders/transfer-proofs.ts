import { and, isNotNull, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import type { ImageStore } from '../uploads/index.ts';

/**
 * Clears the transfer screenshots of the orders `where` picks, in the caller's transaction, and
 * answers their files' names, for `removeTransferProofs` once the transaction is committed (a
 * rollback must not lose a file an order still names).
 */
export async function takeTransferProofs(tx: Executor, where: SQL): Promise<string[]> {
  const withProof = and(where, isNotNull(orders.transferProof));
  const rows = await tx.select({ proof: orders.transferProof }).from(orders).where(withProof).for('update');
  if (rows.length === 0) return [];
  await tx.update(orders).set({ transferProof: null }).where(withProof);
  return rows.map((row) => row.proof!);
}

/**
 * Deletes screenshot files no order names any more. A failure is only logged: the change that
 * let them go is committed, and no route can reach a file its order no longer names.
 */
export async function removeTransferProofs(
  store: ImageStore,
  names: readonly (string | null)[],
  log: FastifyBaseLogger,
): Promise<void> {
  const files = names.filter((name) => name !== null);
  if (files.length === 0) return;
  await store
    .remove(files)
    .catch((error: unknown) => log.error({ err: error }, 'Could not remove transfer screenshots'));
}
