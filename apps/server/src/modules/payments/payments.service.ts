import {
  formatPHP,
  type Order,
  PAYMENT_MESSAGES,
  parseCentavos,
  type RecordPaymentInput,
  type RefundInput,
} from '@habi/shared';
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { badInput, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import type { Recorder } from '../audit/index.ts';
import { type MailSettings, mailPayment } from '../mail/index.ts';
import { auditedOrder, getOrder, lockOrder, type OrderRow, refreshPaymentStatus } from '../orders/index.ts';
import { appendLedger, refundable, stillOwed } from './ledger.ts';
import type { OnlineRefunds } from './online-refunds.ts';

// What shoppers and the back office do to an order's payment, each in one transaction that
// locks the order first, so two at once take effect one after the other.

const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;

/** The order locked in `tx`, or 404; `customerId`: only that customer's (403 for another's). */
export async function locked(tx: Executor, orderId: string, customerId?: string): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order not found');
  if (customerId !== undefined && order.customerId !== customerId) throw forbidden();
  return order;
}

/** A transfer order the shopper may still send a reference (or its screenshot) for. */
export function assertTransferOpen(order: OrderRow) {
  if (order.paymentMethod !== 'transfer') throw conflict('This order is not paid by transfer');
  if (order.status === 'cancelled') throw conflict('This order is cancelled');
  if (order.paymentStatus === 'paid') throw conflict('This order is paid');
}

/** An order changed, and the file of the transfer screenshot it let go, to remove once committed. */
export interface ProofChange {
  order: Order;
  droppedProof: string | null;
}

/** Money in must fit what is still owed, on an order not cancelled. */
async function checkMoneyIn(tx: Executor, order: OrderRow, amount: number) {
  if (order.status === 'cancelled') throw conflict('This order is cancelled: nothing is owed on it');
  const owed = await stillOwed(tx, order.id);
  if (owed <= 0) throw conflict('This order is paid in full');
  if (amount > owed) {
    const message = `At most ${formatPHP(owed, 'centavos')} is still owed`;
    throw conflict(message, { amount: message });
  }
}

