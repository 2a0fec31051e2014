import { describe, expect, it } from 'vitest';
import { paidEvent, paymongoSignature, startPayMongo } from '../paymongo.ts';
import { api, type Server, startServer, tempDataDir, until } from './server-process.ts';
import { addProduct, placeOrder, signInAdmin, signUp } from './shop.ts';

const SECRET_KEY = 'sk_test_process0000000000';
const WEBHOOK_SECRET = 'whsk_process_secret';

describe('a refund PayMongo took when the store died before recording it', () => {
  it('is recorded once by the read-back on the next start', async () => {
    const paymongo = await startPayMongo();
    const data = await tempDataDir();
    const env = {
      DATA_DIR: data.dir,
      PAYMONGO_SECRET_KEY: SECRET_KEY,
      PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMONGO_API_URL: paymongo.url,
    };
    let server: Server = await startServer(env);
    try {
      let admin = await signInAdmin(server.url);
      const settings = await api(server.url, '/api/payments/settings', {
        method: 'PUT',
        cookie: admin,
        body: {
          codEnabled: true,
          codMaxTotal: '',
          transferEnabled: false,
          transferHours: 24,
          onlineEnabled: true,
          onlineMinutes: 60,
        },
      });
      expect(settings.status, settings.text).toBe(200);
      // ₱500.00 with 10% tax: ₱550.00, paid through PayMongo's signed webhook.
      const product = await addProduct(server.url, admin, 'Refund Tee', '500.00');
      const placed = await placeOrder(server.url, await signUp(server.url), product, undefined, 'online');
      expect(placed.status, placed.text).toBe(201);
      const orderId = placed.orderId!;
      const [session] = [...paymongo.sessions.values()];
      const body = JSON.stringify(paidEvent(paymongo.pay(session!.id, 55000).session));
      const paid = await api(server.url, '/api/payments/paymongo/webhook', {
        method: 'POST',
        headers: {
          'paymongo-signature': paymongoSignature(body, WEBHOOK_SECRET),
          'content-type': 'application/json',
        },
        body: JSON.parse(body),
      });
      expect(paid.status, paid.text).toBe(200);

      // PayMongo makes the refund; the store dies before its answer arrives.
      paymongo.state.fail = 'hold-after-refund';
      const asked = api(server.url, `/api/payments/orders/${orderId}/refunds`, {
        method: 'POST',
        cookie: admin,
        body: { amount: '200.00' },
      }).catch(() => null);
      const [payment] = [...paymongo.payments.values()];
      await until(() => payment!.attributes.refunds.length === 1, 'PayMongo to make the refund');
      server.child.kill('SIGKILL');
      await server.exited;
      await asked;
      paymongo.state.fail = 'none';

      server = await startServer(env);
      admin = await signInAdmin(server.url);
      const read = async () => (await api(server.url, `/api/orders/${orderId}`, { cookie: admin })).json();
      await until(async () => (await read()).amountRefunded === '200.00', 'the refund read back');
      const ledger = (
        await api(server.url, `/api/payments/orders/${orderId}/ledger`, { cookie: admin })
      ).json();
      expect(ledger.map((row: { kind: string; amount: string }) => [row.kind, row.amount])).toEqual([
        ['payment', '550.00'],
        ['refund', '200.00'],
      ]);
      expect((await read()).paymentStatus).toBe('partiallyRefunded');
      // Nothing more goes out for it: one refund at PayMongo, and the rest still refundable once.
      expect(paymongo.calls('POST /v1/refunds')).toHaveLength(1);
      const rest = await api(server.url, `/api/payments/orders/${orderId}/refunds`, {
        method: 'POST',
        cookie: admin,
        body: { amount: '350.00' },
      });
      expect(rest.status, rest.text).toBe(200);
      expect(rest.json().paymentStatus).toBe('refunded');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      await paymongo.close();
      await data.remove();
    }
  });
});
