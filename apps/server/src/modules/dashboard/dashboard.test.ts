import { type Dashboard, percentOf, storeDate, toDecimal } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  type ProductRow,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';
import { dashboard } from './dashboard.service.ts';

/**
 * The dashboard against figures worked out by hand: a month of orders (October 2026, against
 * the 31 days before) placed at known instants in Manila, with known prices, cancelled lines,
 * refunds of cancelled lines, a goodwill refund, a refund reversed, and orders on either side of
 * midnight at each end of the period.
 */
describe('GET /api/admin/dashboard', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let tee: ProductRow; // ₱100.00, tracks stock
  let jacket: ProductRow; // ₱250.50
  let coat: ProductRow; // ₱1,000.00

  type Line = [product: ProductRow | null, quantity: number, status: string];
  const centavosOf = (price: string) => Math.round(Number(price) * 100);

  /** An order placed at `manila` (the store's wall clock), its lines at their products' prices. */
  async function order(
    manila: string,
    lines: Line[],
    payment: { method?: string; status?: string; orderStatus?: string } = {},
  ): Promise<string> {
    const at = new Date(`${manila}:00+08:00`).toISOString();
    const subtotal = lines.reduce((sum, [p, q]) => sum + centavosOf(p?.price ?? '50.00') * q, 0);
    const tax = percentOf(subtotal, 10);
    const result = await ctx.t.database.db.execute(sql`
      insert into orders (customer_name, shipping_address, payment_method, status, subtotal, shipping_fee, tax,
                          total, created_at, payment_status)
      values ('Maria Santos', '1 Rizal Ave, Manila', ${payment.method ?? 'cod'}, ${payment.orderStatus ?? 'pending'},
              ${toDecimal(subtotal)}, 0, ${toDecimal(tax)}, ${toDecimal(subtotal + tax)}, ${at},
              ${payment.status ?? 'unpaid'})
      returning id`);
    const id = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    for (const [position, [product, quantity, status]] of lines.entries()) {
      await ctx.t.database.db.execute(sql`
        insert into order_items (order_id, position, product_id, name, image_url, price, quantity,
                                 delivery_fee, delivery_date, status)
        values (${id}, ${position}, ${product?.id ?? null}, ${product?.name ?? 'Old Scarf'}, '/uploads/x.webp',
                ${product?.price ?? '50.00'}, ${quantity}, 0, '2026-12-01', ${status})`);
    }
    return id;
  }

  async function ledger(
    orderId: string,
    kind: 'payment' | 'refund' | 'reversal',
    amount: string,
    manila: string,
  ) {
    await ctx.t.database.db.execute(sql`
      insert into payments (order_id, kind, amount, method, recorded_by, created_at)
      values (${orderId}, ${kind}, ${amount}, 'transfer', 'admin:admin', ${new Date(`${manila}:00+08:00`).toISOString()})`);
  }

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    tee = await insertProduct(ctx.t, {
      name: 'Cotton Tee',
      price: '100.00',
      sizes: ['S', 'M', 'L'],
      variations: [],
    });
    jacket = await insertProduct(ctx.t, { name: 'Denim Jacket', price: '250.50' });
    coat = await insertProduct(ctx.t, { name: 'Wool Coat', price: '1000.00' });
    await ctx.t.database.db.execute(sql`update products set track_stock = true where id = ${tee.id}`);
    await ctx.t.database.db.execute(sql`
      insert into product_stock (product_id, variation, size, quantity, sku)
      values (${tee.id}, '', 'S', 0, 'TEE-S'), (${tee.id}, '', 'M', 3, 'TEE-M'), (${tee.id}, '', 'L', 10, 'TEE-L')`);

    // The 30th of September at 23:30 in Manila is the period before; the 1st of October at 00:30 is in.
    await order('2026-09-30T23:30', [[coat, 1, 'delivered']]);
    await order('2026-10-01T00:30', [
      [tee, 2, 'toPay'],
      [jacket, 1, 'delivered'],
      [null, 1, 'toPay'], // a product deleted since: "Old Scarf" at ₱50.00
    ]);
    await order('2026-10-31T23:30', [
      [tee, 1, 'toPay'],
      [coat, 1, 'cancelled'],
    ]);
    // The 1st of November at 00:30 in Manila is after the period; shipped, so not waiting either.
    const shipped = await order('2026-11-01T00:30', [[jacket, 4, 'toPay']]);
    await ctx.t.database.db.execute(sql`
      with s as (insert into shipments (order_id, courier, tracking_number, shipped_on)
                 values (${shipped}, 'other', '', '2026-11-01') returning id)
      insert into shipment_items (order_item_id, shipment_id)
      select i.id, s.id from order_items i, s where i.order_id = ${shipped}`);
    // Every line cancelled: no order, no sale.
    await order('2026-10-15T12:00', [[tee, 5, 'cancelled']], {
      orderStatus: 'cancelled',
      status: 'cancelled',
    });
    // Paid ₱551.10, then ₱100.00 given back on a line still sold: a refund against sales.
    const goodwill = await order('2026-10-15T13:00', [[jacket, 2, 'delivered']], {
      method: 'transfer',
      status: 'partiallyRefunded',
    });
    await ledger(goodwill, 'payment', '551.10', '2026-10-15T14:00');
    await ledger(goodwill, 'refund', '100.00', '2026-10-20T09:00');
    // Paid ₱1,210.00 for a tee and a coat; the coat cancelled and its share (₱1,100.00) refunded:
    // the coat never counted, so neither does its refund.
    const cancelled = await order(
      '2026-10-10T10:00',
      [
        [tee, 1, 'delivered'],
        [coat, 1, 'cancelled'],
      ],
      { method: 'transfer', status: 'partiallyRefunded' },
    );
    await ledger(cancelled, 'payment', '1210.00', '2026-10-10T11:00');
    await ledger(cancelled, 'refund', '1100.00', '2026-10-12T11:00');
    // A refund PayMongo failed after taking it, reversed: nothing given back.
    const reversed = await order('2026-10-05T08:00', [[jacket, 1, 'delivered']], {
      method: 'online',
      status: 'paid',
    });
    await ledger(reversed, 'payment', '275.55', '2026-10-05T08:05');
    await ledger(reversed, 'refund', '50.00', '2026-10-06T08:00');
    await ledger(reversed, 'reversal', '50.00', '2026-10-07T08:00');
    // The period before: a coat sold, ₱200.00 of it refunded then.
    const september = await order('2026-09-10T10:00', [[coat, 1, 'delivered']], {
      method: 'transfer',
      status: 'partiallyRefunded',
    });
    await ledger(september, 'payment', '1100.00', '2026-09-10T11:00');
    await ledger(september, 'refund', '200.00', '2026-09-15T11:00');
    // Placed in August, returned and refunded whole in October: the refund counts when it was given.
    const august = await order('2026-08-01T10:00', [[tee, 1, 'delivered']], {
      method: 'transfer',
      status: 'refunded',
    });
    await ledger(august, 'payment', '110.00', '2026-08-01T11:00');
    await ledger(august, 'refund', '110.00', '2026-10-03T11:00');
    // Waiting: a transfer not paid yet (to pay, not to ship), and a paid one to ship.
    await order('2026-11-20T10:00', [[coat, 1, 'toPay']], { method: 'transfer', status: 'unpaid' });
    const paid = await order('2026-11-21T10:00', [[tee, 1, 'toPay']], { method: 'online', status: 'paid' });
    await ledger(paid, 'payment', '110.00', '2026-11-21T10:01');
    // An online order the store cancelled for want of payment waits for nothing.
    await order('2026-11-22T10:00', [[coat, 1, 'cancelled']], {
      method: 'online',
      status: 'cancelled',
      orderStatus: 'cancelled',
    });

    await ctx.t.database.db.execute(sql`
      insert into outbox (kind, recipient, subject, html, text, status)
      values ('test', 'a@example.com', 'x', 'x', 'x', 'failed'), ('test', 'b@example.com', 'x', 'x', 'x', 'failed'),
             ('test', 'c@example.com', 'x', 'x', 'x', 'pending'), ('test', 'd@example.com', 'x', 'x', 'x', 'sent')`);
    for (const [n, confirmed] of [
      [1, '2026-10-01T00:30'],
      [2, '2026-10-31T23:30'],
      [3, '2026-11-01T00:30'],
      [4, '2026-09-20T12:00'],
      [5, null],
    ] as const) {
      await ctx.t.database.db.execute(sql`
        insert into subscribers (email, status, unsubscribe_token, confirmed_at)
        values (${`sub${n}@example.com`}, ${confirmed ? 'subscribed' : 'pending'}, ${`token-${n}`},
                ${confirmed ? new Date(`${confirmed}:00+08:00`).toISOString() : null})`);
    }
  });

  const get = (query: string) =>
    ctx.t.request({ method: 'GET', url: `/api/admin/dashboard${query}`, cookie: admin.cookie });

  it("adds up October's sales, refunds and waiting work as worked out by hand", async () => {
    const response = await get('?range=custom&from=2026-10-01&to=2026-10-31');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Dashboard;
    expect(body.period).toEqual({
      range: 'custom',
      from: '2026-10-01',
      to: '2026-10-31',
      days: 31,
      previousFrom: '2026-08-31',
      previousTo: '2026-09-30',
    });
    // October: 2×100 + 250.50 + 50 (the 1st), 100 (the 31st), 501.00 (the 15th), 100 (the 10th),
    // 250.50 (the 5th) = 1,452.00 over 5 orders and 9 units. Refunds: the goodwill 100.00 and
    // August's 110.00. The period before: two coats, 200.00 refunded.
    expect(body.sales).toEqual({
      grossSales: { value: '1452.00', previous: '2000.00' },
      refunds: { value: '210.00', previous: '200.00' },
      netSales: { value: '1242.00', previous: '1800.00' },
      orders: { value: 5, previous: 2 },
      itemsSold: { value: 9, previous: 2 },
      averageOrderValue: { value: '290.40', previous: '1000.00' },
    });
    expect(body.byDay).toHaveLength(31);
    expect(body.byDay.filter((day) => day.orders > 0)).toEqual([
      { date: '2026-10-01', grossSales: '500.50', orders: 1 },
      { date: '2026-10-05', grossSales: '250.50', orders: 1 },
      { date: '2026-10-10', grossSales: '100.00', orders: 1 },
      { date: '2026-10-15', grossSales: '501.00', orders: 1 },
      { date: '2026-10-31', grossSales: '100.00', orders: 1 },
    ]);
    expect(body.byDay[1]).toEqual({ date: '2026-10-02', grossSales: '0.00', orders: 0 });
    // Tees: 2 + 1 + 1 = 4 units, 400.00; jackets 1 + 2 + 1 = 4 units, 1,002.00; coats all cancelled.
    expect(body.topByUnits).toEqual([
      { productId: jacket.id, name: 'Denim Jacket', units: 4, sales: '1002.00' },
      { productId: tee.id, name: 'Cotton Tee', units: 4, sales: '400.00' },
      { productId: null, name: 'Old Scarf', units: 1, sales: '50.00' },
    ]);
    expect(body.topBySales.map((p) => p.name)).toEqual(['Denim Jacket', 'Cotton Tee', 'Old Scarf']);
    // To ship: the 1st's tee and scarf, the 31st's tee, the paid online tee (not November's shipped
    // jackets, nor the unpaid transfer's coat). Awaiting payment: that transfer alone.
    expect(body.work).toEqual({
      itemsToShip: 4,
      ordersAwaitingPayment: 1,
      returnRequests: 0,
      mailsFailing: 2,
    });
    expect(body.stock).toEqual({
      soldOut: 1,
      low: 1,
      cells: [
        { productId: tee.id, name: 'Cotton Tee', variation: '', size: 'S', quantity: 0 },
        { productId: tee.id, name: 'Cotton Tee', variation: '', size: 'M', quantity: 3 },
      ],
    });
    expect(body.subscribers).toEqual({ value: 2, previous: 1 });
  });

  it('reads a single store day from midnight to midnight in Manila', async () => {
    const first = (await get('?range=custom&from=2026-10-01&to=2026-10-01')).json() as Dashboard;
    expect(first.sales.grossSales).toEqual({ value: '500.50', previous: '1000.00' });
    expect(first.sales.orders).toEqual({ value: 1, previous: 1 });
    expect(first.byDay).toEqual([{ date: '2026-10-01', grossSales: '500.50', orders: 1 }]);
    const last = (await get('?range=custom&from=2026-10-31&to=2026-10-31')).json() as Dashboard;
    expect(last.sales.grossSales.value).toBe('100.00');
    const november = (await get('?range=custom&from=2026-11-01&to=2026-11-01')).json() as Dashboard;
    expect(november.sales.grossSales).toEqual({ value: '1002.00', previous: '100.00' });
  });

  it('takes today and the last 7 and 30 days from the store date', async () => {
    // 2026-11-01 00:30 in Manila is still 31 October in UTC.
    const now = new Date('2026-10-31T16:30:00Z');
    const today = await dashboard(ctx.t.database.db, { range: 'today' }, now);
    expect(today.period).toMatchObject({ from: '2026-11-01', to: '2026-11-01', previousFrom: '2026-10-31' });
    expect(today.sales.grossSales).toEqual({ value: '1002.00', previous: '100.00' });
    const week = await dashboard(ctx.t.database.db, { range: '7d' }, now);
    expect(week.period).toMatchObject({ from: '2026-10-26', to: '2026-11-01', days: 7 });
    expect(week.byDay).toHaveLength(7);
    const month = await dashboard(ctx.t.database.db, { range: '30d' }, now);
    expect(month.period).toMatchObject({ from: '2026-10-03', to: '2026-11-01', previousTo: '2026-10-02' });
    // 10-05 250.50 + 10-10 100 + 10-15 501 + 10-31 100 + 11-01 1,002.00.
    expect(month.sales.grossSales.value).toBe('1953.50');
    expect(month.sales.refunds.value).toBe('210.00');
  });

  it('shows a new store with no orders as zeros', async () => {
    const body = (await get('?range=custom&from=2020-01-01&to=2020-01-07')).json() as Dashboard;
    expect(body.sales.grossSales).toEqual({ value: '0.00', previous: '0.00' });
    expect(body.sales.averageOrderValue).toEqual({ value: '0.00', previous: '0.00' });
    expect(body.topByUnits).toEqual([]);
    expect(body.byDay.every((day) => day.orders === 0 && day.grossSales === '0.00')).toBe(true);
  });

  it('keeps ended days in a rollup that a change to one of their orders makes it read again', async () => {
    const scarf = await insertProduct(ctx.t, { name: 'Linen Scarf', price: '300.00' });
    const june = await order('2025-06-10T12:00', [
      [scarf, 1, 'toPay'],
      [tee, 2, 'toPay'],
    ]);
    const tenth = async () => (await get('?range=custom&from=2025-06-10&to=2025-06-10')).json() as Dashboard;
    const storedDay = async () =>
      queryRows<{ orders: number; gross: string }>(
        ctx.t,
        sql`select orders, gross::text as gross from sales_days where day = '2025-06-10'`,
      );

    expect((await tenth()).sales.grossSales.value).toBe('500.00');
    // The day ended long ago: the read stored it, with the day before (the period before) at zero.
    expect(await storedDay()).toEqual([{ orders: 1, gross: '500.00' }]);
    const [before] = await queryRows<{ orders: number }>(
      ctx.t,
      sql`select orders from sales_days where day = '2025-06-09'`,
    );
    expect(before).toEqual({ orders: 0 });
    // What is stored is what the next read shows.
    await ctx.t.database.db.execute(sql`update sales_days set gross = 1.00 where day = '2025-06-10'`);
    expect((await tenth()).sales.grossSales.value).toBe('1.00');

    // Cancelling a line deletes the day; the next read computes it from the orders again.
    await ctx.t.database.db.execute(
      sql`update order_items set status = 'cancelled' where order_id = ${june} and product_id = ${tee.id}`,
    );
    expect(await storedDay()).toEqual([]);
    expect((await tenth()).sales.grossSales.value).toBe('300.00');
    // Shipping moves no figure and keeps the day.
    await ctx.t.database.db.execute(
      sql`update order_items set status = 'toReceive' where order_id = ${june} and product_id = ${scarf.id}`,
    );
    expect(await storedDay()).toEqual([{ orders: 1, gross: '300.00' }]);
    // Restored, the line counts again.
    await ctx.t.database.db.execute(
      sql`update order_items set status = 'toPay' where order_id = ${june} and product_id = ${tee.id}`,
    );
    expect((await tenth()).sales.grossSales.value).toBe('500.00');

    // A deleted product's lines are named as they were ordered.
    await ctx.t.database.db.execute(sql`delete from products where id = ${scarf.id}`);
    expect((await tenth()).topBySales).toEqual([
      { productId: null, name: 'Linen Scarf', units: 1, sales: '300.00' },
      { productId: tee.id, name: 'Cotton Tee', units: 2, sales: '200.00' },
    ]);

    // An order back-dated into the day, then the first order deleted.
    await order('2025-06-10T23:59', [[jacket, 1, 'delivered']]);
    expect((await tenth()).sales).toMatchObject({ grossSales: { value: '750.50' }, orders: { value: 2 } });
    await ctx.t.database.db.execute(sql`delete from orders where id = ${june}`);
    expect((await tenth()).sales).toMatchObject({ grossSales: { value: '250.50' }, orders: { value: 1 } });
  });

  it('reads today from the orders, never from the rollup', async () => {
    const now = new Date();
    const today = storeDate(now);
    const before = (await dashboard(ctx.t.database.db, { range: 'today' }, now)).sales.grossSales.value;
    await order(`${today}T00:00`, [[jacket, 2, 'toPay']]);
    const after = await dashboard(ctx.t.database.db, { range: 'today' }, now);
    expect(Number(after.sales.grossSales.value) - Number(before)).toBe(501);
    expect(await queryRows(ctx.t, sql`select day from sales_days where day = ${today}::date`)).toEqual([]);
  });

  it('refuses periods it cannot read, with the field at fault', async () => {
    for (const [query, field] of [
      ['?range=custom&from=2026-10-01', 'to'],
      ['?range=custom&from=2026-10-31&to=2026-10-01', 'from'],
      ['?range=custom&from=2024-01-01&to=2026-01-01', 'to'],
      ['?range=7d&from=2026-10-01&to=2026-10-02', 'range'],
      ['?range=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['?range=year', 'range'],
    ] as const) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field);
    }
  });

  it('is for admins only', async () => {
    const shopper = await signUpCustomer(ctx.t);
    const response = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/dashboard',
      cookie: shopper.cookie,
    });
    expect(response.statusCode).toBe(401);
  });
});
