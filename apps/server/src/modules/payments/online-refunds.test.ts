import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../test/helpers.ts';
import { paidEvent, refundEvent } from '../../test/paymongo.ts';
import { SECRET_KEY, usePayMongoStore } from '../../test/paymongo-store.ts';
import { cancelLapsed } from './lapse.ts';
import { OnlineRefunds } from './online-refunds.ts';
import { PayMongoClient } from './paymongo-client.ts';

const UNCONFIRMED =
  'PayMongo did not answer. The refund is being checked with PayMongo and shows in the ledger if it went through.';
const REFUSED = 'PayMongo refused the refund. Check the payment in PayMongo’s dashboard.';

describe('refunds through PayMongo', () => {
  const store = usePayMongoStore();
  const { placeOnline, read, sessionOf, signed, ledgerRows } = store;

  /** An online order of ₱768.90 (the tee with tax), paid through the webhook. */
  const paidOrder = async () => {
    const placed = await placeOnline();
    const { session, payment } = store.paymongo.pay((await sessionOf(placed.order._id)).id, 76890);
    expect((await signed(paidEvent(session))).statusCode).toBe(200);
    return { id: placed.order._id, payment };
  };
  const refund = (orderId: string, amount: string, note = 'Wrong size') =>
    store.t.request({
      method: 'POST',
      url: `/api/payments/orders/${orderId}/refunds`,
      cookie: store.admin.cookie,
      payload: { amount, note },
    });
  const refundRows = (orderId: string) =>
    queryRows<{ state: string; amount: string; refund_id: string | null; requested_by: string }>(
      store.t,
      sql`select state, amount, refund_id, requested_by from paymongo_refunds
          where order_id = ${orderId} order by created_at, id`,
    );
  /** Makes the order's refunds still being sent look older than the grace PayMongo is given. */
  const ageSending = (orderId: string) =>
    store.t.database.db.execute(
      sql`update paymongo_refunds set created_at = now() - interval '3 minutes'
          where order_id = ${orderId} and state = 'sending'`,
    );
  const reconcile = () =>
    new OnlineRefunds(
      store.t.database.db,
      new PayMongoClient({ apiUrl: store.paymongo.url, secretKey: SECRET_KEY }, store.t.app.log),
      { storeName: 'Habi' },
      store.t.app.log,
    ).reconcile();

  it('refunds in part, then the rest; PayMongo gets the store’s row as metadata and confirms by webhook', async () => {
    const { id, payment } = await paidOrder();
    const part = await refund(id, '100');
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ paymentStatus: 'partiallyRefunded', amountRefunded: '100.00' });
    const [call] = store.paymongo.calls('POST /v1/refunds').slice(-1);
    const [first] = await refundRows(id);
    expect(call!.body!.data.attributes).toEqual({
      amount: 10000,
      payment_id: payment.id,
      reason: 'requested_by_customer',
      notes: 'Wrong size',
      metadata: { habi_refund: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(first).toMatchObject({
      state: 'pending',
      amount: '100.00',
      refund_id: expect.stringMatching(/^ref_/),
    });

    expect((await refund(id, '668.91')).json().message).toBe('At most ₱668.90 can be refunded');
    const rest = await refund(id, '668.90');
    expect(rest.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '768.90' });
    expect((await refund(id, '1')).statusCode).toBe(409);

    // PayMongo settles both: the rows say so, and the ledger is unchanged.
    for (const r of payment.attributes.refunds) r.attributes.status = 'succeeded';
    expect((await signed(refundEvent(payment, 'payment.refunded'))).statusCode).toBe(200);
    expect((await refundRows(id)).map((r) => r.state)).toEqual(['succeeded', 'succeeded']);
    const ledger = await store.t.request({
      method: 'GET',
      url: `/api/payments/orders/${id}/ledger`,
      cookie: store.admin.cookie,
    });
    expect(
      ledger.json().map((e: { kind: string; refundStatus?: string }) => [e.kind, e.refundStatus]),
    ).toEqual([
      ['payment', undefined],
      ['refund', 'succeeded'],
      ['refund', 'succeeded'],
    ]);
    expect((await ledgerRows(id)).map((r) => [r.kind, r.amount, r.recorded_by])).toEqual([
      ['payment', '768.90', 'paymongo'],
      ['refund', '100.00', 'admin:admin'],
      ['refund', '668.90', 'admin:admin'],
    ]);
    const mails = await queryRows<{ n: number }>(
      store.t,
      sql`select count(*)::int as n from outbox where kind = 'refund-issued' and text like '%₱668.90%'`,
    );
    expect(mails[0]!.n).toBe(1);
  });

  it('records a refund made in PayMongo’s dashboard from its webhook, once', async () => {
    const { id, payment } = await paidOrder();
    const outside = {
      id: 'ref_dashboard_1',
      type: 'refund' as const,
      attributes: {
        amount: 20000,
        currency: 'PHP' as const,
        payment_id: payment.id,
        status: 'pending',
        metadata: null,
        notes: null,
        reason: 'others',
      },
    };
    payment.attributes.refunds.push(outside);
    const event = refundEvent(payment, 'payment.refunded');
    const answers = await Promise.all(Array.from({ length: 20 }, () => signed(event)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // The same refund again under another event: still once.
    expect((await signed(refundEvent(payment))).statusCode).toBe(200);
    expect((await ledgerRows(id)).map((r) => [r.kind, r.amount, r.provider_id, r.recorded_by])).toEqual([
      ['payment', '768.90', expect.stringMatching(/^pay_/), 'paymongo'],
      ['refund', '200.00', 'ref_dashboard_1', 'paymongo'],
    ]);
    expect(await refundRows(id)).toMatchObject([{ state: 'pending', requested_by: 'paymongo' }]);
    // The store's own refund now goes up to what PayMongo has left.
    expect((await refund(id, '568.91')).statusCode).toBe(409);
    expect((await refund(id, '568.90')).json()).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('reverses a refund PayMongo fails after taking it, and the shop can refund again', async () => {
    const { id, payment } = await paidOrder();
    expect((await refund(id, '768.90')).json()).toMatchObject({ paymentStatus: 'refunded' });
    payment.attributes.refunds[0]!.attributes.status = 'failed';
    const failed = refundEvent(payment);
    expect((await signed(failed)).statusCode).toBe(200);
    expect((await signed(refundEvent(payment))).statusCode).toBe(200);
    const after = await read(id);
    expect(after).toMatchObject({ paymentStatus: 'paid', amountPaid: '768.90', amountRefunded: '0.00' });
    expect(after.payment.review).toContain('failed, so the money was not given back: refund it again');
    expect((await ledgerRows(id)).map((r) => [r.kind, r.amount])).toEqual([
      ['payment', '768.90'],
      ['refund', '768.90'],
      ['reversal', '768.90'],
    ]);
    expect((await refund(id, '768.90')).json()).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('records a refund whose answer was lost, from the payment read back at once', async () => {
    const { id } = await paidOrder();
    store.paymongo.state.fail = 'drop-after-refund';
    const lost = await refund(id, '300');
    store.paymongo.state.fail = 'none';
    expect(lost.statusCode, lost.body).toBe(200);
    expect(lost.json()).toMatchObject({ amountRefunded: '300.00' });
    expect(await refundRows(id)).toMatchObject([{ state: 'pending', amount: '300.00' }]);
    expect((await ledgerRows(id)).filter((r) => r.kind === 'refund')).toHaveLength(1);
  });

  it('holds what it could not confirm until PayMongo is read again, and frees it when PayMongo never took it', async () => {
    const { id } = await paidOrder();
    store.paymongo.state.fail = '5xx';
    const down = await refund(id, '768.90');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(UNCONFIRMED);
    expect((await ledgerRows(id)).map((r) => r.kind)).toEqual(['payment']);
    // Meanwhile the amount is held: a second refund cannot give it back twice.
    store.paymongo.state.fail = 'none';
    expect((await refund(id, '1')).json().message).toBe('At most ₱0.00 can be refunded');
    // PayMongo has no such refund: within the grace it stays held, after it, failed and freed.
    await reconcile();
    expect(await refundRows(id)).toMatchObject([{ state: 'sending' }]);
    await ageSending(id);
    await reconcile();
    expect(await refundRows(id)).toMatchObject([{ state: 'failed' }]);
    expect((await refund(id, '768.90')).json()).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('answers 409 when PayMongo refuses, holding nothing', async () => {
    const { id, payment } = await paidOrder();
    // PayMongo has less left than the store knows (a refund the store has not heard of yet).
    payment.attributes.refunds.push({
      id: 'ref_unheard_1',
      type: 'refund',
      attributes: {
        amount: 76890,
        currency: 'PHP',
        payment_id: payment.id,
        status: 'succeeded',
        metadata: null,
        notes: null,
        reason: 'others',
      },
    });
    const refused = await refund(id, '768.90');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REFUSED);
    expect(await refundRows(id)).toMatchObject([{ state: 'failed' }]);
    expect((await ledgerRows(id)).map((r) => r.kind)).toEqual(['payment']);
  });

  it('sends one of two refunds at once that together pass what was paid', async () => {
    const { id } = await paidOrder();
    store.paymongo.state.delayMs = 100;
    const sent = store.paymongo.calls('POST /v1/refunds').length;
    const answers = await Promise.all([refund(id, '500'), refund(id, '500')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(store.paymongo.calls('POST /v1/refunds')).toHaveLength(sent + 1);
    expect((await read(id)).amountRefunded).toBe('500.00');
    expect((await ledgerRows(id)).filter((r) => r.kind === 'refund')).toHaveLength(1);
  });

  it('keeps a payment and its lapse apart: one webhook racing the sweep either pays the order or is kept for a refund', async () => {
    for (let round = 0; round < 5; round++) {
      const placed = await placeOnline();
      const { session } = store.paymongo.pay((await sessionOf(placed.order._id)).id, 76890);
      await store.t.database.db.execute(
        sql`update orders set payment_due_by = now() - interval '1 second' where id = ${placed.order._id}`,
      );
      const [paid] = await Promise.all([
        signed(paidEvent(session)),
        cancelLapsed(store.t.database.db, { storeName: 'Habi' }),
      ]);
      expect(paid.statusCode).toBe(200);
      const after = await read(placed.order._id);
      // Never lost: the payment is recorded either way.
      expect(after.amountPaid).toBe('768.90');
      if (after.status === 'cancelled') {
        expect(after.payment.review).toContain('came after the order was cancelled: refund it');
        expect(after.payment.refundDue).toBe('768.90');
      } else {
        expect(after.paymentStatus).toBe('paid');
        expect(after.payment.review).toBeNull();
      }
    }
  });
});
