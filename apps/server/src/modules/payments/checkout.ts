import { randomUUID } from 'node:crypto';
import { lineShares, orderReference, PAYMENT_MESSAGES, parseCentavos } from '@habi/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { orderItems, orders } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { lockOrder, type OrderRow } from '../orders/index.ts';
import { type CheckoutLineItem, GatewayError, type PayMongoClient } from './paymongo-client.ts';

/**
 * While one request makes an order's checkout session, `checkout_session_id` holds its claim,
 * `pending:<ms since epoch>:<uuid>`: a second request waits for the session instead of making
 * another. A claim older than this was left by a process that stopped, and is taken over.
 */
const CLAIM_MS = 30_000;
const WAIT_STEP_MS = 100;
const CLAIM_PREFIX = 'pending:';

const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;
const claimAge = (id: string) => Date.now() - Number(id.slice(CLAIM_PREFIX.length).split(':')[0]);
const isClaim = (id: string | null): id is string => id?.startsWith(CLAIM_PREFIX) === true;

/** What an order may be paid through PayMongo now: online, unpaid, not cancelled. */
const payable = (order: OrderRow) =>
  order.paymentMethod === 'online' && order.paymentStatus === 'unpaid' && order.status !== 'cancelled';

type Step = { url: string } | { claim: string } | { wait: true } | { refused: string };

/**
 * Online orders' PayMongo checkout sessions: one per order, made outside any transaction (a call
 * to PayMongo may take seconds) under a claim taken with the order locked, so a double click, a
 * replayed checkout or two retries at once make one session and all get its page.
 */
export class CheckoutSessions {
  constructor(
    private readonly db: Db,
    private readonly client: PayMongoClient,
    private readonly settings: { publicUrl: string; storeName: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The order's checkout page, made now or earlier; null when PayMongo failed (the order stays
   * placed and unpaid: the shopper retries) or the order is not one to pay online now.
   */
  async start(orderId: string): Promise<string | null> {
    try {
      return await this.url(orderId);
    } catch (error) {
      if (error instanceof HttpError || error instanceof GatewayError) return null;
      throw error;
    }
  }

  /**
   * The shopper's retry: their unpaid online order's checkout page. 404, 403 for another's, 409
   * when it is paid, cancelled or not online, 503 when PayMongo fails.
   */
  async retry(orderId: string, customerId: string): Promise<string> {
    try {
      return await this.url(orderId, customerId);
    } catch (error) {
      if (error instanceof GatewayError) throw new HttpError(503, PAYMENT_MESSAGES.gatewayDown);
      throw error;
    }
  }

  private async url(orderId: string, customerId?: string): Promise<string> {
    const deadline = Date.now() + CLAIM_MS;
    for (;;) {
      const step = await this.claim(orderId, customerId);
      if ('url' in step) return step.url;
      if ('refused' in step) throw conflict(step.refused);
      if ('claim' in step) return this.make(orderId, step.claim);
      // Another request is making the session: its page, once it is there.
      if (Date.now() > deadline) throw new GatewayError('A checkout session took too long to make');
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
  }

  /** With the order locked: its stored page, a refusal, a wait, or the claim to make a session. */
  private claim(orderId: string, customerId?: string): Promise<Step> {
    return this.db.transaction(async (tx): Promise<Step> => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order not found');
      if (customerId !== undefined && order.customerId !== customerId) throw forbidden();
      if (order.paymentMethod !== 'online') return { refused: 'This order is not paid online' };
      if (order.status === 'cancelled') return { refused: 'This order is cancelled' };
      if (order.paymentStatus !== 'unpaid') return { refused: 'This order is paid' };
      const stored = order.checkoutSessionId;
      if (stored && !isClaim(stored) && order.checkoutUrl) return { url: order.checkoutUrl };
      if (isClaim(stored) && claimAge(stored) < CLAIM_MS) return { wait: true };
      const claim = `${CLAIM_PREFIX}${Date.now()}:${randomUUID()}`;
      await tx
        .update(orders)
        .set({ checkoutSessionId: claim, checkoutUrl: null })
        .where(eq(orders.id, orderId));
      return { claim };
    });
  }

  /** Makes the session PayMongo shows for the order and stores it in place of the claim. */
  private async make(orderId: string, claim: string): Promise<string> {
    let session: Awaited<ReturnType<PayMongoClient['createCheckoutSession']>>;
    try {
      session = await this.client.createCheckoutSession(await this.request(orderId));
      if (!/^https?:\/\//.test(String(session.attributes?.checkout_url))) {
        throw new GatewayError('PayMongo gave a checkout session without its page');
      }
    } catch (error) {
      // The claim goes, so the next try makes a session at once.
      await this.db
        .update(orders)
        .set({ checkoutSessionId: null })
        .where(and(eq(orders.id, orderId), eq(orders.checkoutSessionId, claim)));
      throw error;
    }
    const url = session.attributes.checkout_url;
    const stored = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order?.checkoutSessionId !== claim)
        return order && !isClaim(order.checkoutSessionId) ? order : null;
      await tx
        .update(orders)
        .set({ checkoutSessionId: session.id, checkoutUrl: url })
        .where(eq(orders.id, orderId));
      return null;
    });
    // Taken over meanwhile (this claim outlived CLAIM_MS): the session stored is the one shown.
    if (stored?.checkoutUrl) return stored.checkoutUrl;
    this.log.info({ orderId }, 'PayMongo checkout session made');
    return url;
  }

  /**
   * The session's lines: one per order line not cancelled, for its share of the total (its
   * items, less its part of the discount, plus its delivery fee and its part of the tax), so the
   * lines add up to what is owed to the centavo.
   */
  private async request(orderId: string) {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || !payable(order)) throw conflict('This order cannot be paid online now');
    const items = await this.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
    const shares = lineShares(
      items.map((item) => ({ price: item.price, quantity: item.quantity, fee: Number(item.deliveryFee) })),
      centavos(order.discountAmount),
      centavos(order.tax),
    );
    const lineItems: CheckoutLineItem[] = items.flatMap((item, i) =>
      item.status === 'cancelled'
        ? []
        : [
            {
              name: `${item.name}${item.size ? ` (${item.size})` : ''} × ${item.quantity}`.slice(0, 255),
              quantity: 1,
              amount: shares[i]!,
              currency: 'PHP' as const,
            },
          ],
    );
    const { publicUrl, storeName } = this.settings;
    return {
      lineItems,
      referenceNumber: orderId,
      successUrl: `${publicUrl}/confirmation?order=${orderId}`,
      cancelUrl: `${publicUrl}/confirmation?order=${orderId}&payment=cancelled`,
      description: `${storeName} order ${orderReference(orderId)}`,
    };
  }
}

/** An order's PayMongo session id, when it has one (not a claim being made). */
export const sessionIdOf = (order: Pick<OrderRow, 'checkoutSessionId'>) =>
  isClaim(order.checkoutSessionId) ? null : order.checkoutSessionId;