export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly mail: MailSettings,
    /** PayMongo's refunds, when its keys are set: online payments are refunded through it. */
    private readonly onlineRefunds?: OnlineRefunds,
  ) {}

  /** Cash collected on delivery, whole or in part, recorded by an admin. */
  collect(
    orderId: string,
    input: RecordPaymentInput & { amount: string },
    admin: string,
    record: Recorder,
  ): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const before = await auditedOrder(tx, orderId);
      const order = await locked(tx, orderId);
      if (order.paymentMethod !== 'cod') throw conflict('Only cash on delivery orders are collected');
      const amount = centavos(input.amount);
      await checkMoneyIn(tx, order, amount);
      await appendLedger(tx, order, {
        orderId,
        kind: 'payment',
        amount,
        method: 'cod',
        reference: input.reference,
        note: input.note,
        recordedBy: admin,
      });
      await recordChange(tx, record, 'payment-collected', orderId, before);
      return getOrder(tx, orderId);
    });
  }

  /**
   * The shopper's reference for a transfer they sent: the shop confirms or rejects it. A
   * screenshot attached to an earlier reference is let go (`droppedProof`, its file to remove):
   * it showed another transfer.
   */
  submitReference(orderId: string, customerId: string, reference: string): Promise<ProofChange> {
    return this.db.transaction(async (tx) => {
      const order = await locked(tx, orderId, customerId);
      assertTransferOpen(order);
      await tx
        .update(orders)
        .set({ transferReference: reference, transferRejectedReason: null, transferProof: null })
        .where(eq(orders.id, orderId));
      await refreshPaymentStatus(tx, orderId);
      return { order: await getOrder(tx, orderId), droppedProof: order.transferProof };
    });
  }

  /** The shop found the shopper's transfer: the amount received is recorded, and they are mailed. */
  confirmTransfer(
    orderId: string,
    input: RecordPaymentInput & { amount: string },
    admin: string,
    record: Recorder,
  ) {
    return this.db.transaction(async (tx) => {
      const before = await auditedOrder(tx, orderId);
      const order = await locked(tx, orderId);
      if (order.paymentMethod !== 'transfer') throw conflict('This order is not paid by transfer');
      if (order.transferReference === null) throw conflict('No transfer reference waits to be confirmed');
      const amount = centavos(input.amount);
      await checkMoneyIn(tx, order, amount);
      await tx.update(orders).set({ transferReference: null }).where(eq(orders.id, orderId));
      await appendLedger(tx, order, {
        orderId,
        kind: 'payment',
        amount,
        method: 'transfer',
        reference: input.reference ?? order.transferReference,
        note: input.note,
        recordedBy: admin,
      });
      await mailPayment(tx, orderId, { kind: 'payment-received', amount: input.amount }, this.mail);
      await recordChange(tx, record, 'transfer-confirmed', orderId, before);
      return getOrder(tx, orderId);
    });
  }

  /**
   * The shop did not find the transfer: the shopper is mailed why, and may send another reference.
   * Its screenshot goes with it (`droppedProof`, its file to remove).
   */
  rejectTransfer(orderId: string, reason: string, record: Recorder): Promise<ProofChange> {
    return this.db.transaction(async (tx) => {
      const before = await auditedOrder(tx, orderId);
      const order = await locked(tx, orderId);
      if (order.transferReference === null) throw conflict('No transfer reference waits to be confirmed');
      await tx
        .update(orders)
        .set({ transferReference: null, transferRejectedReason: reason, transferProof: null })
        .where(eq(orders.id, orderId));
      await refreshPaymentStatus(tx, orderId);
      await mailPayment(
        tx,
        orderId,
        { kind: 'payment-rejected', reference: order.transferReference, reason },
        this.mail,
      );
      await recordChange(tx, record, 'transfer-rejected', orderId, before);
      return { order: await getOrder(tx, orderId), droppedProof: order.transferProof };
    });
  }

  /**
   * Money given back by hand (cash or a transfer), recorded with its reference. Never more than
   * was paid less what was refunded, also when two are sent at once: the second waits for the
   * first's lock and then sees its row.
   */
  async refund(
    orderId: string,
    input: RefundInput & { amount: string },
    admin: string,
    record: Recorder,
  ): Promise<Order> {
    // An order's method never changes: an online one is refunded through PayMongo.
    const [found] = await this.db
      .select({ method: orders.paymentMethod })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!found) throw notFound('Order not found');
    if (found.method === 'online') {
      if (!this.onlineRefunds) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
      return this.onlineRefunds.refund(orderId, input, admin, record);
    }
    return this.db.transaction(async (tx) => {
      const before = await auditedOrder(tx, orderId);
      const order = await locked(tx, orderId);
      if (!input.reference) {
        throw badInput(PAYMENT_MESSAGES.reference, { reference: PAYMENT_MESSAGES.reference });
      }
      const amount = centavos(input.amount);
      if (refundable(order) <= 0) throw conflict('Nothing was paid on this order to refund');
      await appendLedger(tx, order, {
        orderId,
        kind: 'refund',
        amount,
        method: order.paymentMethod,
        reference: input.reference,
        note: input.note,
        recordedBy: admin,
      });
      await mailPayment(
        tx,
        orderId,
        { kind: 'refund-issued', amount: input.amount, reference: input.reference },
        this.mail,
      );
      await recordChange(tx, record, 'refund', orderId, before);
      return getOrder(tx, orderId);
    });
  }
}

/** An order's payment change in the audit log: the order before it and as it is now. */
async function recordChange(
  tx: Executor,
  record: Recorder,
  action: string,
  orderId: string,
  before: unknown,
) {
  await record(tx, { action, id: orderId, before, after: await auditedOrder(tx, orderId) });
}
