import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stand-in received. */
export interface PayMongoRequest {
  method: string;
  path: string;
  /** The Authorization header as sent. */
  authorization: string | undefined;
  body: { data: { attributes: SentAttributes } } | undefined;
}

/** What a request's `data.attributes` carried: a session's lines, a refund's amount, and the rest. */
export interface SentAttributes {
  line_items?: { name: string; quantity: number; amount: number; currency: string }[];
  [key: string]: unknown;
}

interface StoredRefund {
  id: string;
  type: 'refund';
  attributes: {
    amount: number;
    currency: 'PHP';
    payment_id: string;
    status: string;
    metadata: Record<string, unknown> | null;
    notes: string | null;
    reason: string;
  };
}

interface StoredPayment {
  id: string;
  type: 'payment';
  attributes: { amount: number; currency: string; status: string; refunds: StoredRefund[] };
}

interface StoredSession {
  id: string;
  attributes: {
    checkout_url: string;
    reference_number: string;
    line_items: { name: string; quantity: number; amount: number; currency: string }[];
    payments: StoredPayment[];
    [key: string]: unknown;
  };
}

/** Where the stand-in's own checkout pages send their signed webhook (the e2e tests' store). */
interface CheckoutPages {
  storeUrl: string;
  webhookSecret: string;
}

/**
 * A stand-in for PayMongo's API on a local port (a random one unless given): checkout sessions
 * made and read back, payments read with their refunds, refunds made (`pending`, or
 * `refundStatus`; 400 beyond what is left of the payment), each request recorded. `fail` makes
 * it answer 503 (`'5xx'`) or drop the connection (`'drop'`) until set back to `'none'`;
 * `'drop-after-refund'` makes the refund and then drops the connection, as when the answer is
 * lost, and `'hold-after-refund'` makes it and never answers; `delayMs` holds each answer back.
 * With `pages`, a session's checkout URL is a page of its own where a shopper pays or cancels:
 * paying sends the store PayMongo's signed `checkout_session.payment.paid` and returns the
 * shopper to the session's success URL, as PayMongo's hosted checkout does.
 */
