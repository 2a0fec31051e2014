import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  insertProduct,
  insertTrackedTee,
  newOrderKey,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';

interface MailRow {
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  text: string;
  html: string;
}

/** The outbox, oldest first. */
async function outboxRows(t: TestApp): Promise<MailRow[]> {
  const result = await t.database.db.execute(
    sql`select kind, recipient, subject, status, text, html from outbox order by created_at, kind`,
  );
  return (result as unknown as { rows: MailRow[] }).rows;
}

/** The rows written since `before` rows were there. */
const since = async (t: TestApp, before: number) => (await outboxRows(t)).slice(before);

describe('mail written with the events it tells of', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let shirt: ProductRow;
  let tee: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t, { name: 'Maria Santos' });
    shirt = await insertProduct(ctx.t, {
      name: 'Linen Shirt',
      price: '1234.00',
      variations: [{ name: 'Linen Shirt White', imageUrl: '/uploads/white-800.webp' }],
    });
    tee = await insertProduct(ctx.t, {
      name: 'Cotton Tee',
      price: '699.00',
      variations: [{ name: 'Cotton Tee Navy', imageUrl: '/uploads/navy-800.webp' }],
    });
  });

  const update = (orderId: string, updatedStatus: string[]) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${orderId}`,
      cookie: admin.cookie,
      payload: { updatedStatus, userId: customer.id },
    });

  it('writes one confirmation for a placed order, and none for its replay', async () => {
    const before = await countRows(ctx.t, 'outbox');
    const key = newOrderKey();
    const body = orderBodyFor(customer, [
      orderLineFor(shirt, { size: 'M' }),
      orderLineFor(tee, { size: 'L', quantity: 2, deliveryOption: { fee: 50 } }),
    ]);
    expect((await placeOrder(ctx.t, customer, body, key)).statusCode).toBe(201);
    expect((await placeOrder(ctx.t, customer, body, key)).statusCode).toBe(200);

    const rows = await since(ctx.t, before);
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail).toMatchObject({
      kind: 'order-placed',
      recipient: customer.email,
      subject: 'Your Habi order is confirmed',
      status: 'pending',
    });
    expect(mail!.text).toContain('Hi Maria Santos,');
    expect(mail!.text).toContain(
      '- Linen Shirt\n  Variation: Linen Shirt White · Size: M · Qty: 1\n  1 × ₱1,234.00 = ₱1,234.00',
    );
    expect(mail!.text).toContain(
      '- Cotton Tee\n  Variation: Cotton Tee Navy · Size: L · Qty: 2\n  2 × ₱699.00 = ₱1,398.00',
    );
    expect(mail!.text).toContain('Delivery: ₱50.00, arriving ');
    expect(mail!.text).toContain(
      'Items (3): ₱2,632.00\nShipping & handling: ₱50.00\nTax (10%): ₱268.20\nOrder total: ₱2,950.20',
    );
    for (const amount of ['₱1,234.00', '₱1,398.00', '₱2,632.00', '₱50.00', '₱268.20', '₱2,950.20']) {
      expect(mail!.html).toContain(amount);
    }
  });

  it('writes no mail for an order refused for want of stock, bad input or a changed price', async () => {
    const soldOut = await insertTrackedTee(ctx.t, { 'Navy S': 1 });
    const before = await countRows(ctx.t, 'outbox');
    const refused = [
      orderBodyFor(customer, [orderLineFor(soldOut, { size: 'M' })]),
      orderBodyFor(customer, [orderLineFor(tee, { quantity: 0 })]),
      orderBodyFor(customer, [orderLineFor(tee, { price: '650.00' })]),
    ];
    const statuses = [];
    for (const body of refused) statuses.push((await placeOrder(ctx.t, customer, body)).statusCode);
    expect(statuses).toEqual([409, 400, 409]);
    expect(await countRows(ctx.t, 'outbox')).toBe(before);
  });

  it('stores no order whose mail cannot be written: both are in one transaction', async () => {
    const db = ctx.t.database.db;
    await db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'no mail today'; end $$`);
    await db.execute(
      sql`create trigger refuse_mail before insert on outbox for each row execute function refuse_mail()`,
    );
    try {
      const orders = await countRows(ctx.t, 'orders');
      const response = await placeOrder(ctx.t, customer, orderBodyFor(customer, [orderLineFor(tee)]));
      expect(response.statusCode).toBe(500);
      expect(await countRows(ctx.t, 'orders')).toBe(orders);
    } finally {
      await db.execute(sql`drop trigger refuse_mail on outbox`);
      await db.execute(sql`drop function refuse_mail()`);
    }
  });

  describe('status updates', () => {
    let order: OrderJson;

    beforeAll(async () => {
      order = await placeOrderOk(ctx.t, customer, [
        orderLineFor(shirt, { size: 'M' }),
        orderLineFor(tee, { size: 'L' }),
        orderLineFor(tee, { size: 'S' }),
      ]);
    });

    it('writes one mail for the lines shipped together, and none when the same update comes again', async () => {
      const before = await countRows(ctx.t, 'outbox');
      expect((await update(order._id, ['toReceive', 'toReceive', 'toPay'])).statusCode).toBe(200);
      expect((await update(order._id, ['toReceive', 'toReceive', 'toPay'])).statusCode).toBe(200);
      const rows = await since(ctx.t, before);
      expect(rows.map((r) => [r.kind, r.recipient, r.subject])).toEqual([
        ['item-shipped', customer.email, 'Shipped: Linen Shirt and 1 more'],
      ]);
      expect(rows[0]!.text).toContain('Good news: these items of your order #');
      expect(rows[0]!.text).toContain('- Linen Shirt\n');
      expect(rows[0]!.text).toContain('Size: L · Qty: 1');
      expect(rows[0]!.text).not.toContain('Size: S');
    });

    it('writes one mail per status reached in one update: delivered and cancelled', async () => {
      const before = await countRows(ctx.t, 'outbox');
      expect((await update(order._id, ['delivered', 'toReceive', 'cancelled'])).statusCode).toBe(200);
      const rows = await since(ctx.t, before);
      expect(rows.map((r) => [r.kind, r.subject]).sort()).toEqual([
        ['item-cancelled', 'Cancelled: Cotton Tee'],
        ['item-delivered', 'Delivered: Linen Shirt'],
      ]);
      const cancelled = rows.find((r) => r.kind === 'item-cancelled')!;
      expect(cancelled.text).toContain('was cancelled and will not be delivered');
      expect(cancelled.text).toContain('Size: S · Qty: 1\n  1 × ₱699.00 = ₱699.00');
    });

    it('writes nothing for a move back to toPay', async () => {
      const before = await countRows(ctx.t, 'outbox');
      expect((await update(order._id, ['delivered', 'toPay', 'cancelled'])).statusCode).toBe(200);
      expect(await countRows(ctx.t, 'outbox')).toBe(before);
    });

    it('writes nothing for a refused update', async () => {
      const stock = await insertTrackedTee(ctx.t, { 'Navy M': 1 });
      const placed = await placeOrderOk(ctx.t, customer, [orderLineFor(stock, { size: 'M' })]);
      expect((await update(placed._id, ['cancelled'])).statusCode).toBe(200);
      // Someone else takes the last one; restoring the line now is refused.
      await placeOrderOk(ctx.t, customer, [orderLineFor(stock, { size: 'M' })]);
      const before = await countRows(ctx.t, 'outbox');
      expect((await update(placed._id, ['toReceive'])).statusCode).toBe(409);
      expect(await countRows(ctx.t, 'outbox')).toBe(before);
    });

    it('writes nothing to a customer whose account is gone', async () => {
      const leaving = await signUpCustomer(ctx.t);
      const placed = await placeOrderOk(ctx.t, leaving, [orderLineFor(tee)]);
      await ctx.t.database.db.execute(sql`delete from customers where id = ${leaving.id}`);
      const before = await countRows(ctx.t, 'outbox');
      expect((await update(placed._id, ['toReceive'])).statusCode).toBe(200);
      expect(await countRows(ctx.t, 'outbox')).toBe(before);
    });
  });
});
