import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { getOrder, type OrderRow } from '../orders/index.ts';
import { type ImageStore, PRIVATE_IMAGE_FILE, reencodeImage } from '../uploads/index.ts';
import { assertTransferOpen, locked, type ProofChange } from './payments.service.ts';

/** The longest side a screenshot is kept at: a phone's stays readable, in a few hundred kB. */
const PROOF_SIDE = 1600;

/** A screenshot is attached to the reference it shows: one must be waiting. */
function assertTakesProof(order: OrderRow) {
  assertTransferOpen(order);
  if (order.transferReference === null) throw conflict(PAYMENT_MESSAGES.proofNeedsReference);
}

/**
 * The shoppers' screenshots of their transfers ("proof of payment"). They show the shopper's own
 * account, so they live in the private image store under random names, re-encoded (no metadata,
 * bounded size), and are read only through the order, by its owner and the back office.
 */
export class TransferProofs {
  constructor(
    private readonly db: Db,
    readonly store: ImageStore,
  ) {}

  /**
   * Attaches a screenshot to the reference waiting on the shopper's transfer order, in place of
   * one attached before (`droppedProof`). Stored before the order names it, and removed again
   * when the order refuses it.
   */
  async attach(orderId: string, customerId: string, bytes: Buffer): Promise<ProofChange> {
    // Refused before the work of re-encoding where it can be; checked again under the lock.
    const [current] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!current) throw notFound('Order not found');
    if (current.customerId !== customerId) throw forbidden();
    assertTakesProof(current);
    const webp = await reencodeImage(bytes, PROOF_SIDE);
    const name = `${randomBytes(16).toString('hex')}.webp`;
    await this.store.put(name, webp);
    try {
      return await this.db.transaction(async (tx) => {
        const order = await locked(tx, orderId, customerId);
        assertTakesProof(order);
        await tx.update(orders).set({ transferProof: name }).where(eq(orders.id, orderId));
        return { order: await getOrder(tx, orderId), droppedProof: order.transferProof };
      });
    } catch (error) {
      await this.store.remove([name]);
      throw error;
    }
  }

  /** An order's screenshot, or 404. Who may read it is decided by the route, before this. */
  async read(orderId: string): Promise<Buffer> {
    const [order] = await this.db
      .select({ proof: orders.transferProof })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
    const bytes =
      order.proof && PRIVATE_IMAGE_FILE.test(order.proof) ? await this.store.get(order.proof) : null;
    if (!bytes) throw notFound('No screenshot is attached to this order');
    return bytes;
  }
}
