import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
  insertTrackedTee,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  stockRows,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';
import { cancelLapsed } from './lapse.ts';

interface PaidOrder extends OrderJson {
  paymentMethod: string;
  paymentStatus: string;
  amountPaid: string;
  amountRefunded: string;
  payment: {
    method: string;
    status: string;
    owed: string;
    refundDue: string;
    dueBy: string | null;
    reference: string | null;
    rejectedReason: string | null;
  };
}

const SETTINGS_ON = {
  codEnabled: true,
  codMaxTotal: '',
  transferEnabled: true,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
};

async function saveSettings(t: TestApp, admin: SignedIn, fields: Record<string, unknown> = {}) {
  const response = await t.request({
    method: 'PUT',
    url: '/api/payments/settings',
    cookie: admin.cookie,
    payload: { ...SETTINGS_ON, ...fields },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Each amount the ledger holds of the order, and the sums its row keeps. */
async function ledgerAndSums(t: TestApp, orderId: string) {
  const [sums] = await queryRows<{
    paid: string;
    refunded: string;
    ledger_paid: string;
    ledger_refunded: string;
  }>(
    t,
    sql`select amount_paid as paid, amount_refunded as refunded,
      (select coalesce(sum(amount), 0)::numeric(12,2)::text from payments where order_id = o.id and kind = 'payment') as ledger_paid,
      (select coalesce(sum(amount), 0)::numeric(12,2)::text from payments where order_id = o.id and kind = 'refund') as ledger_refunded
      from orders o where id = ${orderId}`,
  );
  return sums!;
}

const mailsOf = (t: TestApp, kind: string) =>
  queryRows<{ recipient: string; subject: string; text: string }>(
    t,
    sql`select recipient, subject, text from outbox where kind = ${kind} order by created_at`,
  );

describe('payments', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let other: SignedIn;
  /** ₱699.00 */
  let tee: ProductRow;
  /** ₱1,234.50 */
  let jacket: ProductRow;

  const post = (url: string, who: SignedIn | null, payload: Record<string, unknown> = {}) =>
    ctx.t.request({ method: 'POST', url, cookie: who?.cookie, payload });
  const order = async (id: string) =>
    (
      await ctx.t.request({ method: 'GET', url: `/api/orders/${id}`, cookie: admin.cookie })
    ).json() as PaidOrder;
  const place = (who: SignedIn, paymentMethod?: string, cart = [orderLineFor(tee)]) =>
    placeOrderOk(
      ctx.t,
      who,
      orderBodyFor(who, cart, paymentMethod ? { paymentMethod } : {}),
    ) as Promise<PaidOrder>;
  const setStatuses = (id: string, updatedStatus: string[]) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${id}`,
      cookie: admin.cookie,
      payload: { updatedStatus },
    });

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t);
    other = await signUpCustomer(ctx.t);
    tee = await insertProduct(ctx.t, { price: '699.00' });
    jacket = await insertProduct(ctx.t, { name: 'Denim Jacket Blue', price: '1234.50' });
    const account = await post('/api/payments/accounts', admin, {
      kind: 'gcash',
      accountName: 'Habi Clothing',
      accountNumber: '0917 123 4567',
    });
    expect(account.statusCode, account.body).toBe(201);
  });
  beforeEach(async () => {
    await saveSettings(ctx.t, admin);
  });

  describe('checkout', () => {
    it('places an order without a payment method as cash on delivery, named COD as before', async () => {
      const placed = await place(shopper);
      expect(placed.paymentMethod).toBe('COD');
      expect(placed.paymentStatus).toBe('unpaid');
      expect(placed.amountPaid).toBe('0.00');
      expect(placed.payment).toMatchObject({ method: 'cod', owed: '768.90', refundDue: '0.00', dueBy: null });
      const [mail] = (await mailsOf(ctx.t, 'order-placed')).slice(-1);
      expect(mail!.text).toContain('Pay the rider ₱768.90 on delivery.');
    });

    it('offers only the methods turned on, transfers only with an account', async () => {
      const options = async () =>
        (await ctx.t.request({ method: 'GET', url: '/api/payments/options' })).json();
      expect((await options()).methods).toEqual(['cod', 'transfer']);
      await saveSettings(ctx.t, admin, { codEnabled: false });
      expect((await options()).methods).toEqual(['transfer']);
      const refused = await placeOrder(ctx.t, shopper, orderBodyFor(shopper, [orderLineFor(tee)]));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: 'This payment method is not available',
        errors: { paymentMethod: 'This payment method is not available' },
      });
    });

    it('refuses online payment while PayMongo is not configured, and cannot be turned on', async () => {
      const body = orderBodyFor(shopper, [orderLineFor(tee)], { paymentMethod: 'online' });
      expect((await placeOrder(ctx.t, shopper, body)).statusCode).toBe(400);
      const on = await ctx.t.request({
        method: 'PUT',
        url: '/api/payments/settings',
        cookie: admin.cookie,
        payload: { ...SETTINGS_ON, onlineEnabled: true },
      });
      expect(on.statusCode).toBe(400);
    });

    it('refuses cash on delivery above the limit, naming it, and stores nothing', async () => {
      await saveSettings(ctx.t, admin, { codMaxTotal: '500' });
      const before = await countRows(ctx.t, 'orders');
      const refused = await placeOrder(ctx.t, shopper, orderBodyFor(shopper, [orderLineFor(tee)]));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Cash on delivery is available for orders up to ₱500.00. Choose another payment method.',
      );
      expect(await countRows(ctx.t, 'orders')).toBe(before);
      // A transfer is not limited.
      expect((await place(shopper, 'transfer')).paymentStatus).toBe('unpaid');
    });

    it('checks the settings: hours, minutes and the limit as the shop types them', async () => {
      const bad = await ctx.t.request({
        method: 'PUT',
        url: '/api/payments/settings',
        cookie: admin.cookie,
        payload: { ...SETTINGS_ON, transferHours: 0, onlineMinutes: 5, codMaxTotal: 'lots' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        transferHours: 'Enter whole hours from 1 to 720',
        onlineMinutes: 'Enter whole minutes from 15 to 1,440',
        codMaxTotal: 'Enter an amount, or leave it empty for no limit',
      });
      expect((await saveSettings(ctx.t, admin, { codMaxTotal: '₱1,500.5' })).codMaxTotal).toBe('1500.50');
    });
  });

  describe('transfers', () => {
    it('takes the shopper’s reference, is confirmed by the shop, shown paid and mailed', async () => {
      const placed = await place(shopper, 'transfer');
      expect(placed.paymentMethod).toBe('Transfer');
      const due = new Date(placed.payment.dueBy!).getTime() - new Date(placed.createdAt).getTime();
      expect(Math.abs(due - 24 * 3600_000)).toBeLessThan(60_000);
      const [instructions] = (await mailsOf(ctx.t, 'order-placed')).slice(-1);
      expect(instructions!.text).toContain('Please send exactly ₱768.90 by');
      expect(instructions!.text).toContain('GCash: Habi Clothing, 0917 123 4567');

      const url = `/api/payments/orders/${placed._id}/transfer-reference`;
      expect((await post(url, other, { reference: 'GC 1234 5678' })).statusCode).toBe(403);
      expect((await post(url, null, { reference: 'GC 1234 5678' })).statusCode).toBe(401);
      expect((await post(url, shopper, { reference: '<b>' })).json().errors).toEqual({
        reference: 'Enter the reference number: 4 to 40 letters, digits, spaces or -',
      });
      const sent = await post(url, shopper, { reference: 'GC 1234 5678' });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ paymentStatus: 'pending', payment: { reference: 'GC 1234 5678' } });

      const confirm = `/api/payments/orders/${placed._id}/transfer/confirm`;
      expect((await post(confirm, shopper, { amount: '768.90' })).statusCode).toBe(401);
      expect((await post(confirm, admin, { amount: '800' })).json().message).toBe(
        'At most ₱768.90 is still owed',
      );
      const confirmed = await post(confirm, admin, { amount: '768.90' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({
        paymentStatus: 'paid',
        amountPaid: '768.90',
        payment: { reference: null },
      });
      expect((await post(confirm, admin, { amount: '768.90' })).statusCode).toBe(409);

      const mine = await ctx.t.request({
        method: 'GET',
        url: `/api/orders/${placed._id}`,
        cookie: shopper.cookie,
      });
      expect(mine.json().paymentStatus).toBe('paid');
      const [received] = (await mailsOf(ctx.t, 'payment-received')).slice(-1);
      expect(received!.text).toContain('We received your payment of ₱768.90');
      const ledger = await ctx.t.request({
        method: 'GET',
        url: `/api/payments/orders/${placed._id}/ledger`,
        cookie: admin.cookie,
      });
      expect(ledger.json()).toMatchObject([
        {
          kind: 'payment',
          amount: '768.90',
          method: 'transfer',
          reference: 'GC 1234 5678',
          recordedBy: 'admin:admin',
        },
      ]);
    });

    it('mails the reason of a rejection and takes another reference', async () => {
      const placed = await place(shopper, 'transfer');
      const url = `/api/payments/orders/${placed._id}`;
      await post(`${url}/transfer-reference`, shopper, { reference: 'WRONG-REF-1' });
      const rejected = await post(`${url}/transfer/reject`, admin, {
        reason: 'No transfer with this reference',
      });
      expect(rejected.json()).toMatchObject({
        paymentStatus: 'unpaid',
        payment: { reference: null, rejectedReason: 'No transfer with this reference' },
      });
      const [mail] = (await mailsOf(ctx.t, 'payment-rejected')).slice(-1);
      expect(mail!.text).toContain('WRONG-REF-1: No transfer with this reference');
      expect((await post(`${url}/transfer/reject`, admin, { reason: 'again' })).statusCode).toBe(409);
      const again = await post(`${url}/transfer-reference`, shopper, { reference: 'RIGHT-REF-2' });
      expect(again.json()).toMatchObject({ paymentStatus: 'pending', payment: { rejectedReason: null } });
    });

    it('cancels an order unpaid in time: stock back, the shopper mailed once; others stay', async () => {
      const stocked = await insertTrackedTee(ctx.t, { 'Navy S': 5 });
      const line = orderLineFor(stocked, { size: 'S', quantity: 2 });
      const lapsing = await place(shopper, 'transfer', [line]);
      const waiting = await place(shopper, 'transfer', [line]);
      const cod = await place(shopper, undefined, [orderLineFor(tee)]);
      await post(`/api/payments/orders/${waiting._id}/transfer-reference`, shopper, {
        reference: 'SENT-IN-TIME',
      });
      expect((await stockRows(ctx.t, stocked.id))['Navy S']).toBe(1);
      await ctx.t.database.db.execute(
        sql`update orders set payment_due_by = now() - interval '1 minute' where id in (${lapsing._id}, ${waiting._id})`,
      );

      expect(await cancelLapsed(ctx.t.database.db, { storeName: 'Habi' })).toBe(1);
      expect(await cancelLapsed(ctx.t.database.db, { storeName: 'Habi' })).toBe(0);
      const lapsed = await order(lapsing._id);
      expect(lapsed.status).toBe('cancelled');
      expect(lapsed.paymentStatus).toBe('cancelled');
      expect(lapsed.products.map((p) => p.productStatus)).toEqual(['cancelled']);
      expect((await stockRows(ctx.t, stocked.id))['Navy S']).toBe(3);
      expect((await order(waiting._id)).status).toBe('pending');
      expect((await order(cod._id)).status).toBe('pending');
      const mails = await queryRows<{ kind: string }>(
        ctx.t,
        sql`select kind from outbox where text like ${`%${lapsed._id.replaceAll('-', '').slice(0, 8).toUpperCase()}%`}`,
      );
      expect(mails.map((m) => m.kind).sort()).toEqual(['order-lapsed', 'order-placed']);
    });
  });

  describe('collections and refunds', () => {
    it('collects cash in parts, refunds a cancelled line’s share by hand, never beyond what was paid', async () => {
      // Tee ₱699.00 + ₱50 express, jacket ₱1,234.50 standard: ₱1,983.50 before tax, ₱198.35 tax.
      const placed = await place(shopper, undefined, [
        orderLineFor(tee, { deliveryOption: { fee: 50 } }),
        orderLineFor(jacket),
      ]);
      expect(placed.total).toBe('2181.85');
      const url = `/api/payments/orders/${placed._id}`;
      const first = await post(`${url}/collections`, admin, { amount: '1000', reference: 'RIDER-001' });
      expect(first.json()).toMatchObject({ paymentStatus: 'pending', amountPaid: '1000.00' });
      expect((await post(`${url}/collections`, admin, { amount: '1181.86' })).statusCode).toBe(409);
      const whole = await post(`${url}/collections`, admin, { amount: '1181.85' });
      expect(whole.json()).toMatchObject({ paymentStatus: 'paid', amountPaid: '2181.85' });

      // The tee's line cancelled: ₱699.00 + ₱50.00 + its ₱74.90 of the tax is owed back.
      expect((await setStatuses(placed._id, ['cancelled', 'toPay'])).statusCode).toBe(200);
      const afterCancel = await order(placed._id);
      expect(afterCancel.payment).toMatchObject({ owed: '1357.95', refundDue: '823.90' });
      expect(afterCancel.paymentStatus).toBe('paid');

      expect((await post(`${url}/refunds`, admin, { amount: '823.90' })).json().errors).toEqual({
        reference: 'Enter the reference number: 4 to 40 letters, digits, spaces or -',
      });
      const refunded = await post(`${url}/refunds`, admin, { amount: '823.90', reference: 'CASH-BACK-1' });
      expect(refunded.json()).toMatchObject({
        paymentStatus: 'partiallyRefunded',
        amountRefunded: '823.90',
        payment: { refundDue: '0.00' },
      });
      const over = await post(`${url}/refunds`, admin, { amount: '1357.96', reference: 'CASH-BACK-2' });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe('At most ₱1,357.95 can be refunded');
      const rest = await post(`${url}/refunds`, admin, { amount: '1357.95', reference: 'CASH-BACK-2' });
      expect(rest.json()).toMatchObject({ paymentStatus: 'refunded', amountRefunded: '2181.85' });
      expect(await ledgerAndSums(ctx.t, placed._id)).toEqual({
        paid: '2181.85',
        refunded: '2181.85',
        ledger_paid: '2181.85',
        ledger_refunded: '2181.85',
      });
      const [mail] = (await mailsOf(ctx.t, 'refund-issued')).slice(-1);
      expect(mail!.text).toContain('We refunded ₱1,357.95');
    });

    it('lets ten refunds of the whole sent at once take effect once', async () => {
      const placed = await place(shopper);
      const url = `/api/payments/orders/${placed._id}`;
      await post(`${url}/collections`, admin, { amount: '768.90' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(`${url}/refunds`, admin, { amount: '768.90', reference: `REFUND-${i}` }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
      expect(await ledgerAndSums(ctx.t, placed._id)).toEqual({
        paid: '768.90',
        refunded: '768.90',
        ledger_paid: '768.90',
        ledger_refunded: '768.90',
      });
    });

    it('lets ten confirmations of one transfer sent at once record one payment', async () => {
      const placed = await place(shopper, 'transfer');
      const url = `/api/payments/orders/${placed._id}`;
      await post(`${url}/transfer-reference`, shopper, { reference: 'ONCE-ONLY-1' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(`${url}/transfer/confirm`, admin, { amount: '768.90' })),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      expect((await ledgerAndSums(ctx.t, placed._id)).ledger_paid).toBe('768.90');
    });

    it('refuses money in on a cancelled order, and refunds on an unpaid one', async () => {
      const placed = await place(shopper);
      const url = `/api/payments/orders/${placed._id}`;
      expect((await post(`${url}/refunds`, admin, { amount: '1', reference: 'NOTHING-1' })).statusCode).toBe(
        409,
      );
      await setStatuses(placed._id, ['cancelled']);
      expect((await order(placed._id)).paymentStatus).toBe('cancelled');
      expect((await post(`${url}/collections`, admin, { amount: '1' })).statusCode).toBe(409);
    });

    it('keeps the back office’s calls to admins and filters the orders by payment', async () => {
      const placed = await place(shopper);
      for (const [url, payload] of [
        ['collections', { amount: '1' }],
        ['transfer/confirm', { amount: '1' }],
        ['transfer/reject', { reason: 'nope' }],
        ['refunds', { amount: '1', reference: 'ABCD-1' }],
      ] as const) {
        const answer = await post(`/api/payments/orders/${placed._id}/${url}`, shopper, payload);
        expect(answer.statusCode, url).toBe(401);
      }
      for (const url of ['/api/payments/settings', `/api/payments/orders/${placed._id}/ledger`]) {
        expect((await ctx.t.request({ method: 'GET', url, cookie: shopper.cookie })).statusCode).toBe(401);
      }
      await post(`/api/payments/orders/${placed._id}/collections`, admin, { amount: '768.90' });
      const paid = await ctx.t.request({
        method: 'GET',
        url: '/api/orders/all?payment=paid&limit=100',
        cookie: admin.cookie,
      });
      const ids = (paid.json() as PaidOrder[]).map((o) => o._id);
      expect(ids).toContain(placed._id);
      expect((paid.json() as PaidOrder[]).every((o) => o.paymentStatus === 'paid')).toBe(true);
    });
  });
});
