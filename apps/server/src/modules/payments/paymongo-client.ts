import type { FastifyBaseLogger } from 'fastify';
import type { PayMongoConfig } from '../../config.ts';

/** How long one call to PayMongo may take before it counts as PayMongo being down. */
const TIMEOUT_MS = 10_000;

/**
 * PayMongo could not be reached, timed out, failed (5xx) or answered what it should not.
 * `refused`: it answered a 4xx, so what was asked was certainly not done.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly refused = false,
    /** PayMongo's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

const V1_SESSIONS = '/v1/checkout_sessions';

export interface CheckoutLineItem {
  name: string;
  quantity: number;
  /** Centavos. */
  amount: number;
  currency: 'PHP';
}

export interface NewCheckoutSession {
  lineItems: CheckoutLineItem[];
  /** The order's id: PayMongo gives it back with every event of the session. */
  referenceNumber: string;
  successUrl: string;
  cancelUrl: string;
  description: string;
}

/** The key of a refund's metadata that names the store's row for it. */
export const REFUND_REQUEST_KEY = 'habi_refund';

/** A payment of a checkout session, as PayMongo reports it. */
export interface SessionPayment {
  id: string;
  attributes: { amount: number; currency: string; status: string };
}

export interface CheckoutSession {
  id: string;
  attributes: {
    checkout_url: string;
    reference_number?: string | null;
    payments?: SessionPayment[];
  };
}

/**
 * PayMongo's API as this store uses it: checkout sessions and refunds. HTTP Basic with the secret
 * key as the user name; a call that fails for PayMongo's side (no answer, a timeout, a 5xx, a body
 * that is not the resource) throws a GatewayError, logged without the key or the request's body.
 */
export class PayMongoClient {
  constructor(
    private readonly config: Pick<PayMongoConfig, 'apiUrl' | 'secretKey'>,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /**
   * Where checkout sessions are made: PayMongo's docs give `/v2/checkout_sessions` for new
   * integrations (same resource, its payment intent made when the shopper pays); an account or a
   * stand-in that answers 404 there is asked at `/v1/checkout_sessions` from then on.
   */
  private sessions = '/v2/checkout_sessions';

  async createCheckoutSession(input: NewCheckoutSession): Promise<CheckoutSession> {
    const body = {
      data: {
        attributes: {
          line_items: input.lineItems,
          payment_method_types: ['card', 'gcash', 'paymaya', 'grab_pay', 'qrph'],
          reference_number: input.referenceNumber,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          description: input.description,
          send_email_receipt: false,
          show_line_items: true,
        },
      },
    };
    try {
      return (await this.call('POST', this.sessions, body)) as CheckoutSession;
    } catch (error) {
      if (!(error instanceof GatewayError && error.status === 404 && this.sessions !== V1_SESSIONS))
        throw error;
      this.sessions = V1_SESSIONS;
      return (await this.call('POST', this.sessions, body)) as CheckoutSession;
    }
  }

  async getCheckoutSession(id: string): Promise<CheckoutSession> {
    const path = (base: string) => `${base}/${encodeURIComponent(id)}`;
    try {
      return (await this.call('GET', path(this.sessions))) as CheckoutSession;
    } catch (error) {
      // A session made before on the other version.
      if (!(error instanceof GatewayError && error.status === 404)) throw error;
      const other = this.sessions === V1_SESSIONS ? '/v2/checkout_sessions' : V1_SESSIONS;
      return (await this.call('GET', path(other))) as CheckoutSession;
    }
  }

  /**
   * A refund of (part of) a payment. `requestId` (the store's row for it) goes as the refund's
   * metadata, so the refund is known again when its answer was lost.
   */
  createRefund(input: { paymentId: string; amount: number; notes?: string | null; requestId: string }) {
    return this.call('POST', '/v1/refunds', {
      data: {
        attributes: {
          amount: input.amount,
          payment_id: input.paymentId,
          reason: 'requested_by_customer',
          metadata: { [REFUND_REQUEST_KEY]: input.requestId },
          ...(input.notes ? { notes: input.notes.slice(0, 255) } : {}),
        },
      },
    }) as Promise<unknown>;
  }

  /** A payment with its refunds. */
  getPayment(id: string): Promise<unknown> {
    return this.call('GET', `/v1/payments/${encodeURIComponent(id)}`);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const auth = Buffer.from(`${this.config.secretKey}:`).toString('base64');
    let response: Response;
    try {
      response = await fetch(`${this.config.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Basic ${auth}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      this.log.warn({ method, path: pathOnly(path), reason }, 'PayMongo could not be reached');
      throw new GatewayError(`PayMongo could not be reached (${reason})`);
    }
    const text = await response.text().catch(() => '');
    let json: { data?: { id?: unknown }; errors?: { code?: string; detail?: string }[] } | undefined;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok || typeof json?.data?.id !== 'string') {
      // PayMongo's error codes say what it refused; never the request, which names the order.
      const codes = json?.errors?.map((e) => e.code).filter(Boolean);
      this.log.warn(
        { method, path: pathOnly(path), status: response.status, codes },
        'PayMongo refused or failed a call',
      );
      const refused =
        response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
      throw new GatewayError(`PayMongo answered ${response.status}`, refused, response.status);
    }
    return json.data;
  }
}

/** The path without its resource id, for the log. */
const pathOnly = (path: string) => path.replace(/\/(cs|pay|ref)_[^/]+/, '/$1_…');
