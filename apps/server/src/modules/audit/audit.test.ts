import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  buildTestApp,
  editProductOk,
  insertProduct,
  ORDER_ADDRESS,
  orderLineFor,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';
import { PERSONAL_DATA } from './redact.ts';

interface Row {
  admin_id: string | null;
  admin_username: string;
  client: string;
  entity: string;
  entity_id: string | null;
  action: string;
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

let t: TestApp;
let admin: SignedIn;

const rows = () => queryRows<Row>(t, sql`select * from audit_log order by at, id`);
/** The rows written by `act`, which must succeed or fail as it says. */
async function written(act: () => Promise<unknown>): Promise<Row[]> {
  const [{ n }] = (await queryRows<{ n: number }>(t, sql`select count(*)::int as n from audit_log`)) as [
    { n: number },
  ];
  await act();
  return (await rows()).slice(n);
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

describe('the audit log', () => {
  it('keeps a product edit once, with only the fields that changed, who and from where', async () => {
    const product = await insertProduct(t, { price: '699.00' });
    const [row, ...more] = await written(() => editProductOk(t, admin, product.id, product.name, '749.50'));
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      admin_id: admin.id,
      admin_username: ADMIN.username,
      entity: 'product',
      entity_id: product.id,
      action: 'edit',
    });
    expect(row!.changes).toEqual({ before: { price: '699.00' }, after: { price: '749.50' } });
    // A keyed hash of the address, never the address.
    expect(row!.client).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(await rows())).not.toContain('127.0.0.1');
  });

  it("keeps an order's item statuses and a discount code's change, a shopper's address masked", async () => {
    const shopper = await signUpCustomer(t);
    const product = await insertProduct(t);
    const order = await placeOrderOk(t, shopper, [orderLineFor(product)]);
    const [status] = await written(async () => {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/orders/statusUpdate/${order._id}`,
        cookie: admin.cookie,
        payload: { updatedStatus: ['toReceive'] },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(status).toMatchObject({ entity: 'order', entity_id: order._id, action: 'status' });
    expect(status!.changes.before).toMatchObject({ itemStatuses: ['toPay'] });
    expect(status!.changes.after).toMatchObject({ itemStatuses: ['toReceive'] });

    const created = await t.request({
      method: 'POST',
      url: '/api/admin/discounts',
      cookie: admin.cookie,
      payload: { code: 'AUDIT15', kind: 'percent', value: '15', email: shopper.email },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().discount._id;
    const [edit] = await written(async () => {
      const response = await t.request({
        method: 'PATCH',
        url: `/api/admin/discounts/${id}`,
        cookie: admin.cookie,
        payload: { value: '20' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(edit).toMatchObject({ entity: 'discount', entity_id: id, action: 'edit' });
    expect(edit!.changes.before).toMatchObject({ value: '15.00' });
    expect(edit!.changes.after).toMatchObject({ value: '20.00' });
    const log = JSON.stringify(await rows());
    expect(log).toContain(PERSONAL_DATA);
    expect(log).not.toContain(shopper.email);
    expect(log).not.toContain(ORDER_ADDRESS);
  });

  it('tells clients apart by a hash of their address', async () => {
    const product = await insertProduct(t);
    const from = (remoteAddress: string) =>
      written(async () => {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/product/stock/${product.id}`,
          cookie: admin.cookie,
          payload: { trackStock: true },
          remoteAddress,
        });
        expect(response.statusCode, response.body).toBe(200);
      });
    const [first] = await from('203.0.113.7');
    const [second] = await from('198.51.100.20');
    expect(first!.client).not.toBe(second!.client);
    expect(JSON.stringify([first, second])).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  it('writes nothing for a refused write', async () => {
    const none = await written(async () => {
      const response = await t.request({
        method: 'DELETE',
        url: '/api/product/delete/00000000-0000-4000-8000-000000000000',
        cookie: admin.cookie,
      });
      expect(response.statusCode).toBe(404);
    });
    expect(none).toEqual([]);
  });

  it('rolls the change back with its audit row: neither is kept without the other', async () => {
    const product = await insertProduct(t, { price: '699.00' });
    // The audit row cannot be written: the edit must not be kept either.
    await t.database.db.execute(
      sql.raw(
        `alter table audit_log add constraint audit_test_refuses check (entity <> 'product') not valid`,
      ),
    );
    try {
      const none = await written(async () => {
        const response = await t.request({
          method: 'PATCH',
          url: `/api/product/edit/${product.id}`,
          cookie: admin.cookie,
          payload: {
            updatedName: product.name,
            updatedDescription: 'A soft cotton tee.',
            updatedPrice: '999.00',
            updatedCategory: 'Men',
            updatedSubcategory: 'Tops',
            updatedSizes: product.sizes,
          },
        });
        expect(response.statusCode).toBe(500);
      });
      expect(none).toEqual([]);
    } finally {
      await t.database.db.execute(sql.raw('alter table audit_log drop constraint audit_test_refuses'));
    }
    const [kept] = await queryRows<{ price: string }>(
      t,
      sql`select price from products where id = ${product.id}`,
    );
    expect(kept!.price).toBe('699.00');
  });

