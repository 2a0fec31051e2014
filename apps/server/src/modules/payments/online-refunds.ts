import {
  formatPHP,
  type Order,
  PAYMENT_MESSAGES,
  parseCentavos,
  type RefundInput,
  toDecimal,
} from '@habi/shared';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { type PayMongoRefundState, payments, paymongoRefunds } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import type { Recorder } from '../audit/index.ts';
import { type MailSettings, mailPayment } from '../mail/index.ts';
import { getOrder, lockOrder } from '../orders/index.ts';
import { appendLedger, refundable } from './ledger.ts';
import { GatewayError, type PayMongoClient, REFUND_REQUEST_KEY } from './paymongo-client.ts';
import { askReview } from './review.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;
const money = (amount: number) => formatPHP(amount, 'centavos');

/** A refund as PayMongo's API answers it and its events carry it; the rest is not read. */
export const PayMongoRefundSchema = z.object({
  id: z.string().min(1).max(200),
  attributes: z.object({
    amount: z.number().int().positive(),
    payment_id: z.string().min(1).max(200),
    status: z.string().max(50),
    metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type PayMongoRefund = z.infer<typeof PayMongoRefundSchema>;

/** A payment with its refunds, as PayMongo's API answers it and its refund events carry it. */
export const PayMongoPaymentSchema = z.object({
  id: z.string().min(1).max(200),
  attributes: z.object({ refunds: z.array(PayMongoRefundSchema).max(1000).nullish() }),
});

/** PayMongo's refund statuses: pending (and any other not final), succeeded, failed. */
const stateOf = (status: string): Exclude<PayMongoRefundState, 'sending'> =>
  status === 'succeeded' || status === 'failed' ? status : 'pending';

/** A refund asked of PayMongo this long ago with no word of it was never taken. */
const SENDING_GRACE_MS = 60_000;
/** A refund PayMongo took is read back this long after, when no event settled it. */
const PENDING_RECHECK_MS = 10 * 60_000;

type Applied = 'recorded' | 'reversed' | 'review' | 'unchanged' | 'unknown payment';

/**
 * Online payments given back through PayMongo. A refund is written (`paymongo_refunds`, state
 * `sending`) before PayMongo is asked, with no lock held while it answers; PayMongo's answer, its
 * refund events and the read-back of the payment each bring the row up to date, under the order's
 * lock, whichever comes first: a refund PayMongo took is recorded in the ledger once (by its id),
 * one it failed afterwards is reversed, and one it never took is marked failed. What is still
 * `sending` counts as refunded when the next refund is checked, so two at once never give back
 * more than was paid.
 */
export class OnlineRefunds {
  constructor(
    private readonly db: Db,
    private readonly paymongo: PayMongoClient,
    private readonly mail: MailSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  async refund(
    orderId: string,
    input: RefundInput & { amount: string },
    admin: string,
    record: Recorder,
  ): Promise<Order> {
    // The admin's request is what the audit log keeps; PayMongo's answer follows in the ledger.
    const request = await this.db.transaction(async (tx) => {
      const reserved = await reserve(tx, orderId, centavos(input.amount), input.note, admin);
      await record(tx, {
        action: 'refund-requested',
        id: orderId,
        after: { amount: reserved.amount, note: input.note },
      });
      return reserved;
    });
    let answer: PayMongoRefund | undefined;
    try {
      const parsed = PayMongoRefundSchema.safeParse(
        await this.paymongo.createRefund({
          paymentId: request.paymentId,
          amount: centavos(request.amount),
          notes: input.note,
          requestId: request.id,
        }),
      );
      answer = parsed.success ? parsed.data : undefined;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      if (error.refused) {
        await this.db
          .update(paymongoRefunds)
          .set({ state: 'failed' })
          .where(and(eq(paymongoRefunds.id, request.id), eq(paymongoRefunds.state, 'sending')));
        throw conflict(PAYMENT_MESSAGES.refundRefused);
      }
    }
    // No answer (or not a refund): PayMongo may have taken it all the same; its payment tells.
    if (answer) await this.db.transaction((tx) => this.apply(tx, answer));
    else await this.readBack(request.paymentId).catch(() => undefined);
    const [row] = await this.db.select().from(paymongoRefunds).where(eq(paymongoRefunds.id, request.id));
    if (row?.state === 'sending') throw new HttpError(503, PAYMENT_MESSAGES.refundUnconfirmed);
    if (row?.state === 'failed') throw conflict(PAYMENT_MESSAGES.refundRefused);
    return getOrder(this.db, orderId);
  }

  /**
   * PayMongo's word on one refund, with its order locked. Taken (pending or succeeded) and not yet
   * in the ledger: recorded, and the shopper mailed; more than is left to refund (made in
   * PayMongo's dashboard, say): the shop asked to look instead. Failed after it was recorded:
   * reversed, and the shop asked to refund again.
   */
  async apply(tx: Executor, refund: PayMongoRefund): Promise<Applied> {
    const { id, attributes } = refund;
    const requestId = attributes.metadata?.[REFUND_REQUEST_KEY];
    const orderId = await orderOf(tx, refund, typeof requestId === 'string' ? requestId : undefined);
    const order = orderId ? await lockOrder(tx, orderId) : null;
    if (!order) return 'unknown payment';
    const row =
      (await rowBy(tx, eq(paymongoRefunds.refundId, id))) ??
      (typeof requestId === 'string' && UUID.test(requestId)
        ? await rowBy(tx, and(eq(paymongoRefunds.id, requestId), isNull(paymongoRefunds.refundId)))
        : undefined) ??
      // An answer without its metadata: the oldest refund of that amount still being sent.
      (await rowBy(
        tx,
        and(
          eq(paymongoRefunds.paymentId, attributes.payment_id),
          eq(paymongoRefunds.state, 'sending'),
          eq(paymongoRefunds.amount, toDecimal(attributes.amount)),
        ),
      ));
    const state = stateOf(attributes.status);
    const rowId =
      row?.id ??
      (
        await tx
          .insert(paymongoRefunds)
          .values({
            orderId: order.id,
            paymentId: attributes.payment_id,
            amount: toDecimal(attributes.amount),
            state,
            refundId: id,
            requestedBy: 'paymongo',
          })
          .returning({ id: paymongoRefunds.id })
      )[0]!.id;
    // A final state stays: a late `pending` does not undo `succeeded` or `failed`.
    const next = row && row.state !== 'sending' && row.state !== 'pending' ? row.state : state;
    await tx.update(paymongoRefunds).set({ refundId: id, state: next }).where(eq(paymongoRefunds.id, rowId));

    const written = await tx
      .select({ kind: payments.kind })
      .from(payments)
      .where(and(inArray(payments.kind, ['refund', 'reversal']), eq(payments.providerId, id)));
    const recorded = written.some((w) => w.kind === 'refund');
    const reversed = written.some((w) => w.kind === 'reversal');
    const entry = {
      orderId: order.id,
      amount: attributes.amount,
      method: 'online' as const,
      // The payment it comes from, so what is left of each payment is known.
      reference: attributes.payment_id,
      providerId: id,
      note: row?.note ?? null,
    };
    if (state !== 'failed' && !recorded) {
      if (attributes.amount > refundable(order)) {
        await askReview(
          tx,
          order,
          `PayMongo refund ${id} of ${money(attributes.amount)} is more than is left to refund: check it in PayMongo.`,
        );
        return 'review';
      }
      await appendLedger(tx, order, { ...entry, kind: 'refund', recordedBy: row?.requestedBy ?? 'paymongo' });
      await mailPayment(
        tx,
        order.id,
        { kind: 'refund-issued', amount: toDecimal(attributes.amount), reference: id },
        this.mail,
      );
      return 'recorded';
    }
    if (state === 'failed' && recorded && !reversed) {
      await appendLedger(tx, order, { ...entry, kind: 'reversal', recordedBy: 'paymongo' });
      await askReview(
        tx,
        order,
        `PayMongo refund ${id} of ${money(attributes.amount)} failed, so the money was not given back: refund it again.`,
      );
      return 'reversed';
    }
    return 'unchanged';
  }

  /**
   * The payment read back from PayMongo and each of its refunds applied; then a refund of it
   * still being sent after the grace time is one PayMongo never took: failed.
   */
  async readBack(paymentId: string): Promise<void> {
    const payment = PayMongoPaymentSchema.parse(await this.paymongo.getPayment(paymentId));
    for (const refund of payment.attributes.refunds ?? []) {
      const outcome = await this.db.transaction((tx) => this.apply(tx, refund));
      if (outcome !== 'unchanged')
        this.log.info({ refundId: refund.id, outcome }, 'PayMongo refund read back');
    }
    const failed = await this.db
      .update(paymongoRefunds)
      .set({ state: 'failed' })
      .where(
        and(
          eq(paymongoRefunds.paymentId, paymentId),
          eq(paymongoRefunds.state, 'sending'),
          lte(paymongoRefunds.createdAt, sql`now() - make_interval(secs => ${SENDING_GRACE_MS / 1000})`),
        ),
      )
      .returning({ id: paymongoRefunds.id });
    if (failed.length > 0)
      this.log.warn({ count: failed.length }, 'refunds PayMongo never took marked failed');
  }

  /**
   * Refunds left unsettled read back, oldest first, at most `limit` a pass: every one still being
   * sent (its answer lost to a crash, or on its way), and those PayMongo took that no event
   * settled for a while. Stops at the first call PayMongo does not answer.
   */
  async reconcile(limit = 20): Promise<void> {
    const open = await this.db
      .selectDistinct({ paymentId: paymongoRefunds.paymentId, createdAt: paymongoRefunds.createdAt })
      .from(paymongoRefunds)
      .where(
        or(
          eq(paymongoRefunds.state, 'sending'),
          and(
            eq(paymongoRefunds.state, 'pending'),
            lte(paymongoRefunds.createdAt, sql`now() - make_interval(secs => ${PENDING_RECHECK_MS / 1000})`),
          ),
        ),
      )
      .orderBy(asc(paymongoRefunds.createdAt))
      .limit(limit);
    for (const paymentId of new Set(open.map((o) => o.paymentId))) {
      try {
        await this.readBack(paymentId);
      } catch (error) {
        if (error instanceof GatewayError) return;
        throw error;
      }
    }
  }
}

/**
 * Reserves a refund with the order locked: within what was paid less what was refunded and what
 * is still being sent, and within what is left of one PayMongo payment (an order has one, unless
 * paid twice; the one with the most left is taken). Written `sending`, and committed before
 * PayMongo is asked.
 */
async function reserve(
  tx: Executor,
  orderId: string,
  amount: number,
  note: string | undefined,
  admin: string,
) {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound('Order not found');
  const rows = await tx
    .select({
      kind: payments.kind,
      amount: payments.amount,
      providerId: payments.providerId,
      reference: payments.reference,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.method, 'online')));
  const sending = await tx
    .select({ paymentId: paymongoRefunds.paymentId, amount: paymongoRefunds.amount })
    .from(paymongoRefunds)
    .where(and(eq(paymongoRefunds.orderId, orderId), eq(paymongoRefunds.state, 'sending')));
  const left = refundable(order) - sending.reduce((sum, s) => sum + centavos(s.amount), 0);
  if (refundable(order) <= 0) throw conflict('Nothing was paid on this order to refund');
  if (amount > left) {
    const most = toDecimal(Math.max(0, left));
    throw conflict(PAYMENT_MESSAGES.overRefund(most), { amount: PAYMENT_MESSAGES.overRefund(most) });
  }
  const source = paymentWithMostLeft(rows, sending);
  if (!source || amount > source.left) {
    throw conflict(`At most ${money(source?.left ?? 0)} can be refunded from one PayMongo payment at a time`);
  }
  const [request] = await tx
    .insert(paymongoRefunds)
    .values({ orderId, paymentId: source.paymentId, amount: toDecimal(amount), note, requestedBy: admin })
    .returning();
  return request!;
}

/** Each PayMongo payment of the order less its refunds (a reversal gives back) and what is being sent. */
function paymentWithMostLeft(
  rows: { kind: string; amount: string; providerId: string | null; reference: string | null }[],
  sending: { paymentId: string; amount: string }[],
) {
  const left = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === 'payment' && row.providerId) left.set(row.providerId, centavos(row.amount));
  }
  const take = (paymentId: string | null, amount: number) => {
    if (paymentId && left.has(paymentId)) left.set(paymentId, left.get(paymentId)! + amount);
  };
  for (const row of rows) {
    if (row.kind === 'refund') take(row.reference, -centavos(row.amount));
    if (row.kind === 'reversal') take(row.reference, centavos(row.amount));
  }
  for (const row of sending) take(row.paymentId, -centavos(row.amount));
  const [best] = [...left].sort((a, b) => b[1] - a[1]);
  return best ? { paymentId: best[0], left: best[1] } : null;
}

/** The order a refund belongs to: its row's, or the order its payment was recorded for. */
async function orderOf(tx: Executor, refund: PayMongoRefund, requestId: string | undefined) {
  const [byRow] = await tx
    .select({ orderId: paymongoRefunds.orderId })
    .from(paymongoRefunds)
    .where(
      requestId && UUID.test(requestId)
        ? or(eq(paymongoRefunds.refundId, refund.id), eq(paymongoRefunds.id, requestId))
        : eq(paymongoRefunds.refundId, refund.id),
    )
    .limit(1);
  if (byRow) return byRow.orderId;
  const [byPayment] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.kind, 'payment'), eq(payments.providerId, refund.attributes.payment_id)));
  return byPayment?.orderId ?? null;
}

const rowBy = async (tx: Executor, where: ReturnType<typeof and>) =>
  (await tx.select().from(paymongoRefunds).where(where).orderBy(asc(paymongoRefunds.createdAt)).limit(1))[0];
