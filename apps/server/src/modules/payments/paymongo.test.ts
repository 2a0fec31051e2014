import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countRows, orderLineFor, queryRows, type SignedIn } from '../../test/helpers.ts';
import { paidEvent, paymongoSignature } from '../../test/paymongo.ts';
import { SECRET_KEY, usePayMongoStore, WEBHOOK_SECRET } from '../../test/paymongo-store.ts';
import { cancelLapsed } from './lapse.ts';

describe('PayMongo', () => {
  const store = usePayMongoStore();
  const { placeOnline, read, sessionOf, webhook, signed, ledgerRows } = store;
  const retry = (id: string, who: SignedIn | null) =>
    store.t.request({ method: 'POST', url: `/api/payments/orders/${id}/checkout`, cookie: who?.cookie });

  it('sends an online order to PayMongo’s page, its lines adding up to the total, unpaid until the webhook', async () => {
    // Tee ₱699.00 + ₱50 express, jacket ₱1,234.50 × 2: lines' shares include the fee and tax.
    const placed = await placeOnline([
      orderLineFor(store.tee, { deliveryOption: { fee: 50 } }),
      orderLineFor(store.jacket, { quantity: 2 }),
    ]);
    expect(placed.checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.test\//);
    expect(placed.order.payment.checkoutUrl).toBe(placed.checkoutUrl);
    expect(placed.order.paymentStatus).toBe('unpaid');
    const [call] = store.paymongo.calls('POST /v2/checkout_sessions').slice(-1);
    expect(call!.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`);
    const attributes = call!.body!.data.attributes;
    const lines = attributes.line_items!;
    const total = Math.round(Number(placed.order.total) * 100);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(total);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ quantity: 1, currency: 'PHP' });
    expect(lines[1]!.name).toContain('× 2');
    expect(attributes).toMatchObject({
      reference_number: placed.order._id,
      payment_method_types: ['card', 'gcash', 'paymaya', 'grab_pay', 'qrph'],
      success_url: `https://shop.example.com/confirmation?order=${placed.order._id}`,
      cancel_url: `https://shop.example.com/confirmation?order=${placed.order._id}&payment=cancelled`,
      send_email_receipt: false,
      show_line_items: true,
    });
    expect((await read(placed.order._id)).paymentStatus).toBe('unpaid');

    const { session } = store.paymongo.pay((await sessionOf(placed.order._id)).id, total);
    const paid = await signed(paidEvent(session));
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await read(placed.order._id);
    expect(after).toMatchObject({ paymentStatus: 'paid', amountPaid: placed.order.total });
    expect(after.payment.checkoutUrl).toBeNull();
    expect(await ledgerRows(placed.order._id)).toMatchObject([
      { kind: 'payment', amount: placed.order.total, recorded_by: 'paymongo' },
    ]);
    // Paid: the retry route has nothing to pay.
    expect((await retry(placed.order._id, store.shopper)).statusCode).toBe(409);
  });

  it('refuses forged, unsigned, stale and malformed webhooks, writing nothing', async () => {
    const placed = await placeOnline();
    const { session } = store.paymongo.pay((await sessionOf(placed.order._id)).id, 76890);
    const body = JSON.stringify(paidEvent(session));
    const before = [await countRows(store.t, 'payments'), await countRows(store.t, 'payment_events')];
    // Each signed as it is sent, the future one 10 s beyond the 5 minutes allowed: signed ahead
    // of its turn on a busy machine, it came within them by the time the store read it.
    const now = () => Math.floor(Date.now() / 1000);
    const refused = [
      () => undefined,
      () => 'nonsense',
      () => paymongoSignature(body, 'whsk_someone_else'),
      () => paymongoSignature(body, WEBHOOK_SECRET, { live: true }),
      () => paymongoSignature(body, WEBHOOK_SECRET, { t: now() - 301 }),
      () => paymongoSignature(body, WEBHOOK_SECRET, { t: now() + 310 }),
      () => paymongoSignature(`${body} `, WEBHOOK_SECRET),
    ];
    for (const sign of refused) {
      const signature = sign();
      const response = await webhook(body, signature);
      expect(response.statusCode, String(signature)).toBe(401);
    }
    const garbled = '{"data": ';
    expect((await webhook(garbled, paymongoSignature(garbled, WEBHOOK_SECRET))).statusCode).toBe(400);
    const notEvent = '{"data": {"id": 5}}';
    expect((await webhook(notEvent, paymongoSignature(notEvent, WEBHOOK_SECRET))).statusCode).toBe(400);
    expect([await countRows(store.t, 'payments'), await countRows(store.t, 'payment_events')]).toEqual(
      before,
    );
    expect((await read(placed.order._id)).paymentStatus).toBe('unpaid');
  });

  it('records one payment from 100 identical webhooks at once, and a replay changes nothing', async () => {
    const placed = await placeOnline();
    const { session } = store.paymongo.pay((await sessionOf(placed.order._id)).id, 76890);
    const event = paidEvent(session);
    const answers = await Promise.all(Array.from({ length: 100 }, () => signed(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await ledgerRows(placed.order._id)).toHaveLength(1);
    expect((await read(placed.order._id)).amountPaid).toBe('768.90');
    // The same payment under another event id (PayMongo sending again) is not recorded twice.
    expect((await signed(paidEvent(session))).statusCode).toBe(200);
    expect((await signed(event)).statusCode).toBe(200);
    expect(await ledgerRows(placed.order._id)).toHaveLength(1);
    const mails = await queryRows<{ n: number }>(
      store.t,
      sql`select count(*)::int as n from outbox where kind = 'payment-received' and text like '%768.90%'`,
    );
    expect(mails[0]!.n).toBeGreaterThanOrEqual(1);
  });

  it('answers 200 to an event for an unknown order, and to a failed payment', async () => {
    const event = paidEvent({
      id: 'cs_unknown',
      attributes: {
        checkout_url: 'https://checkout.paymongo.test/x',
        reference_number: '00000000-0000-4000-8000-000000000000',
        line_items: [],
        payments: [
          {
            id: 'pay_unknown',
            type: 'payment',
            attributes: { amount: 100, currency: 'PHP', status: 'paid', refunds: [] },
          },
        ],
      },
    });
    const before = await countRows(store.t, 'payments');
    expect((await signed(event)).statusCode).toBe(200);
    const failed = { data: { id: 'evt_failed_1', attributes: { type: 'payment.failed', data: null } } };
    expect((await signed(failed)).statusCode).toBe(200);
    expect(await countRows(store.t, 'payments')).toBe(before);
  });

  it('asks the shop to look at an amount that differs, and does not show the order paid', async () => {
    const placed = await placeOnline();
    const { session } = store.paymongo.pay((await sessionOf(placed.order._id)).id, 50000);
    expect((await signed(paidEvent(session))).statusCode).toBe(200);
    const after = await read(placed.order._id);
    expect(after.paymentStatus).toBe('unpaid');
    expect(after.payment.review).toContain('₱500.00 differs from the ₱768.90 owed');
    // It no longer lapses while the shop looks.
    expect(after.payment.dueBy).toBeNull();
    expect(await ledgerRows(placed.order._id)).toEqual([]);
  });

  it('records a payment that arrives after the order lapsed, and asks for its refund', async () => {
    const placed = await placeOnline();
    const sessionId = (await sessionOf(placed.order._id)).id;
    await store.t.database.db.execute(
      sql`update orders set payment_due_by = now() - interval '1 minute' where id = ${placed.order._id}`,
    );
    await cancelLapsed(store.t.database.db, { storeName: 'Habi' });
    expect((await read(placed.order._id)).status).toBe('cancelled');
    const { session } = store.paymongo.pay(sessionId, 76890);
    expect((await signed(paidEvent(session))).statusCode).toBe(200);
    const after = await read(placed.order._id);
    expect(after.amountPaid).toBe('768.90');
    expect(after.payment.review).toContain('came after the order was cancelled: refund it');
  });

  it('places the order when PayMongo is down; the retry is 503, then the page once it is back', async () => {
    store.paymongo.state.fail = '5xx';
    const placed = await placeOnline();
    expect(placed.checkoutUrl).toBeUndefined();
    expect(placed.order.paymentStatus).toBe('unpaid');
    const down = await retry(placed.order._id, store.shopper);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(
      'Online payment is not available right now. Please try again in a few minutes.',
    );
    store.paymongo.state.fail = 'drop';
    expect((await retry(placed.order._id, store.shopper)).statusCode).toBe(503);
    store.paymongo.state.fail = 'none';
    const back = await retry(placed.order._id, store.shopper);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().checkoutUrl).toMatch(/^https:\/\/checkout\.paymongo\.test\//);
    // Asked again: the same page, no new session.
    const calls = store.paymongo.calls('POST /v2/checkout_sessions').length;
    expect((await retry(placed.order._id, store.shopper)).json()).toEqual(back.json());
    expect(store.paymongo.calls('POST /v2/checkout_sessions')).toHaveLength(calls);
  });

  it('makes one session for two retries at once, and for a checkout sent twice', async () => {
    store.paymongo.state.fail = '5xx';
    const placed = await placeOnline();
    store.paymongo.state.fail = 'none';
    store.paymongo.state.delayMs = 200;
    const before = store.paymongo.calls('POST /v2/checkout_sessions').length;
    const [a, b] = await Promise.all([
      retry(placed.order._id, store.shopper),
      retry(placed.order._id, store.shopper),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().checkoutUrl).toBe(b!.json().checkoutUrl);
    expect(store.paymongo.calls('POST /v2/checkout_sessions')).toHaveLength(before + 1);

    const key = `checkout-twice-${Date.now()}`;
    const [first, second] = await Promise.all([placeOnline(undefined, key), placeOnline(undefined, key)]);
    expect(first.order._id).toBe(second.order._id);
    expect(first.checkoutUrl).toBeDefined();
    expect(second.checkoutUrl).toBe(first.checkoutUrl);
    expect(store.paymongo.calls('POST /v2/checkout_sessions')).toHaveLength(before + 2);
  });

  it('keeps the retry to the order’s owner', async () => {
    const placed = await placeOnline();
    expect((await retry(placed.order._id, store.other)).statusCode).toBe(403);
    expect((await retry(placed.order._id, null)).statusCode).toBe(401);
    expect((await retry(placed.order._id, store.admin)).statusCode).toBe(401);
    expect((await retry('00000000-0000-4000-8000-000000000000', store.shopper)).statusCode).toBe(404);
  });

  it('records on start what PayMongo took while its webhook was lost', async () => {
    const placed = await placeOnline();
    store.paymongo.pay((await sessionOf(placed.order._id)).id, 76890);
    const { openPayMongo } = await import('./paymongo.ts');
    const parts = openPayMongo(
      store.t.database.db,
      { apiUrl: store.paymongo.url, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      { storeName: 'Habi', publicUrl: 'https://shop.example.com' },
      store.t.app.log,
    )!;
    parts.reconcile();
    await parts.stop();
    expect((await read(placed.order._id)).paymentStatus).toBe('paid');
    parts.reconcile();
    await parts.stop();
    expect(await ledgerRows(placed.order._id)).toHaveLength(1);
  });
});
