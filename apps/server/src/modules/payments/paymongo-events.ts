import { formatPHP, toDecimal } from '@habi/shared';
import { and, eq, inArray, isNotNull, like, not } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { orders, paymentEvents, payments } from '../../db/schema.ts';
import { type MailSettings, mailPayment } from '../mail/index.ts';
import { lockOrder, type OrderRow } from '../orders/index.ts';
import { appendLedger, stillOwed } from './ledger.ts';
import { type OnlineRefunds, PayMongoPaymentSchema } from './online-refunds.ts';
import { GatewayError, type PayMongoClient, type SessionPayment } from './paymongo-client.ts';
import { askReview } from './review.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A webhook's body as PayMongo sends it; what else it carries is not read. */
export const WebhookEventSchema = z.object({
  data: z.object({
    id: z.string().min(1).max(200),
    attributes: z.object({
      type: z.string().min(1).max(200),
      livemode: z.boolean().optional(),
      data: z
        .object({
          id: z.string().max(200),
          attributes: z.record(z.string(), z.unknown()),
        })
        .nullish(),
    }),
  }),
});
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

const PaidSessionSchema = z.object({
  id: z.string(),
  attributes: z.object({
    reference_number: z.string().nullish(),
    payments: z
      .array(
        z.object({
          id: z.string().min(1).max(200),
          attributes: z.object({
            amount: z.number().int().nonnegative(),
            currency: z.string(),
            status: z.string(),
          }),
        }),
      )
      .nullish(),
  }),
});

/** What recording a session's payments came to, for the log. */
type Outcome = 'recorded' | 'already recorded' | 'review' | 'nothing paid' | 'unknown order' | 'replay';

/**
 * PayMongo's word on payments: its webhook's events, and the sessions read back on start. Each
 * event takes effect once (its id is written in the transaction of its effect) and each payment
 * is recorded once (the ledger's unique provider id), whichever way it arrives first.
 */
