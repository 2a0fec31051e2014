import {
  addDays,
  RETURN_MESSAGES,
  SHIPMENT_MESSAGES,
  type StaffOrder,
  type StaffReturnRequest,
  storeDate,
} from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertTrackedTee,
  multipartBody,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signInStaff,
  signUpCustomer,
  stockRows,
  testPng,
  useTestApp,
} from '../../test/helpers.ts';

const JNT = '760012345678';

describe('returns and exchanges', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let maria: SignedIn;
  let jose: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    maria = await signUpCustomer(ctx.t, { name: 'Maria Santos' });
    jose = await signUpCustomer(ctx.t, { name: 'Jose Reyes' });
  });

  const as = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.t.request({ method, url, cookie: who.cookie, ...(payload ? { payload } : {}) });
  const ok = async (pending: Promise<LightMyRequestResponse>, status = 200) => {
    const response = await pending;
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  /** A tee's line in a colour and size, as the storefront sends it. */
  const teeLine = (tee: ProductRow, size: string, quantity = 1) => orderLineFor(tee, { size, quantity });

  /** Ships and delivers every line of an order; `daysAgo` moves the delivery back. */
  async function deliver(order: OrderJson, daysAgo = 0) {
    const created = await ok(
      as(admin, 'POST', '/api/shipments', {
        orderId: order._id,
        lines: order.products.map((p) => p._id),
        courier: 'jnt',
        trackingNumber: JNT,
        shippedOn: '2026-11-27',
      }),
      201,
    );
    await ok(
      ctx.t.request({
        method: 'PATCH',
        url: `/api/shipments/${created.shipment._id}/delivered`,
        cookie: admin.cookie,
      }),
    );
    if (daysAgo > 0) {
      await ctx.t.database.db.execute(
        sql`update shipments set delivered_at = now() - make_interval(days => ${daysAgo}) where id = ${created.shipment._id}`,
      );
    }
    return order;
  }
  const deliveredOrder = async (who: SignedIn, lines: ReturnType<typeof teeLine>[], daysAgo = 0) =>
    deliver(await placeOrderOk(ctx.t, who, lines), daysAgo);

  const ask = (who: SignedIn, body: Record<string, unknown>) => as(who, 'POST', '/api/returns', body);
  const mailKinds = async (recipient: string) =>
    (
      await queryRows<{ kind: string }>(
        ctx.t,
        sql`select kind from outbox where recipient = ${recipient.toLowerCase()} and kind like 'return-%' order by created_at, id`,
      )
    ).map((row) => row.kind);

  it('exchanges a delivered M for an L: L is held at the request, M comes back when received, the replacement ships with its own tracking', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 3, 'Navy L': 2 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 2, 'Navy L': 2 });

    const asked = await ok(
      ask(maria, {
        itemId: order.products[0]!._id,
        kind: 'exchange',
        reason: 'wrongSize',
        size: 'L',
        note: 'Too snug at the shoulders',
      }),
      201,
    );
    expect(asked.message).toBe('Exchange requested');
    expect(asked.request).toMatchObject({
      kind: 'exchange',
      status: 'requested',
      exchange: { variation: tee.variations[0]!.name, size: 'L' },
      item: { size: 'M', quantity: 1 },
      refundAmount: '0.00',
      note: 'Too snug at the shoulders',
      customerName: 'Maria Santos',
    });
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 2, 'Navy L': 1 });
    const id = asked.request._id;

    // The shopper sees it on their item; another shopper does not.
    const mine = await ok(as(maria, 'GET', '/api/returns/mine'));
    expect(mine.windowDays).toBe(7);
    expect(mine.requests.map((r: { _id: string }) => r._id)).toContain(id);
    expect(mine.deliveredOn[order.products[0]!._id]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await ok(as(jose, 'GET', '/api/returns/mine'))).requests).toEqual([]);

    expect((await ok(as(admin, 'POST', `/api/returns/${id}/approve`))).request.status).toBe('approved');
    const received = await ok(as(admin, 'POST', `/api/returns/${id}/received`, {}));
    expect(received.request.status).toBe('received');
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 3, 'Navy L': 1 });

    const shipped = await ok(
      as(admin, 'POST', `/api/returns/${id}/replacement`, {
        courier: 'lbc',
        trackingNumber: ' lbc-99887766 ',
        shippedOn: '2026-11-28',
      }),
    );
    expect(shipped.request.status).toBe('exchanged');
    expect(shipped.request.replacement).toMatchObject({
      orderId: order._id,
      courier: 'lbc',
      trackingNumber: 'LBC-99887766',
      shippedOn: '2026-11-28',
      lines: [],
    });
    expect(shipped.request.replacement.trackingUrl).toContain('LBC-99887766');
    // Its own shipment: the order's first one still holds the line.
    const [count] = await queryRows<{ n: number }>(
      ctx.t,
      sql`select count(*)::int as n from shipments where order_id = ${order._id}`,
    );
    expect(count!.n).toBe(2);
    // What was held left with the replacement: L stays taken.
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 3, 'Navy L': 1 });
    expect(await mailKinds(maria.email)).toEqual(
      expect.arrayContaining(['return-requested', 'return-approved', 'return-received', 'return-exchanged']),
    );
    const [exchangedMail] = await queryRows<{ subject: string; text: string }>(
      ctx.t,
      sql`select subject, text from outbox where kind = 'return-exchanged' order by created_at desc limit 1`,
    );
    expect(exchangedMail!.text).toContain('LBC-99887766');
    // Its delivery is mailed naming what it carried: the L, not the M sent back.
    await ok(
      ctx.t.request({
        method: 'PATCH',
        url: `/api/shipments/${shipped.request.replacement._id}/delivered`,
        cookie: admin.cookie,
      }),
    );
    const [deliveredMail] = await queryRows<{ text: string }>(
      ctx.t,
      sql`select text from outbox where kind = 'shipment-delivered' and text like ${'%LBC-99887766%'}`,
    );
    expect(deliveredMail!.text).toContain(`${tee.name}`);
    expect(deliveredMail!.text).toContain('Size: L');
    expect(deliveredMail!.text).not.toContain('Size: M');

    // Done: the item cannot be asked about again.
    const again = await ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'changedMind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.open);
  });

  it('refuses a replacement shipped after today, shipping nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 1, 'Navy L': 1 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const { request } = await ok(
      ask(maria, { itemId: order.products[0]!._id, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
      201,
    );
    await ok(as(admin, 'POST', `/api/returns/${request._id}/approve`));
    await ok(as(admin, 'POST', `/api/returns/${request._id}/received`, {}));
    const tomorrow = addDays(storeDate(new Date()), 1);
    const refused = await as(admin, 'POST', `/api/returns/${request._id}/replacement`, {
      courier: 'lbc',
      trackingNumber: 'LBC-12345678',
      shippedOn: tomorrow,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHIPMENT_MESSAGES.shippedAfterToday);
    const [shipments] = await queryRows<{ n: number }>(
      ctx.t,
      sql`select count(*)::int as n from shipments where order_id = ${order._id}`,
    );
    expect(shipments!.n).toBe(1);
    const [still] = await queryRows<{ status: string }>(
      ctx.t,
      sql`select status from return_requests where id = ${request._id}`,
    );
    expect(still!.status).toBe('received');
  });

  it('refuses a request on day 8 of a 7-day window, naming the window, and writes nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 3, 'Navy L': 2 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')], 8);
    const before = await countRows(ctx.t, 'return_requests');
    const mailsBefore = await countRows(ctx.t, 'outbox');
    const response = await ask(maria, {
      itemId: order.products[0]!._id,
      kind: 'exchange',
      reason: 'wrongSize',
      size: 'L',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Returns are accepted within 7 days of delivery');
    expect(await countRows(ctx.t, 'return_requests')).toBe(before);
    expect(await countRows(ctx.t, 'outbox')).toBe(mailsBefore);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 2 });

    // A defective item has no window.
    await ok(ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'defective' }), 201);
  });

  it('accepts day 7, and follows the window the admin sets', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5 });
    const seventh = await deliveredOrder(maria, [teeLine(tee, 'M')], 7);
    await ok(ask(maria, { itemId: seventh.products[0]!._id, kind: 'return', reason: 'changedMind' }), 201);

    const tenth = await deliveredOrder(maria, [teeLine(tee, 'M')], 10);
    expect((await ok(as(admin, 'PUT', '/api/returns/settings', { windowDays: 10 }))).windowDays).toBe(10);
    try {
      expect((await ok(as(admin, 'GET', '/api/returns/settings'))).windowDays).toBe(10);
      await ok(ask(maria, { itemId: tenth.products[0]!._id, kind: 'return', reason: 'changedMind' }), 201);
      const late = await deliveredOrder(maria, [teeLine(tee, 'M')], 11);
      const refused = await ask(maria, {
        itemId: late.products[0]!._id,
        kind: 'return',
        reason: 'notAsDescribed',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('Returns are accepted within 10 days of delivery');
    } finally {
      await ok(as(admin, 'PUT', '/api/returns/settings', { windowDays: 7 }));
    }
    const bad = await as(admin, 'PUT', '/api/returns/settings', { windowDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.windowDays).toBe(RETURN_MESSAGES.windowDays);
  });

  it('returns a paid item: received, its share is a refund due; refunded into the ledger with its reference', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Olive S': 4 });
    const line = orderLineFor(tee, { name: tee.variations[1]!.name, size: 'S', quantity: 2 });
    const order = await placeOrderOk(ctx.t, maria, orderBodyFor(maria, [line]));
    // Cash collected on delivery: ₱1,398.00 + 10% tax.
    await ok(
      as(admin, 'POST', `/api/payments/orders/${order._id}/collections`, {
        amount: order.total,
        reference: 'RIDER-0001',
      }),
    );
    await deliver(order);
    const asked = await ok(
      ask(maria, {
        itemId: order.products[0]!._id,
        kind: 'return',
        reason: 'notAsDescribed',
        note: 'Colour differs',
      }),
      201,
    );
    expect(asked.request.refundAmount).toBe('1537.80');
    const id = asked.request._id;

    // Only an approved request is received; only a received return is refunded.
    expect((await as(admin, 'POST', `/api/returns/${id}/received`, {})).statusCode).toBe(409);
    expect((await as(admin, 'POST', `/api/returns/${id}/refund`, { reference: 'GC-1234' })).statusCode).toBe(
      409,
    );
    await ok(as(admin, 'POST', `/api/returns/${id}/approve`));
    expect((await as(maria, 'POST', `/api/returns/${id}/approve`)).statusCode).toBe(401);
    await ok(as(admin, 'POST', `/api/returns/${id}/received`, { damaged: true }));
    // Damaged: not back on sale.
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Olive S': 2 });
    const due = await ok(as(maria, 'GET', `/api/orders/${order._id}`));
    expect(due.payment).toMatchObject({ refundDue: '1537.80', owed: '0.00' });

    const noReference = await as(admin, 'POST', `/api/returns/${id}/refund`, {});
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().errors.reference).toBe(RETURN_MESSAGES.refundReference);
    const refunded = await ok(as(admin, 'POST', `/api/returns/${id}/refund`, { reference: 'GC-1234' }));
    expect(refunded.request).toMatchObject({ status: 'refunded', refundedAmount: '1537.80', damaged: true });
    const after = await ok(as(maria, 'GET', `/api/orders/${order._id}`));
    expect(after.payment).toMatchObject({ refunded: '1537.80', refundDue: '0.00' });
    const ledger = await ok(as(admin, 'GET', `/api/payments/orders/${order._id}/ledger`));
    expect(ledger.at(-1)).toMatchObject({ kind: 'refund', amount: '1537.80', reference: 'GC-1234' });
    expect(await mailKinds(maria.email)).toEqual(expect.arrayContaining(['return-refunded']));
    // Refunded once.
    expect((await as(admin, 'POST', `/api/returns/${id}/refund`, { reference: 'GC-1234' })).statusCode).toBe(
      409,
    );
  });

  it('puts a returned item back on sale when received undamaged; a return of an unpaid item refunds nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy XL': 1 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'XL')]);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy XL': 0 });
    const { request } = await ok(
      ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'changedMind' }),
      201,
    );
    await ok(as(admin, 'POST', `/api/returns/${request._id}/approve`));
    await ok(as(admin, 'POST', `/api/returns/${request._id}/received`, { damaged: false }));
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy XL': 1 });
    const refunded = await ok(as(admin, 'POST', `/api/returns/${request._id}/refund`, {}));
    expect(refunded.request).toMatchObject({ status: 'refunded', refundedAmount: '0.00' });
  });

  it('refuses what cannot be asked, with a message, writing nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 3, 'Navy L': 0 });
    const delivered = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const pending = await placeOrderOk(ctx.t, maria, [teeLine(tee, 'M')]);
    const item = delivered.products[0]!._id;
    const before = await countRows(ctx.t, 'return_requests');
    const cases: [Record<string, unknown>, SignedIn, number, string][] = [
      [
        { itemId: pending.products[0]!._id, kind: 'return', reason: 'changedMind' },
        maria,
        409,
        RETURN_MESSAGES.notDelivered,
      ],
      [
        { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'XXL' },
        maria,
        400,
        'This product has no size XXL',
      ],
      [
        { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'M' },
        maria,
        400,
        RETURN_MESSAGES.chooseOther,
      ],
      [
        { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'L' },
        maria,
        409,
        RETURN_MESSAGES.exchangeShort,
      ],
      [{ itemId: item, kind: 'exchange', reason: 'wrongSize' }, maria, 400, RETURN_MESSAGES.exchangeTarget],
      [{ itemId: item, kind: 'return', reason: 'tooBig' }, maria, 400, RETURN_MESSAGES.reason],
      [{ itemId: item, kind: 'return', reason: 'changedMind' }, jose, 403, 'You are not allowed to do that'],
      [
        { itemId: '00000000-0000-4000-8000-000000000000', kind: 'return', reason: 'changedMind' },
        maria,
        404,
        RETURN_MESSAGES.itemNotFound,
      ],
    ];
    for (const [body, who, status, message] of cases) {
      const response = await ask(who, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const short = await ask(maria, { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'L' });
    expect(short.json().errors).toEqual({ size: 'Sold out' });
    expect(await countRows(ctx.t, 'return_requests')).toBe(before);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 1, 'Navy L': 0 });

    // Already under request.
    await ok(ask(maria, { itemId: item, kind: 'return', reason: 'changedMind' }), 201);
    const twice = await ask(maria, { itemId: item, kind: 'return', reason: 'changedMind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(RETURN_MESSAGES.open);
  });

  it('gives the held size back when the shop refuses or the shopper cancels; cancelling ends at receipt', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 3, 'Navy L': 3 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const item = order.products[0]!._id;
    const first = await ok(
      ask(maria, { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
      201,
    );
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 2 });
    const refused = await ok(
      as(admin, 'POST', `/api/returns/${first.request._id}/refuse`, { reason: 'Worn and washed' }),
    );
    expect(refused.request).toMatchObject({ status: 'refused', refusedReason: 'Worn and washed' });
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 3 });
    const [mail] = await queryRows<{ text: string }>(
      ctx.t,
      sql`select text from outbox where kind = 'return-refused' order by created_at desc limit 1`,
    );
    expect(mail!.text).toContain('Worn and washed');
    expect(
      (await as(admin, 'POST', `/api/returns/${first.request._id}/refuse`, { reason: 'Again' })).statusCode,
    ).toBe(409);

    // Refused: the shopper may ask again, and cancel it.
    const second = await ok(
      ask(maria, { itemId: item, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
      201,
    );
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 2 });
    expect((await as(jose, 'POST', `/api/returns/${second.request._id}/cancel`)).statusCode).toBe(403);
    await ok(as(admin, 'POST', `/api/returns/${second.request._id}/approve`));
    const cancelled = await ok(as(maria, 'POST', `/api/returns/${second.request._id}/cancel`));
    expect(cancelled.request.status).toBe('cancelled');
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 3 });
    expect((await as(maria, 'POST', `/api/returns/${second.request._id}/cancel`)).statusCode).toBe(409);

    const third = await ok(ask(maria, { itemId: item, kind: 'return', reason: 'changedMind' }), 201);
    await ok(as(admin, 'POST', `/api/returns/${third.request._id}/approve`));
    await ok(as(admin, 'POST', `/api/returns/${third.request._id}/received`, {}));
    const late = await as(maria, 'POST', `/api/returns/${third.request._id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RETURN_MESSAGES.cannotCancel);
  });

  it('of two exchanges racing for the last L, exactly one gets it', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2, 'Navy L': 1 });
    const ofMaria = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const ofJose = await deliveredOrder(jose, [teeLine(tee, 'M')]);
    const before = await countRows(ctx.t, 'return_requests');
    const answers = await Promise.all([
      ask(maria, { itemId: ofMaria.products[0]!._id, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
      ask(jose, { itemId: ofJose.products[0]!._id, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json()).toMatchObject({
      message: RETURN_MESSAGES.exchangeShort,
      errors: { size: 'Sold out' },
    });
    expect(await countRows(ctx.t, 'return_requests')).toBe(before + 1);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 0 });
  });

  it('of two requests for one item sent at once, one is taken', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2, 'Navy L': 5 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const body = { itemId: order.products[0]!._id, kind: 'exchange', reason: 'wrongSize', size: 'L' };
    const answers = await Promise.all([ask(maria, body), ask(maria, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy L': 4 });
  });

  it('takes up to 3 photos while the request waits, read by its shopper and the back office only', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const { request } = await ok(
      ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'defective' }),
      201,
    );
    const put = async (who: SignedIn) =>
      ctx.t.request({
        method: 'PUT',
        url: `/api/returns/${request._id}/photos`,
        cookie: who.cookie,
        ...(await multipartBody({}, [['photo', await testPng('#aa3322')]])),
      });
    expect((await put(jose)).statusCode).toBe(403);
    for (let n = 1; n <= 3; n += 1) {
      const added = await put(maria);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().request.photos).toBe(n);
    }
    const fourth = await put(maria);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(RETURN_MESSAGES.photos);

    const photo = await as(maria, 'GET', `/api/returns/${request._id}/photos/0`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect((await as(admin, 'GET', `/api/returns/${request._id}/photos/2`)).statusCode).toBe(200);
    expect((await as(jose, 'GET', `/api/returns/${request._id}/photos/0`)).statusCode).toBe(403);
    expect(
      (await ctx.t.request({ method: 'GET', url: `/api/returns/${request._id}/photos/0` })).statusCode,
    ).toBe(401);
  });

  /** A delivered M asked to be exchanged for an L, with one photo: the request and its photo's file. */
  async function exchangeWithPhoto(who: SignedIn, tee: ProductRow) {
    const order = await deliveredOrder(who, [teeLine(tee, 'M')]);
    const { request } = await ok(
      ask(who, { itemId: order.products[0]!._id, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
      201,
    );
    const added = await ctx.t.request({
      method: 'PUT',
      url: `/api/returns/${request._id}/photos`,
      cookie: who.cookie,
      ...(await multipartBody({}, [['photo', await testPng('#3355aa')]])),
    });
    expect(added.statusCode, added.body).toBe(200);
    const [row] = await queryRows<{ photos: string[] }>(
      ctx.t,
      sql`select photos from return_requests where id = ${request._id}`,
    );
    expect(row!.photos).toHaveLength(1);
    const photo = row!.photos[0]!;
    expect(await ctx.t.app.privateImages.get(photo)).not.toBeNull();
    return { order, request, photo };
  }

  it('deleting an order gives back the size its exchange holds and deletes the request’s photos', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 1, 'Navy L': 1 });
    const { order, photo } = await exchangeWithPhoto(maria, tee);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 0, 'Navy L': 0 });

    await ok(as(admin, 'DELETE', `/api/orders/delete/${order._id}`));
    // The delivered M left the shop; the L held for the exchange never did.
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 0, 'Navy L': 1 });
    expect(await ctx.t.app.privateImages.get(photo)).toBeNull();
  });

  it('erasing the shopper’s account deletes their requests’ photos; the requests stay as the shop’s record', async () => {
    const ana = await signUpCustomer(ctx.t, { name: 'Ana Cruz', password: 'secret123' });
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 1, 'Navy L': 1 });
    const { request, photo } = await exchangeWithPhoto(ana, tee);

    const erased = await ctx.t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: ana.cookie,
      payload: { password: 'secret123' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await queryRows<{ photos: string[]; customer_id: string | null; status: string }>(
      ctx.t,
      sql`select photos, customer_id, status from return_requests where id = ${request._id}`,
    );
    expect(row).toEqual({ photos: [], customer_id: null, status: 'requested' });
    expect(await ctx.t.app.privateImages.get(photo)).toBeNull();
  });

  it('lists requests for the back office by status and reason, and reports counts and rates', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 6 }, { name: 'Report Tee Navy' });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M'), teeLine(tee, 'M', 3)]);
    await ok(ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'defective' }), 201);
    await ok(ask(maria, { itemId: order.products[1]!._id, kind: 'return', reason: 'wrongItem' }), 201);

    const list = await as(admin, 'GET', '/api/returns?reason=wrongItem&status=requested&limit=10');
    expect(list.statusCode).toBe(200);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect(
      list
        .json()
        .every(
          (r: { reason: string; status: string }) => r.reason === 'wrongItem' && r.status === 'requested',
        ),
    ).toBe(true);
    expect((await as(admin, 'GET', '/api/returns?status=lost')).statusCode).toBe(400);
    expect((await as(maria, 'GET', '/api/returns')).statusCode).toBe(401);

    const report = await ok(as(admin, 'GET', '/api/returns/report'));
    expect(report.requests).toBe(report.returns + report.exchanges);
    const row = report.byProduct.find((p: { productId: string }) => p.productId === tee.id);
    expect(row).toMatchObject({ count: 2, delivered: 4, rate: 0.5 });
    const rates = report.byReason.reduce((sum: number, r: { rate: number }) => sum + r.rate, 0);
    expect(rates).toBeCloseTo(1, 2);
  });

  it('shows fulfilment an order and a return without money figures beyond the total; the owner reads them whole', async () => {
    const fulfilment = await signInStaff(ctx.t, 'fulfilment');
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2 });
    const order = await deliveredOrder(maria, [teeLine(tee, 'M')]);
    const whole = await ok(as(admin, 'GET', `/api/orders/${order._id}`));
    expect(whole.products[0].price).toBe(tee.price);
    expect(whole.payment).toHaveProperty('paid');

    const MONEY = [
      'subtotal',
      'shippingFee',
      'tax',
      'discountCode',
      'discountAmount',
      'amountPaid',
      'amountRefunded',
    ];
    const expectTotalOnly = (read: StaffOrder) => {
      expect('moneyHidden' in read && read.moneyHidden).toBe(true);
      for (const field of MONEY) expect(read, field).not.toHaveProperty(field);
      for (const line of read.products) expect(line).not.toHaveProperty('price');
      expect(Object.keys(read.payment).sort()).toEqual(
        ['checkoutUrl', 'dueBy', 'method', 'owed', 'reference', 'rejectedReason', 'status']
          .concat('transferProof' in read.payment ? ['transferProof'] : [])
          .sort(),
      );
    };
    const one = await ok(as(fulfilment, 'GET', `/api/orders/${order._id}`));
    expectTotalOnly(one);
    expect(one).toMatchObject({ total: whole.total, totalFee: whole.totalFee, status: whole.status });
    expect(one.payment.owed).toBe(whole.payment.owed);
    expect(one.products[0]).toMatchObject({ _id: whole.products[0]._id, size: 'M', quantity: 1 });
    const list = await ok(as(fulfilment, 'GET', '/api/orders/all?limit=100'));
    expect(list.length).toBeGreaterThan(0);
    for (const read of list) expectTotalOnly(read);
    // The owner's list, the same orders whole.
    const owners = await ok(as(admin, 'GET', '/api/orders/all?limit=100'));
    expect(owners.find((read: { _id: string }) => read._id === order._id)).toMatchObject({
      subtotal: whole.subtotal,
      products: whole.products,
      payment: whole.payment,
      amountPaid: whole.amountPaid,
    });

    const asked = await ok(
      ask(maria, { itemId: order.products[0]!._id, kind: 'return', reason: 'changedMind' }),
      201,
    );
    const id = asked.request._id;
    const withoutMoney = (read: StaffReturnRequest) => {
      expect(read).toMatchObject({ _id: id, moneyHidden: true, item: { size: 'M', quantity: 1 } });
      for (const field of ['refundAmount', 'refundedAmount']) expect(read).not.toHaveProperty(field);
      expect(read.item).not.toHaveProperty('price');
    };
    const returns = await ok(as(fulfilment, 'GET', '/api/returns?limit=100'));
    withoutMoney(returns.find((read: { _id: string }) => read._id === id));
    withoutMoney((await ok(as(fulfilment, 'POST', `/api/returns/${id}/approve`))).request);
    withoutMoney((await ok(as(fulfilment, 'POST', `/api/returns/${id}/received`, {}))).request);
    // The owner refunds it, and reads the amounts.
    const owner = (await ok(as(admin, 'GET', '/api/returns?limit=100'))).find(
      (read: { _id: string }) => read._id === id,
    );
    expect(owner).toMatchObject({ refundAmount: asked.request.refundAmount, item: { price: tee.price } });
    expect(owner).not.toHaveProperty('moneyHidden');
  });
});

describe('cancelling before it ships', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let maria: SignedIn;
  let jose: SignedIn;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    maria = await signUpCustomer(ctx.t, { name: 'Maria Santos' });
    jose = await signUpCustomer(ctx.t, { name: 'Jose Reyes' });
  });

  const cancel = (who: SignedIn, order: OrderJson, items: string[]) =>
    ctx.t.request({
      method: 'POST',
      url: `/api/orders/${order._id}/cancel`,
      cookie: who.cookie,
      payload: { items },
    });

  it('cancels an item not yet shipped: its stock comes back, and what was paid for it is a refund due', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 2, 'Navy L': 2 });
    const order = await placeOrderOk(ctx.t, maria, [
      orderLineFor(tee, { size: 'M' }),
      orderLineFor(tee, { size: 'L' }),
    ]);
    const collected = await ctx.t.request({
      method: 'POST',
      url: `/api/payments/orders/${order._id}/collections`,
      cookie: admin.cookie,
      payload: { amount: order.total, reference: 'RIDER-0002' },
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 1, 'Navy L': 1 });

    expect((await cancel(jose, order, [order.products[0]!._id])).statusCode).toBe(403);
    const response = await cancel(maria, order, [order.products[0]!._id]);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json();
    expect(after.products.map((p: { productStatus: string }) => p.productStatus)).toEqual([
      'cancelled',
      'toPay',
    ]);
    expect(after.payment.refundDue).toBe('768.90');
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 2, 'Navy L': 1 });
    const [mail] = await queryRows<{ kind: string }>(
      ctx.t,
      sql`select kind from outbox where recipient = ${maria.email.toLowerCase()} order by created_at desc limit 1`,
    );
    expect(mail!.kind).toBe('item-cancelled');

    // Again: already cancelled, nothing moves.
    const again = await cancel(maria, order, [order.products[0]!._id]);
    expect(again.statusCode).toBe(409);
    expect(await stockRows(ctx.t, tee.id)).toMatchObject({ 'Navy M': 2 });
  });

  it('refuses a shipped item, an item of another order and the same item twice, writing nothing', async () => {
    const tee = await insertTrackedTee(ctx.t, { 'Navy M': 5 });
    const order = await placeOrderOk(ctx.t, maria, [
      orderLineFor(tee, { size: 'M' }),
      orderLineFor(tee, { size: 'M' }),
    ]);
    const other = await placeOrderOk(ctx.t, maria, [orderLineFor(tee, { size: 'M' })]);
    const shipped = await ctx.t.request({
      method: 'POST',
      url: '/api/shipments',
      cookie: admin.cookie,
      payload: {
        orderId: order._id,
        lines: [order.products[1]!._id],
        courier: 'jnt',
        trackingNumber: JNT,
        shippedOn: '2026-11-27',
      },
    });
    expect(shipped.statusCode).toBe(201);
    const stock = await stockRows(ctx.t, tee.id);
    const refused = await cancel(maria, order, [order.products[1]!._id]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('can no longer be cancelled');
    expect((await cancel(maria, order, [other.products[0]!._id])).statusCode).toBe(400);
    expect((await cancel(maria, order, [order.products[0]!._id, order.products[0]!._id])).statusCode).toBe(
      400,
    );
    expect((await cancel(maria, order, [])).statusCode).toBe(400);
    expect(await stockRows(ctx.t, tee.id)).toEqual(stock);
  });
});