export async function startPayMongo({
  port = 0,
  pages,
  sessionsVersion = 'v2',
}: {
  port?: number;
  pages?: CheckoutPages;
  /** Where it makes checkout sessions: `/v2/checkout_sessions` as PayMongo's docs give it, or only `/v1`. */
  sessionsVersion?: 'v1' | 'v2';
} = {}) {
  const requests: PayMongoRequest[] = [];
  const sessions = new Map<string, StoredSession>();
  const payments = new Map<string, StoredPayment>();
  const state = {
    fail: 'none' as 'none' | '5xx' | 'drop' | 'drop-after-refund' | 'hold-after-refund',
    delayMs: 0,
    refundStatus: 'pending',
  };
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = request.url ?? '';
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      body: text ? JSON.parse(text) : undefined,
    });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.fail === 'drop') return request.socket.destroy();
    if (state.fail === '5xx') return answer(response, 503, { errors: [{ code: 'service_unavailable' }] });
    const attributes = text ? JSON.parse(text).data.attributes : {};
    if (request.method === 'POST' && path === `/${sessionsVersion}/checkout_sessions`) {
      const session: StoredSession = {
        id: id('cs'),
        attributes: { ...attributes, checkout_url: '', payments: [] },
      };
      session.attributes.checkout_url = pages
        ? `${base}/checkout/${session.id}`
        : `https://checkout.paymongo.test/${randomBytes(8).toString('hex')}`;
      sessions.set(session.id, session);
      return answer(response, 200, { data: session });
    }
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (pages && page) return checkoutPage(response, sessions.get(page[1]!), page[2] !== undefined);
    const read = new RegExp(`^/${sessionsVersion}/checkout_sessions/([^/]+)$`).exec(path);
    if (request.method === 'GET' && read) {
      const session = sessions.get(decodeURIComponent(read[1]!));
      return session
        ? answer(response, 200, { data: session })
        : answer(response, 404, { errors: [{ code: 'resource_not_found' }] });
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const payment = payments.get(String(attributes.payment_id));
      if (!payment) return answer(response, 404, { errors: [{ code: 'resource_not_found' }] });
      const refunded = payment.attributes.refunds
        .filter((r) => r.attributes.status !== 'failed')
        .reduce((sum, r) => sum + r.attributes.amount, 0);
      if (attributes.amount > payment.attributes.amount - refunded) {
        return answer(response, 400, { errors: [{ code: 'parameter_above_maximum' }] });
      }
      const refund: StoredRefund = {
        id: id('ref'),
        type: 'refund',
        attributes: {
          amount: attributes.amount,
          currency: 'PHP',
          payment_id: payment.id,
          status: state.refundStatus,
          metadata: attributes.metadata ?? null,
          notes: attributes.notes ?? null,
          reason: attributes.reason,
        },
      };
      payment.attributes.refunds.push(refund);
      if (state.fail === 'drop-after-refund') return request.socket.destroy();
      // The refund is made and its answer never comes: the caller dies or gives up first.
      if (state.fail === 'hold-after-refund') return;
      return answer(response, 200, { data: refund });
    }
    const readPayment = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && readPayment) {
      const payment = payments.get(decodeURIComponent(readPayment[1]!));
      return payment
        ? answer(response, 200, { data: payment })
        : answer(response, 404, { errors: [{ code: 'resource_not_found' }] });
    }
    answer(response, 404, { errors: [{ code: 'resource_not_found' }] });
  }

  /** The session's page (a Pay button and a Cancel link), or its payment and the way back. */
  async function checkoutPage(response: ServerResponse, session: StoredSession | undefined, paying: boolean) {
    if (!session) return answer(response, 404, { errors: [{ code: 'resource_not_found' }] });
    const total = session.attributes.line_items.reduce((sum, line) => sum + line.amount * line.quantity, 0);
    if (paying) {
      const { session: paid } = pay(session.id, total);
      const body = JSON.stringify(paidEvent(paid));
      await fetch(`${pages!.storeUrl}/api/payments/paymongo/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paymongo-signature': paymongoSignature(body, pages!.webhookSecret),
        },
        body,
      });
      response.writeHead(303, { location: String(session.attributes.success_url) });
      return response.end();
    }
    const pesos = `₱${(total / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayMongo stand-in</title></head>
<body><main><h1>Pay ${pesos}</h1>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${pesos}</button></form>
<a href="${String(session.attributes.cancel_url)}">Cancel payment</a></main></body></html>`);
  }

  /** The shopper pays the session: a paid payment of `amount` centavos is added to it. */
  function pay(sessionId: string, amount: number, currency = 'PHP') {
    const session = sessions.get(sessionId)!;
    const payment: StoredPayment = {
      id: id('pay'),
      type: 'payment',
      attributes: { amount, currency, status: 'paid', refunds: [] },
    };
    session.attributes.payments.push(payment);
    payments.set(payment.id, payment);
    return { session, payment };
  }

  /** A refund made (in PayMongo's dashboard, say) or settled: PayMongo's side of it changed. */
  function refundOf(refundId: string) {
    for (const payment of payments.values()) {
      const refund = payment.attributes.refunds.find((r) => r.id === refundId);
      if (refund) return { payment, refund };
    }
    throw new Error(`no refund ${refundId}`);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    payments,
    state,
    refundOf,
    /** The requests to one path, e.g. `POST /v2/checkout_sessions`. */
    calls: (label: string) => requests.filter((r) => `${r.method} ${r.path}` === label),
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PayMongoStandIn = Awaited<ReturnType<typeof startPayMongo>>;

/** The `Paymongo-Signature` header PayMongo sends for `body` at `t` (unix seconds). */
export function paymongoSignature(
  body: string,
  secret: string,
  { t = Math.floor(Date.now() / 1000), live = false }: { t?: number; live?: boolean } = {},
) {
  const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  const other = '0'.repeat(64);
  return live ? `t=${t},te=${other},li=${mac}` : `t=${t},te=${mac},li=${other}`;
}

/** A `checkout_session.payment.paid` event for the session as it stands, as PayMongo sends it. */
export function paidEvent(session: StoredSession, eventId = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    data: {
      id: eventId,
      type: 'event',
      attributes: {
        type: 'checkout_session.payment.paid',
        livemode: false,
        data: { id: session.id, type: 'checkout_session', attributes: session.attributes },
      },
    },
  };
}

/** A `payment.refunded` or `payment.refund.updated` event: the payment with its refunds as they stand. */
export function refundEvent(
  payment: StoredPayment,
  type: 'payment.refunded' | 'payment.refund.updated' = 'payment.refund.updated',
  eventId = `evt_${randomBytes(12).toString('hex')}`,
) {
  return {
    data: {
      id: eventId,
      type: 'event',
      attributes: { type, livemode: false, data: structuredClone(payment) },
    },
  };
}
