import { csvRowProblems, orderReference, type ShipmentCsvRow } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/csv-parse.ts';
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

describe('shipping by CSV', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let shirt: ProductRow;
  let tee: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t, { name: 'Ana Reyes' });
    shirt = await insertProduct(ctx.t, { name: 'Barong Shirt' });
    tee = await insertProduct(ctx.t, { name: 'Pocket Tee' });
  });

  const placeTwoLines = () => placeOrderOk(ctx.t, shopper, [orderLineFor(shirt), orderLineFor(tee)]);
  const ref = (order: OrderJson) => orderReference(order._id);
  const check = (csv: string, cookie = admin.cookie) =>
    ctx.t.request({ method: 'POST', url: '/api/shipments/csv/check', cookie, payload: { csv } });
  const apply = (csv: string, rows: number[]) =>
    ctx.t.request({
      method: 'POST',
      url: '/api/shipments/csv',
      cookie: admin.cookie,
      payload: { csv, rows },
    });
  const problems = (rows: ShipmentCsvRow[]) => rows.flatMap(csvRowProblems);
  const shippedMails = () =>
    queryRows<{ subject: string; text: string }>(
      ctx.t,
      sql`select subject, text from outbox where kind = 'shipment-shipped' order by created_at`,
    );

  it('ships the good rows of a 3-row file after a dry run that names the bad one', async () => {
    const [first, second, third] = [await placeTwoLines(), await placeTwoLines(), await placeTwoLines()];
    // J&T's export: its own header names and column order, a BOM, CRLF, quoted cells.
    const csv =
      '\uFEFF"Waybill No.",Order No.,"Courier, name",Remarks\r\n' +
      `760012345601,${ref(first)},J&T Express,"fragile, ""handle"" with care"\r\n` +
      `12345,${ref(second)},J&T,\r\n` +
      `"JT0012345678903",${first._id.slice(0, 8)},jnt,\r\n` +
      `"NV-PH-88812",${ref(third)},Ninja Van,\r\n`;
    const outboxBefore = await countRows(ctx.t, 'outbox');
    const dry = await check(csv);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json();
    expect(report.message).toBe('2 rows ready to ship, 2 rows refused');
    expect(problems(report.rows)).toEqual([
      'row 3: tracking number “12345” does not look like a J&T Express number (12 digits, or JT and 13 digits)',
      `row 4: order ${first._id.slice(0, 8)} is also on row 2`,
    ]);
    expect(report.rows[0]).toMatchObject({
      row: 2,
      orderId: first._id,
      courier: 'jnt',
      lines: 2,
      errors: [],
    });
    expect(report.rows[3]).toMatchObject({ row: 5, courier: 'ninjavan', trackingNumber: 'NV-PH-88812' });
    expect(report.shipments).toEqual([]);
    // The dry run changed nothing.
    expect(await countRows(ctx.t, 'shipments')).toBe(0);
    expect(await countRows(ctx.t, 'outbox')).toBe(outboxBefore);

    const shipped = await apply(csv, [2, 5]);
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json().message).toBe(`Shipped 2 orders: ${ref(first)}, ${ref(third)}`);
    expect(shipped.json().shipments).toHaveLength(2);
    const read = async (order: OrderJson) =>
      (await ctx.t.request({ method: 'GET', url: `/api/orders/${order._id}`, cookie: admin.cookie })).json();
    const firstRead = await read(first);
    expect(firstRead.products.map((p: { productStatus: string }) => p.productStatus)).toEqual([
      'toReceive',
      'toReceive',
    ]);
    expect(firstRead.shipments).toEqual([
      expect.objectContaining({
        courier: 'jnt',
        trackingNumber: '760012345601',
        lines: first.products.map((p) => p._id),
      }),
    ]);
    expect((await read(second)).shipments).toBeUndefined();
    expect((await read(third)).shipments[0]).toMatchObject({
      courier: 'ninjavan',
      trackingNumber: 'NV-PH-88812',
    });
    // One "on its way" mail per shipment.
    const mails = await shippedMails();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('760012345601');

    // The same file again: both orders have nothing left to ship.
    const again = (await check(csv)).json();
    expect(problems(again.rows)).toContain('row 2: the order has no items left to ship');
    expect(problems(again.rows)).toContain('row 5: the order has no items left to ship');
  });

  it('refuses unknown orders, unknown couriers, formulas and missing cells, in the shop’s words', async () => {
    const order = await placeTwoLines();
    const csv = [
      'order,courier,tracking,shipped on',
      '#0000ABCD,LBC,LBC-0001',
      `${ref(order)},DHL,12345678`,
      `=cmd|' /C calc'!A0,LBC,LBC-0002`,
      `${ref(order)},LBC,@SUM(1+1)`,
      `1234,LBC,-0003`,
      `${ref(order)},,`,
      `${ref(order)},Flash Express,FE0001,2099-01-01`,
      `${ref(order)},2GO,2GO0001,31/31/2026`,
      '',
      `  ,+LBC,LBC-0009`,
    ].join('\n');
    const response = await check(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(problems(response.json().rows)).toEqual([
      'row 2: order #0000ABCD was not found',
      'row 3: unknown courier “DHL”: use J&T Express, LBC, Ninja Van, Flash Express, 2GO, JRS Express',
      "row 4: the order number “=cmd|' /C calc'!A0” starts like a spreadsheet formula: remove the leading “=”",
      'row 5: the tracking number “@SUM(1+1)” starts like a spreadsheet formula: remove the leading “@”',
      `row 5: order ${ref(order)} is also on row 3`,
      'row 6: the tracking number “-0003” starts like a spreadsheet formula: remove the leading “-”',
      'row 6: “1234” is not an order number like #9843F462',
      'row 7: enter the courier',
      'row 7: enter the tracking number',
      `row 7: order ${ref(order)} is also on row 3`,
      'row 8: the date shipped 2099-01-01 is after today',
      `row 8: order ${ref(order)} is also on row 3`,
      'row 9: the date shipped “31/31/2026” is not a date like 2026-11-27',
      `row 9: order ${ref(order)} is also on row 3`,
      'row 11: the courier “+LBC” starts like a spreadsheet formula: remove the leading “+”',
      'row 11: enter the order number',
    ]);
    // Nothing ready: shipping the refused rows is refused, and nothing is written.
    const shipments = await countRows(ctx.t, 'shipments');
    const refused = await apply(csv, [3]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'The file no longer checks as it did: check it again before shipping',
    });
    expect(await countRows(ctx.t, 'shipments')).toBe(shipments);
  });

  it('names a tab or carriage return leading a cell, which spreadsheets also read as a formula', async () => {
    const order = await placeTwoLines();
    const response = await check(`order,courier,tracking\n${ref(order)},LBC,"\tLBC-2001"\n`);
    expect(problems(response.json().rows)).toEqual([
      'row 2: the tracking number “LBC-2001” starts like a spreadsheet formula: remove the leading tab or carriage return',
    ]);
  });

  it('ships nothing when the file checks differently than its dry run did', async () => {
    const [one, two] = [await placeTwoLines(), await placeTwoLines()];
    const csv = `order,courier,tracking\n${ref(one)},LBC,LBC-1001\n${ref(two)},LBC,LBC-1002\n`;
    expect((await check(csv)).json().message).toBe('2 rows ready to ship, 0 rows refused');
    // Meanwhile someone ships the second order from its page.
    const direct = await ctx.t.request({
      method: 'POST',
      url: '/api/shipments',
      cookie: admin.cookie,
      payload: {
        orderId: two._id,
        lines: two.products.map((p) => p._id),
        courier: 'lbc',
        trackingNumber: 'LBC-9999',
        shippedOn: '2026-11-27',
      },
    });
    expect(direct.statusCode, direct.body).toBe(201);
    const shipments = await countRows(ctx.t, 'shipments');
    const outbox = await countRows(ctx.t, 'outbox');
    const response = await apply(csv, [2, 3]);
    expect(response.statusCode).toBe(409);
    expect(await countRows(ctx.t, 'shipments')).toBe(shipments);
    expect(await countRows(ctx.t, 'outbox')).toBe(outbox);
    // The first order was not shipped either: nothing half-applied.
    const read = await ctx.t.request({ method: 'GET', url: `/api/orders/${one._id}`, cookie: admin.cookie });
    expect(read.json().shipments).toBeUndefined();
  });

  it('ships only the lines not shipped yet, and none cancelled', async () => {
    const order = await placeTwoLines();
    await ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled', 'toPay'] },
    });
    const csv = `Tracking Number;Courier;Order ID\nJRS-555;JRS Express;${order._id}\n`;
    const dry = (await check(csv)).json();
    expect(dry.rows[0]).toMatchObject({ lines: 1, errors: [] });
    const shipped = await apply(csv, [2]);
    expect(shipped.statusCode, shipped.body).toBe(201);
    expect(shipped.json().shipments[0].lines).toEqual([order.products[1]!._id]);
  });

  it('refuses files it cannot read, with what is wrong', async () => {
    const cases: [string, number, string][] = [
      [
        'courier,tracking\nLBC,LBC-1\n',
        400,
        'The file needs a column for the order number, the courier and the tracking number; no column reads as the order number (its first row has “courier”, “tracking”)',
      ],
      [
        'order,courier,tracking,waybill\n',
        400,
        'Two columns could be the tracking number (“tracking” and “waybill”): keep one',
      ],
      ['order,courier,tracking\n', 400, 'The file has no rows under its header'],
      [
        'order,courier,tracking\n"#1234ABCD,LBC,LBC-1\n',
        400,
        'A quoted cell that opens on row 2 is never closed',
      ],
      [
        `order,courier,tracking\n${'#1234ABCD,LBC,LBC-1\n'.repeat(501)}`,
        400,
        'The file has 501 rows; upload at most 500 at a time',
      ],
      [
        `order,courier,tracking\n${'ñ'.repeat(140_000)}\n`,
        413,
        'The file is larger than 256 KB: split it into files of at most 500 rows',
      ],
    ];
    for (const [csv, status, message] of cases) {
      const response = await check(csv);
      expect(response.statusCode, csv.slice(0, 60)).toBe(status);
      expect(response.json().message).toBe(message);
    }
  });

  it('is for admins only', async () => {
    const csv = 'order,courier,tracking\n#1234ABCD,LBC,LBC-1\n';
    expect((await check(csv, shopper.cookie)).statusCode).toBe(401);
    expect(
      (await ctx.t.request({ method: 'POST', url: '/api/shipments/csv/check', payload: { csv } })).statusCode,
    ).toBe(401);
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with delimiters, line breaks and quotes, numbering rows as a spreadsheet does', () => {
    expect(parseCsv('\uFEFFa,b\r\n"1,2","say ""hi""\nthere"\r\n\r\n3,4')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1,2', 'say "hi"\nthere'] },
      { row: 4, cells: ['3', '4'] },
    ]);
    expect(parseCsv('a\tb\n1\t2\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', '2'] },
    ]);
  });
});