export class PayMongoEvents {
  constructor(
    private readonly db: Db,
    private readonly mail: MailSettings,
    private readonly refunds: OnlineRefunds,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes a verified event; unknown types and orders are logged and left. */
  async take(event: WebhookEvent): Promise<void> {
    const { id, attributes } = event.data;
    const type = attributes.type;
    if (type === 'checkout_session.payment.paid') {
      const session = PaidSessionSchema.safeParse(attributes.data);
      if (!session.success) {
        this.log.warn({ eventId: id, type }, 'PayMongo event without its checkout session: ignored');
        return;
      }
      const outcome = await this.db.transaction(async (tx) => {
        const fresh = await tx
          .insert(paymentEvents)
          .values({ id, type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (fresh.length === 0) return 'replay';
        return this.recordSession(tx, session.data);
      });
      this.log.info(
        { eventId: id, type, orderId: session.data.attributes.reference_number, outcome },
        'PayMongo event',
      );
      return;
    }
    if (type === 'payment.refunded' || type === 'payment.refund.updated') {
      const payment = PayMongoPaymentSchema.safeParse(attributes.data);
      if (!payment.success) {
        this.log.warn({ eventId: id, type }, 'PayMongo event without its payment: ignored');
        return;
      }
      const refunds = payment.data.attributes.refunds;
      // An event that does not list the payment's refunds: PayMongo's API does (a failure to
      // read it answers 5xx, so PayMongo sends the event again).
      if (!refunds) await this.refunds.readBack(payment.data.id);
      const outcomes = await this.db.transaction(async (tx) => {
        const fresh = await tx
          .insert(paymentEvents)
          .values({ id, type })
          .onConflictDoNothing()
          .returning({ id: paymentEvents.id });
        if (fresh.length === 0) return ['replay'];
        const applied: string[] = [];
        for (const refund of refunds ?? []) applied.push(await this.refunds.apply(tx, refund));
        return applied;
      });
      this.log.info({ eventId: id, type, paymentId: payment.data.id, outcomes }, 'PayMongo event');
      return;
    }
    // payment.failed and the rest: nothing to record; the shopper may try again on PayMongo's page.
    this.log.info({ eventId: id, type }, 'PayMongo event not acted on');
  }

  /**
   * Online orders unpaid with a session: each session read back from PayMongo, and what it took
   * recorded (a webhook lost while the store was down). Returns how many orders it recorded.
   */
  async reconcile(client: PayMongoClient, limit = 100): Promise<number> {
    const open = await this.db
      .select({ sessionId: orders.checkoutSessionId })
      .from(orders)
      .where(
        and(
          eq(orders.paymentMethod, 'online'),
          eq(orders.paymentStatus, 'unpaid'),
          isNotNull(orders.checkoutSessionId),
          not(like(orders.checkoutSessionId, 'pending:%')),
        ),
      )
      .limit(limit);
    let recorded = 0;
    for (const { sessionId } of open) {
      try {
        const session = PaidSessionSchema.parse(await client.getCheckoutSession(sessionId!));
        const outcome = await this.db.transaction((tx) => this.recordSession(tx, session));
        if (outcome !== 'nothing paid') this.log.info({ outcome }, 'PayMongo session read back');
        if (outcome === 'recorded') recorded++;
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        return recorded;
      }
    }
    return recorded;
  }

  /**
   * The session's paid payments, with its order locked. In pesos and for what is still owed:
   * recorded, and the shopper mailed. After the order was cancelled (it lapsed): recorded, and
   * the shop asked to refund it. Not in pesos, or not what is owed (a line cancelled after the
   * session was made): not recorded, since the ledger holds pesos and an order is never shown
   * paid for the wrong amount; the shop is asked to look (payment_review, naming the payment) and
   * the order no longer lapses meanwhile.
   */
  private async recordSession(tx: Executor, session: z.infer<typeof PaidSessionSchema>): Promise<Outcome> {
    const orderId = session.attributes.reference_number ?? '';
    const order = UUID.test(orderId) ? await lockOrder(tx, orderId) : null;
    if (order?.paymentMethod !== 'online') return 'unknown order';
    const paid = (session.attributes.payments ?? []).filter((p) => p.attributes.status === 'paid');
    if (paid.length === 0) return 'nothing paid';
    const known = await tx
      .select({ id: payments.providerId })
      .from(payments)
      .where(
        and(
          eq(payments.kind, 'payment'),
          inArray(
            payments.providerId,
            paid.map((p) => p.id),
          ),
        ),
      );
    const fresh = paid.filter((p) => !known.some((k) => k.id === p.id));
    if (fresh.length === 0) return 'already recorded';
    const ids = fresh.map((p) => p.id).join(', ');
    const amount = fresh.reduce((sum, p) => sum + p.attributes.amount, 0);
    const foreign = fresh.find((p) => p.attributes.currency !== 'PHP');
    if (foreign) {
      await askReview(
        tx,
        order,
        `PayMongo payment ${ids} came in ${foreign.attributes.currency}, not PHP: check it in PayMongo.`,
      );
      return 'review';
    }
    const cancelled = order.status === 'cancelled';
    if (!cancelled) {
      const owed = await stillOwed(tx, order.id);
      if (amount !== owed) {
        const message = `PayMongo payment ${ids} of ${money(amount)} differs from the ${money(owed)} owed: check it in PayMongo.`;
        await askReview(tx, order, message);
        return 'review';
      }
    }
    for (const payment of fresh) await this.append(tx, order, payment);
    if (cancelled) {
      await askReview(
        tx,
        order,
        `PayMongo payment ${ids} of ${money(amount)} came after the order was cancelled: refund it.`,
      );
    } else {
      await mailPayment(tx, order.id, { kind: 'payment-received', amount: toDecimal(amount) }, this.mail);
    }
    return 'recorded';
  }

  private append(tx: Executor, order: OrderRow, payment: SessionPayment) {
    return appendLedger(tx, order, {
      orderId: order.id,
      kind: 'payment',
      amount: payment.attributes.amount,
      method: 'online',
      providerId: payment.id,
      recordedBy: 'paymongo',
    });
  }
}

const money = (amount: number) => formatPHP(amount, 'centavos');