  it('refuses to change or remove its rows, on the database itself', async () => {
    expect((await rows()).length).toBeGreaterThan(0);
    const refused = { cause: { message: expect.stringMatching(/append-only/) } };
    await expect(t.database.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toMatchObject(
      refused,
    );
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toMatchObject(refused);
  });

  it('keeps sign-ins, refused sign-ins and sign-outs', async () => {
    const signIn = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/sign-in',
        payload: { username: ADMIN.username, password },
      });
    const got = await written(async () => {
      expect((await signIn('wrong-password-1')).statusCode).toBe(401);
      const other = await t.request({
        method: 'POST',
        url: '/api/admin/sign-in',
        payload: { username: 'nobody-here', password: 'wrong-password-2' },
      });
      expect(other.statusCode).toBe(401);
      const ok = await signIn(ADMIN.password);
      expect(ok.statusCode).toBe(200);
      const session = ok.cookies.find((c) => c.name === 'admin_sid')!;
      const out = await t.request({
        method: 'POST',
        url: '/api/admin/sign-out',
        cookie: `admin_sid=${session.value}`,
      });
      expect(out.statusCode).toBe(200);
    });
    expect(got.map((r) => [r.action, r.admin_username, r.admin_id])).toEqual([
      ['sign-in-failed', ADMIN.username, admin.id],
      ['sign-in-failed', '[unknown]', null],
      ['sign-in', ADMIN.username, admin.id],
      ['sign-out', ADMIN.username, admin.id],
    ]);
    expect(JSON.stringify(got)).not.toMatch(/wrong-password|nobody-here/);
  });

  it('is listed newest first, filtered, and exported as a formula-safe CSV with a BOM', async () => {
    const product = await insertProduct(t, { price: '699.00' });
    await editProductOk(t, admin, product.id, '=HYPERLINK("x")', '650.00');
    const page = await t.request({
      method: 'GET',
      url: `/api/admin/audit?entity=product&q=${product.id}&limit=5`,
      cookie: admin.cookie,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-total-count']).toBe('1');
    expect(page.json()).toEqual([
      expect.objectContaining({
        admin: ADMIN.username,
        entity: 'product',
        entityId: product.id,
        action: 'edit',
        before: expect.objectContaining({ price: '699.00' }),
        after: expect.objectContaining({ price: '650.00', name: '=HYPERLINK("x")' }),
      }),
    ]);
    const none = await t.request({
      method: 'GET',
      url: `/api/admin/audit?entity=product&q=${product.id}&to=2001-01-01`,
      cookie: admin.cookie,
    });
    expect(none.json()).toEqual([]);
    const facets = await t.request({ method: 'GET', url: '/api/admin/audit/facets', cookie: admin.cookie });
    expect(facets.json().entities).toContain('product');
    const csv = await t.request({
      method: 'GET',
      url: `/api/admin/audit/export?q=${product.id}&from=2001-01-01`,
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`audit-log-`);
    expect(
      csv.body.startsWith('\uFEFF"When","Admin","Client","Entity","Id","Action","Before","After"\r\n'),
    ).toBe(true);
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"product","${product.id}","edit"`);

    // A username a spreadsheet would run as a formula is written with an apostrophe before it.
    const formula = { username: '=SUM(1,2)', email: 'formula@example.com', password: 'formula-secret-1' };
    await signInAdmin(t, formula);
    const signIns = await t.request({
      method: 'GET',
      url: `/api/admin/audit/export?admin=${encodeURIComponent(formula.username)}`,
      cookie: admin.cookie,
    });
    const [, signIn, ...more] = signIns.body.trimEnd().split('\r\n');
    expect(more).toEqual([]);
    expect(signIn).toMatch(/^"[^"]+","'=SUM\(1,2\)","[0-9a-f]{32}","admin-session","","sign-in","",""$/);
  });

  it('never keeps a password, its hash or a session token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/me/password',
      cookie: admin.cookie,
      payload: { currentPassword: ADMIN.password, password: 'Brand-new-secret-42' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [hash] = await queryRows<{ password_hash: string }>(t, sql`select password_hash from admins`);
    const tokens = await queryRows<{ token_hash: string }>(t, sql`select token_hash from sessions`);
    const log = JSON.stringify(await rows());
    expect(log).toContain('password-change');
    for (const secret of [
      ADMIN.password,
      'Brand-new-secret-42',
      hash!.password_hash,
      admin.cookie.split('=')[1]!,
    ]) {
      expect(log).not.toContain(secret);
    }
    for (const { token_hash } of tokens) expect(log).not.toContain(token_hash);
    expect(log).not.toMatch(/password_?hash|token/i);
  });
});
