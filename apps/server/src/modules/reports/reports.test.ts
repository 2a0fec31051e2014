import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  type ProductRow,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';
import { ORDERS_HEADER, PAYMENTS_HEADER, SALES_HEADER, STOCK_HEADER } from './reports.service.ts';

/** RFC 4180 records of a CSV body (quoted cells, "" for a quote, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    expect(text[i]).toBe('"');
    let cell = '';
    i += 1;
    for (;;) {
      const quote = text.indexOf('"', i);
      cell += text.slice(i, quote);
      i = quote + 1;
      if (text[i] === '"') {
        cell += '"';
        i += 1;
      } else break;
    }
    record.push(cell);
    if (text[i] === ',') i += 1;
    else {
      expect(text.slice(i, i + 2)).toBe('\r\n');
      i += 2;
      records.push(record);
      record = [];
    }
  }
  return records;
}

describe('GET /api/admin/reports/*', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let tee: ProductRow;
  let orderId: string;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    tee = await insertProduct(ctx.t, {
      name: 'Tee, "Classic"\nNavy',
      price: '100.00',
      sizes: ['S', 'M'],
      variations: [],
    });
    await ctx.t.database.db.execute(sql`update products set track_stock = true where id = ${tee.id}`);
    await ctx.t.database.db.execute(sql`
      insert into product_stock (product_id, variation, size, quantity, sku)
      values (${tee.id}, '', 'S', 0, 'TEE-S'), (${tee.id}, '', 'M', 7, 'TEE-M')`);
    // A customer name a spreadsheet would run as a formula, placed at 23:30 on 1 October in Manila.
    const result = await ctx.t.database.db.execute(sql`
      insert into orders (customer_name, shipping_address, payment_method, status, subtotal, shipping_fee, tax, total,
                          created_at, payment_status)
      values ('=HYPERLINK("http://evil")', '@1 Rizal Ave', 'transfer', 'pending', 300.00, 50.00, 35.00, 385.00,
              '2026-10-01T15:30:00Z', 'partiallyRefunded')
      returning id`);
    orderId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    await ctx.t.database.db.execute(sql`
      insert into order_items (order_id, position, product_id, name, image_url, price, size, quantity, delivery_fee,
                               delivery_date, status)
      values (${orderId}, 0, ${tee.id}, 'Tee Navy', '/x.webp', 100.00, 'M', 2, 50.00, '2026-10-10', 'delivered'),
             (${orderId}, 1, ${tee.id}, 'Tee Navy', '/x.webp', 100.00, 'S', 1, 0, '2026-10-10', 'cancelled')`);
    await ctx.t.database.db.execute(sql`
      insert into payments (order_id, kind, amount, method, reference, recorded_by, created_at)
      values (${orderId}, 'payment', 385.00, 'transfer', 'GC-1', 'admin:admin', '2026-10-01T16:00:00Z'),
             (${orderId}, 'refund', 110.00, 'transfer', '-REF', 'admin:admin', '2026-10-02T01:00:00Z')`);
    // 1,050 more orders of one line each on 2 October (Manila), to read across pages.
    await ctx.t.database.db.execute(sql`
      with placed as (
        insert into orders (customer_name, shipping_address, payment_method, status, subtotal, shipping_fee, tax,
                            total, created_at)
        select 'Shopper ' || g, 'Manila', 'cod', 'pending', 100.00, 0, 10.00, 110.00,
               timestamptz '2026-10-02T01:00:00Z' + g * interval '1 second'
        from generate_series(1, 1050) g
        returning id
      )
      insert into order_items (order_id, position, product_id, name, image_url, price, quantity, delivery_fee,
                               delivery_date, status)
      select id, 0, ${tee.id}, 'Tee Navy', '/x.webp', 100.00, 1, 0, '2026-10-10', 'toPay' from placed`);
  });

  const get = (url: string, cookie = admin.cookie) =>
    ctx.t.request({ method: 'GET', url: `/api/admin/reports/${url}`, cookie });

  function csvOf(response: Awaited<ReturnType<typeof get>>) {
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    return parseCsv(response.rawPayload.subarray(3).toString('utf8'));
  }

  it('downloads the orders of a period with their lines, formula-safe and quoted', async () => {
    const response = await get('orders?from=2026-10-01&to=2026-10-01');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="habi-orders-2026-10-01-to-2026-10-01.csv"',
    );
    const [header, ...records] = csvOf(response);
    expect(header).toEqual(ORDERS_HEADER);
    expect(records).toHaveLength(2);
    const row = Object.fromEntries(header!.map((name, i) => [name, records[0]![i]]));
    expect(row).toMatchObject({
      'Order ID': orderId,
      'Placed (Manila)': '2026-10-01 23:30',
      Customer: `'=HYPERLINK("http://evil")`,
      'Shipping address': "'@1 Rizal Ave",
      'Payment method': 'Transfer',
      'Payment status': 'Partially refunded',
      Line: '1',
      Size: 'M',
      Quantity: '2',
      'Unit price': '100.00',
      'Line items': '200.00',
      'Line delivery fee': '50.00',
      'Line status': 'delivered',
      Total: '385.00',
      Paid: '385.00',
      Refunded: '110.00',
    });
    expect(records[1]![header!.indexOf('Line status')]).toBe('cancelled');
  });

  it('reads every order of a long period once, page after page', async () => {
    const [, ...records] = csvOf(await get('orders?from=2026-10-01&to=2026-10-31'));
    expect(records).toHaveLength(2 + 1050);
    const ids = records.map((record) => record[1]);
    expect(new Set(ids).size).toBe(1 + 1050);
  });

  it('downloads the ledger of a period, refunds as recorded', async () => {
    const [header, ...records] = csvOf(await get('payments?from=2026-10-01&to=2026-10-02'));
    expect(header).toEqual(PAYMENTS_HEADER);
    expect(records.map((r) => [r[0], r[3], r[5], r[6]])).toEqual([
      ['2026-10-02 00:00', 'payment', '385.00', 'GC-1'],
      ['2026-10-02 09:00', 'refund', '110.00', "'-REF"],
    ]);
  });

  it('adds up sales by product, cancelled lines aside', async () => {
    const [header, ...records] = csvOf(await get('sales-by-product?from=2026-10-01&to=2026-10-31'));
    expect(header).toEqual(SALES_HEADER);
    expect(records).toEqual([[tee.id, 'Tee, "Classic"\nNavy', 'Men', 'Tops', '1051', '1052', '105200.00']]);
  });

  it('downloads the stock of every variation and size', async () => {
    const response = await get('stock');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="habi-stock-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...records] = csvOf(response);
    expect(header).toEqual(STOCK_HEADER);
    expect(records.map((r) => [r[5], r[6], r[7], r[8]])).toEqual([
      ['M', '7', 'TEE-M', ''],
      ['S', '0', 'TEE-S', ''],
    ]);
  });

  it('is for admins only, and refuses periods it cannot read', async () => {
    const shopper = await signUpCustomer(ctx.t);
    expect((await get('orders?from=2026-10-01&to=2026-10-01', shopper.cookie)).statusCode).toBe(401);
    expect((await get('stock', '')).statusCode).toBe(401);
    for (const url of [
      'orders',
      'payments?from=2026-10-02&to=2026-10-01',
      'sales-by-product?from=x&to=y',
      'stock?x=1',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
  });
});
