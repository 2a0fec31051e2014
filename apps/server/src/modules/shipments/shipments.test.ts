import { addDays, type Shipment, storeDate } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
  type OrderJson,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';

const JNT = '760012345678';

describe('shipments', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let shirt: ProductRow;
  let tee: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t, { name: 'Maria Santos' });
    shirt = await insertProduct(ctx.t, { name: 'Linen Shirt' });
    tee = await insertProduct(ctx.t, { name: 'Cotton Tee' });
  });

  const twoLines = () => placeOrderOk(ctx.t, shopper, [orderLineFor(shirt), orderLineFor(tee)]);
  const ship = (order: OrderJson, body: Record<string, unknown> = {}) =>
    ctx.t.request({
      method: 'POST',
      url: '/api/shipments',
      cookie: admin.cookie,
      payload: {
        orderId: order._id,
        lines: [order.products[0]!._id],
        courier: 'jnt',
        trackingNumber: JNT,
        shippedOn: '2026-11-27',
        ...body,
      },
    });
  const deliver = (shipment: Shipment) =>
    ctx.t.request({ method: 'PATCH', url: `/api/shipments/${shipment._id}/delivered`, cookie: admin.cookie });
  const readAsShopper = async (order: OrderJson) =>
    (await ctx.t.request({ method: 'GET', url: `/api/orders/${order._id}`, cookie: shopper.cookie })).json();
  const mails = (kind: string) =>
    queryRows<{ subject: string; text: string; html: string; recipient: string }>(
      ctx.t,
      sql`select subject, text, html, recipient from outbox where kind = ${kind} order by created_at`,
    );

  it('ships the chosen lines with J&T: they move to To Receive and the shopper is mailed the tracking link', async () => {
    const order = await twoLines();
    const before = (await mails('shipment-shipped')).length;
    const response = await ship(order, { trackingNumber: ` ${JNT} ` });
    expect(response.statusCode, response.body).toBe(201);
    const { shipment } = response.json();
    expect(shipment).toMatchObject({
      orderId: order._id,
      courier: 'jnt',
      courierName: 'J&T Express',
      trackingNumber: JNT,
      trackingUrl: `https://www.jtexpress.ph/track-and-trace?billCodes=${JNT}`,
      shippedOn: '2026-11-27',
      deliveredAt: null,
      lines: [order.products[0]!._id],
    });
    const read = await readAsShopper(order);
    expect(read.products.map((p: { productStatus: string }) => p.productStatus)).toEqual([
      'toReceive',
      'toPay',
    ]);
    expect(read.shipments).toEqual([shipment]);
    const sent = (await mails('shipment-shipped')).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.recipient).toBe(shopper.email);
    expect(sent[0]!.subject).toMatch(/^Your order #\w+ is on its way$/);
    expect(sent[0]!.text).toContain(`tracking number ${JNT}`);
    expect(sent[0]!.text).toContain(`Track your parcel: ${shipment.trackingUrl}`);
    expect(sent[0]!.text).toContain('Linen Shirt');
    expect(sent[0]!.text).not.toContain('Cotton Tee');
    // The status change's own "Shipped" mail is not sent as well.
    expect(await mails('item-shipped')).toHaveLength(0);
  });

  it('refuses a line shipped already, of another order, or cancelled, and a bad tracking number, writing nothing', async () => {
    const order = await twoLines();
    const other = await twoLines();
    expect((await ship(order)).statusCode).toBe(201);
    const shipmentsBefore = await countRows(ctx.t, 'shipments');
    const outboxBefore = await countRows(ctx.t, 'outbox');

    const again = await ship(order);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already shipped/);

    const foreign = await ship(order, { lines: [other.products[0]!._id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ lines: 'Choose items of this order' });

    await ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${other._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled', 'toPay'] },
    });
    const cancelled = await ship(other);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/^“.+” is cancelled: it cannot ship$/);

    const badNumber = await ship(order, { lines: [order.products[1]!._id], trackingNumber: '1234' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors).toEqual({
      trackingNumber: 'A J&T Express tracking number is 12 digits, or JT and 13 digits',
    });
    const tomorrow = addDays(storeDate(new Date()), 1);
    const future = await ship(order, { lines: [order.products[1]!._id], shippedOn: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual({ shippedOn: 'The date shipped cannot be after today' });
    const unknownCourier = await ship(order, { lines: [order.products[1]!._id], courier: 'dhl' });
    expect(unknownCourier.statusCode).toBe(400);
    expect(unknownCourier.json().errors).toMatchObject({ courier: 'Choose a courier' });

    expect(await countRows(ctx.t, 'shipments')).toBe(shipmentsBefore);
    expect(await countRows(ctx.t, 'outbox')).toBe(outboxBefore + 1); // the cancel's own mail
  });

  it('gives a line to one of two admins shipping it at once; the other gets 409', async () => {
    const order = await twoLines();
    const [first, second] = await Promise.all([
      ship(order),
      ship(order, { trackingNumber: 'JT0012345678901' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const rows = await queryRows<{ n: number }>(
      ctx.t,
      sql`select count(*)::int as n from shipments where order_id = ${order._id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('marks a shipment delivered once: its lines move to Delivered and the shopper is mailed once', async () => {
    const order = await twoLines();
    const { shipment } = (await ship(order, { lines: order.products.map((p) => p._id) })).json();
    const before = (await mails('shipment-delivered')).length;
    const delivered = await deliver(shipment);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json().shipment.deliveredAt).toEqual(expect.any(String));
    const read = await readAsShopper(order);
    expect(read.status).toBe('completed');
    expect(read.products.map((p: { productStatus: string }) => p.productStatus)).toEqual([
      'delivered',
      'delivered',
    ]);
    const again = await deliver(shipment);
    expect(again.statusCode).toBe(409);
    const sent = (await mails('shipment-delivered')).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Delivered: your order #\w+$/);
    const missing = await ctx.t.request({
      method: 'PATCH',
      url: '/api/shipments/00000000-0000-4000-8000-000000000000/delivered',
      cookie: admin.cookie,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('ships with an own rider by name, without a tracking number or link', async () => {
    const order = await twoLines();
    const noName = await ship(order, { courier: 'other', trackingNumber: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toEqual({ courierName: 'Name the rider or courier' });
    const response = await ship(order, { courier: 'other', courierName: ' Kuya Ben ', trackingNumber: '' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().shipment).toMatchObject({
      courierName: 'Kuya Ben',
      trackingNumber: '',
      trackingUrl: null,
    });
    const [mail] = (await mails('shipment-shipped')).slice(-1);
    expect(mail!.text).toContain('left with Kuya Ben.');
    expect(mail!.text).not.toContain('Track your parcel');
  });

  it('shows the back office the customer’s contact, and filters the orders list by status', async () => {
    const order = await twoLines();
    const read = (
      await ctx.t.request({ method: 'GET', url: `/api/orders/${order._id}`, cookie: admin.cookie })
    ).json();
    expect(read.contact).toEqual({
      email: shopper.email,
      contactNumber: expect.stringMatching(/^\+\d{12}$/),
    });
    const completed = await ctx.t.request({
      method: 'GET',
      url: '/api/orders/all?status=completed',
      cookie: admin.cookie,
    });
    expect(completed.statusCode).toBe(200);
    const statuses = completed.json().map((o: { status: string }) => o.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['completed']));
  });
});
