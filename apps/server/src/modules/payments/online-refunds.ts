import {
  formatPHP,
  type Order,
  PAYMENT_MESSAGES,
  parseCentavos,
  type RefundInput,
  toDecimal,
} from '@habi/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { type MailSettings, mailPayment } from '../mail/index.ts';
import { getOrder, lockOrder, type OrderRow } from '../orders/index.ts';
import { appendLedger, refundable } from './ledger.ts';
import { GatewayError, type PayMongoClient } from './paymongo-client.ts';

const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;

/** Online payments given back through PayMongo. */
export class OnlineRefunds {
  constructor(
    private readonly db: Db,
    private readonly paymongo: PayMongoClient,
    private readonly mail: MailSettings,
  ) {}

  refund(orderId: string, input: RefundInput & { amount: string }, admin: string): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order not found');
      return this.refundOnline(tx, order, input, admin);
    });
  }

  /**
   * An online payment given back through PayMongo, called with the order locked so two refunds at
   * once cannot both go out; its row is written once PayMongo took it (by the refund's id, so it
   * is recorded once), and when PayMongo fails nothing is written (503). The refund comes from
   * one payment: the one with the most left to refund (an order has one, unless paid twice).
   */
  private async refundOnline(
    tx: Executor,
    order: OrderRow,
    input: RefundInput & { amount: string },
    admin: string,
  ) {
    const amount = centavos(input.amount);
    if (refundable(order) <= 0) throw conflict('Nothing was paid on this order to refund');
    if (amount > refundable(order)) {
      const left = toDecimal(refundable(order));
      throw conflict(PAYMENT_MESSAGES.overRefund(left), { amount: PAYMENT_MESSAGES.overRefund(left) });
    }
    const source = await onlinePaymentToRefund(tx, order.id);
    if (!source || amount > source.left) {
      const most = formatPHP(source?.left ?? 0, 'centavos');
      throw conflict(`At most ${most} can be refunded from one PayMongo payment at a time`);
    }
    let refund: Awaited<ReturnType<PayMongoClient['createRefund']>>;
    try {
      refund = await this.paymongo.createRefund({ paymentId: source.paymentId, amount, notes: input.note });
      if (refund.attributes?.status === 'failed') throw new GatewayError('PayMongo failed the refund');
    } catch (error) {
      if (error instanceof GatewayError) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
      throw error;
    }
    await appendLedger(tx, order, {
      orderId: order.id,
      kind: 'refund',
      amount,
      method: 'online',
      // The payment it comes from, so what is left of each payment is known.
      reference: source.paymentId,
      providerId: refund.id,
      note: input.note,
      recordedBy: admin,
    });
    await mailPayment(
      tx,
      order.id,
      { kind: 'refund-issued', amount: input.amount, reference: refund.id },
      this.mail,
    );
    return getOrder(tx, order.id);
  }
}

/** The order's PayMongo payment with the most left to refund, and how much that is. */
async function onlinePaymentToRefund(tx: Executor, orderId: string) {
  const rows = await tx
    .select({
      kind: payments.kind,
      amount: payments.amount,
      providerId: payments.providerId,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'online')));
  const left = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'payment' && row.providerId)
      left.set(row.providerId, (left.get(row.providerId) ?? 0) + centavos(row.amount));
  }
  for (const row of rows) {
    if (row.kind === 'refund' && row.reference && left.has(row.reference)) {
      left.set(row.reference, left.get(row.reference)! - centavos(row.amount));
    }
  }
  const [best] = [...left].sort((a, b) => b[1] - a[1]);
  return best ? { paymentId: best[0], left: best[1] } : null;
}
