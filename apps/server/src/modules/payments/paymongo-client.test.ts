import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type PayMongoStandIn, startPayMongo } from '../../test/paymongo.ts';
import { GatewayError, PayMongoClient } from './paymongo-client.ts';

const log = pino({ level: 'silent' });
const session = {
  lineItems: [{ name: 'Linen Shirt', quantity: 1, amount: 76890, currency: 'PHP' as const }],
  referenceNumber: '00000000-0000-4000-8000-000000000001',
  successUrl: 'https://shop.example.com/confirmation?order=1',
  cancelUrl: 'https://shop.example.com/confirmation?order=1&payment=cancelled',
  description: 'Habi order',
};

describe('PayMongo’s client', () => {
  let paymongo: PayMongoStandIn;
  afterEach(() => paymongo.close());
  const client = () => new PayMongoClient({ apiUrl: paymongo.url, secretKey: 'sk_test_client' }, log);

  it('makes checkout sessions at /v2 as PayMongo’s docs give it, and reads them back', async () => {
    paymongo = await startPayMongo();
    const made = await client().createCheckoutSession(session);
    expect(paymongo.calls('POST /v2/checkout_sessions')).toHaveLength(1);
    expect((await client().getCheckoutSession(made.id)).id).toBe(made.id);
  });

  it('falls back to /v1 where /v2 is not there, and stays there', async () => {
    paymongo = await startPayMongo({ sessionsVersion: 'v1' });
    const one = client();
    const made = await one.createCheckoutSession(session);
    await one.createCheckoutSession(session);
    expect(paymongo.calls('POST /v2/checkout_sessions')).toHaveLength(1);
    expect(paymongo.calls('POST /v1/checkout_sessions')).toHaveLength(2);
    // A fresh client (a restart) reads a session made on /v1.
    expect((await client().getCheckoutSession(made.id)).id).toBe(made.id);
  });

  it('says a refusal is one (a 4xx), and a failure is not', async () => {
    paymongo = await startPayMongo();
    const refused = await client()
      .createRefund({ paymentId: 'pay_none', amount: 100, requestId: 'r1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused).toMatchObject({ refused: true, status: 404 });
    paymongo.state.fail = '5xx';
    const failed = await client()
      .getPayment('pay_none')
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ refused: false, status: 503 });
  });
});
