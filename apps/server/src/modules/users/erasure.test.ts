import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DISCOUNT_MESSAGES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  multipartBody,
  orderBodyFor,
  orderLineFor,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';

/**
 * What erasing an account leaves behind, looked for everywhere: every table the database has
 * (read from its catalogue, so a table added later is searched too) and every mail written to
 * DATA_DIR/mail. What may stay is only what the Privacy page says stays (apps/web/src/features/
 * info/routes/privacy-page.tsx): the orders, with the name and delivery address they were placed
 * with, and copies of the mail already sent. Everything else holding the person's email, name,
 * contact number or address fails the test.
 */

interface Person {
  name: string;
  email: string;
  contactNumber: string;
  address: string;
  password: string;
}

// Values no other test uses, so whatever the search finds is theirs.
const ERASES_THEMSELF: Person = {
  name: 'Zephyrine Quillfeather',
  email: 'zephyrine.quillfeather.k7@example.com',
  contactNumber: '+639178642097',
  address: '88 Xylophone Erasure Lane, Barangay Quintessa, Cebu City 6000',
  password: 'erase-me-please',
};
const ERASED_BY_ADMIN: Person = {
  name: 'Bartolome Vexhollow',
  email: 'bartolome.vexhollow.q2@example.com',
  contactNumber: '+639275519384',
  address: '31 Wyvernwood Street, Purok Zaldivar, Davao City 8000',
  password: 'admin-removes-me',
};

/**
 * Mails sent before the accounts were erased. Their files in DATA_DIR/mail stand for the
 * recipients' mailboxes (no SMTP server is set): delivered mail is the recipient's, not the
 * store's. The outbox keeps only a record that they went, without the address or the body.
 */
const sentBefore = new Set<string>();

/** Where each may stay, as the Privacy page says. */
const ALLOWED: Record<string, (column: string, row: Record<string, unknown>) => boolean> = {
  /** "Your orders": kept as the shop's records, with the name and delivery address on them. */
  orders: (column) => column === 'customer_name' || column === 'shipping_address',
};

const needlesOf = (person: Person) => [person.email, person.name, person.contactNumber, person.address];

interface Finding {
  where: string;
  value: string;
  allowed: boolean;
}

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
beforeAll(async () => {
  // Mail is written to DATA_DIR/mail (no SMTP_URL), where this test reads it.
  dataDir = await mkdtemp(path.join(tmpdir(), 'habi-erasure-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ipOf = (n: number) => `10.66.0.${n}`;

/** Everything a shopper does that the store writes down, from sign-up to a mail still waiting. */
async function liveALife(person: Person, n: number) {
  const from = { remoteAddress: ipOf(n) };
  await signUpCustomer(t, {
    name: person.name,
    email: person.email,
    contactNumber: person.contactNumber,
    password: person.password,
  });
  // A mistyped password, then the right one: throttling keeps rows keyed by the email.
  const signIn = (password: string) =>
    t.request({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { email: person.email, password },
      ...from,
    });
  expect((await signIn('not-my-password')).statusCode).toBe(401);
  const signedIn = await signIn(person.password);
  expect(signedIn.statusCode).toBe(200);
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const me = (await t.request({ method: 'GET', url: '/api/users/current', cookie })).json();
  const customer: SignedIn = { id: me._id, cookie, name: person.name, email: person.email };

  const picture = await multipartBody(
    { name: person.name, email: person.email, contactNumber: person.contactNumber },
    [['imageUrl', await testPng(n === 1 ? '#5a2d82' : '#2d825a'), 'me.png']],
  );
  const profile = await t.request({ method: 'PATCH', url: `/api/users/${customer.id}`, cookie, ...picture });
  expect(profile.statusCode, profile.body).toBe(200);
  const added = await t.request({
    method: 'POST',
    url: `/api/users/addAddress/${customer.id}`,
    cookie,
    payload: { newAddress: person.address },
  });
  expect(added.statusCode, added.body).toBe(200);

  // The newsletter, confirmed: a welcome code bound to the email, and two mails.
  const subscribed = await t.request({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: person.email },
    ...from,
  });
  expect(subscribed.statusCode).toBe(202);
  const [confirmMail] = await queryRows<{ text: string }>(
    t,
    sql`select text from outbox where recipient = ${person.email} and kind = 'newsletter-confirm'`,
  );
  const token = /newsletter\/confirm\?token=([\w-]{43})/.exec(confirmMail!.text)![1];
  const confirmed = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  // An order to the address, and its mail.
  const product = await insertProduct(t);
  const order = await placeOrderOk(
    t,
    customer,
    orderBodyFor(customer, [orderLineFor(product)], { address: person.address }),
  );
  return { customer, orderId: order._id };
}

/** The order ships: its mail waits in the outbox. */
async function ship(person: Person, { customer, orderId }: Awaited<ReturnType<typeof liveALife>>) {
  const shipped = await t.request({
    method: 'PATCH',
    url: `/api/orders/statusUpdate/${orderId}`,
    cookie: admin.cookie,
    payload: { updatedStatus: ['toReceive'], userId: customer.id },
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const waiting = await queryRows<{ kind: string }>(
    t,
    sql`select kind from outbox where recipient = ${person.email} and status = 'pending'`,
  );
  expect(waiting).toEqual([{ kind: 'item-shipped' }]);
}

/** Every base table of the database, from its catalogue. */
async function allTables() {
  return queryRows<{ schema: string; name: string }>(
    t,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
}

/** Each column of each row, in any table, that holds one of the values (in any case). */
async function findInDatabase(values: string[]): Promise<Finding[]> {
  const patterns = values.map((v) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const findings: Finding[] = [];
  const tables = await allTables();
  expect(tables.map((table) => table.name)).toEqual(
    expect.arrayContaining(['customers', 'orders', 'outbox']),
  );
  for (const table of tables) {
    const name = sql.raw(`"${table.schema}"."${table.name}"`);
    const rows = await queryRows<{ row: Record<string, unknown> }>(
      t,
      sql`select to_jsonb(x) as row from ${name} x
          where x::text ilike any(array[${sql.join(
            patterns.map((p) => sql`${p}`),
            sql`, `,
          )}]::text[])`,
    );
    for (const { row } of rows) {
      for (const [column, cell] of Object.entries(row)) {
        const text = JSON.stringify(cell).toLowerCase();
        for (const value of values.filter((v) => text.includes(v.toLowerCase()))) {
          const rule = ALLOWED[table.name];
          findings.push({
            where: `${table.schema}.${table.name}.${column}`,
            value,
            allowed: table.schema === 'public' && rule !== undefined && rule(column, row),
          });
        }
      }
    }
  }
  return findings;
}

/** Each mail file in DATA_DIR/mail that holds one of the values, decoded as a mail program would. */
async function findInMailFiles(values: string[]): Promise<Finding[]> {
  const dir = path.join(dataDir, 'mail');
  const findings: Finding[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.eml'))) {
    const raw = await readFile(path.join(dir, file));
    const mail = await simpleParser(raw);
    const text = [raw.toString('utf8'), mail.subject, mail.text, mail.html, JSON.stringify(mail.to)]
      .join('\n')
      .toLowerCase();
    for (const value of values.filter((v) => text.includes(v.toLowerCase()))) {
      findings.push({ where: `mail/${file}`, value, allowed: sentBefore.has(file.replace(/\.eml$/, '')) });
    }
  }
  return findings;
}

describe('erasing an account', () => {
  it('is described by the Privacy page as the allow-list below has it', async () => {
    const page = await readFile(
      new URL('../../../../web/src/features/info/routes/privacy-page.tsx', import.meta.url),
      'utf8',
    );
    const text = page.replace(/\s+/g, ' ');
    expect(text).toContain('Your orders, with the name and delivery address they were placed with');
    expect(text).toContain(
      'A record of the emails we had already sent you (what kind, the subject and when)',
    );
    expect(text).toContain('without your address or what they said');
    expect(text).toContain('emails not yet sent are withdrawn and never sent');
    expect(text).toContain('we keep only a fingerprint of the address');
  });

  it('leaves the erased person only where the Privacy page says: orders, and mail already sent', async () => {
    const selfLife = await liveALife(ERASES_THEMSELF, 1);
    const otherLife = await liveALife(ERASED_BY_ADMIN, 2);
    // The mail so far goes out; the shipping mails are still waiting when the accounts go.
    expect(await t.app.mail.runOnce()).toBe(6);
    await ship(ERASES_THEMSELF, selfLife);
    await ship(ERASED_BY_ADMIN, otherLife);
    const self = selfLife.customer;
    const other = otherLife.customer;
    const sent = await queryRows<{ id: string }>(t, sql`select id from outbox where status = 'sent'`);
    for (const { id } of sent) sentBefore.add(id);

    // A wrong password first: the confirmation is throttled per account too.
    const wrong = await t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: self.cookie,
      payload: { password: 'guessing-wrong' },
    });
    expect(wrong.statusCode).toBe(403);
    const erased = await t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: self.cookie,
      payload: { password: ERASES_THEMSELF.password },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/users/delete/${other.id}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // Mail withdrawn by the erasure is never sent.
    await t.app.mail.runOnce();

    const values = [...needlesOf(ERASES_THEMSELF), ...needlesOf(ERASED_BY_ADMIN)];
    const findings = [...(await findInDatabase(values)), ...(await findInMailFiles(values))];

    expect(findings.filter((f) => !f.allowed)).toEqual([]);
    // What the page says stays is there, so the search did find the person where they are.
    for (const person of [ERASES_THEMSELF, ERASED_BY_ADMIN]) {
      const at = (value: string) => new Set(findings.filter((f) => f.value === value).map((f) => f.where));
      expect([...at(person.name)]).toEqual(expect.arrayContaining(['public.orders.customer_name']));
      expect([...at(person.address)]).toEqual(expect.arrayContaining(['public.orders.shipping_address']));
      expect([...at(person.email)].some((where) => where.startsWith('mail/'))).toBe(true);
      expect([...at(person.contactNumber)]).toEqual([]);
    }
    // No mail to them is waiting: the shipping mails were withdrawn, not sent. What went is a
    // record without the address or the body.
    const kept = await queryRows<{
      id: string;
      kind: string;
      status: string;
      recipient: string;
      text: string;
    }>(
      t,
      sql`select id, kind, status, recipient, text from outbox where id in (${sql.join(
        [...sentBefore].map((id) => sql`${id}`),
        sql`, `,
      )}) order by kind`,
    );
    expect(kept.map((row) => row.kind)).toEqual(
      ['newsletter-confirm', 'newsletter-welcome', 'order-placed'].flatMap((kind) => [kind, kind]),
    );
    for (const row of kept) {
      expect(row).toMatchObject({ status: 'sent', recipient: 'erased' });
      expect(row.text).toBe('Removed when the recipient’s account was erased.');
    }
    const shipping = await queryRows<{ kind: string }>(
      t,
      sql`select kind from outbox where kind = 'item-shipped'`,
    );
    expect(shipping).toEqual([]);
  });

  it('withdraws the welcome code: a new account with the same email cannot use it', async () => {
    const [code] = await queryRows<{ code: string; active: boolean; email: string | null; uses: number }>(
      t,
      sql`select c.code, c.active, c.email, c.uses from discount_codes c
          join subscribers s on s.welcome_code_id = c.id order by c.created_at limit 1`,
    );
    expect(code).toMatchObject({ active: false, email: null, uses: 0 });
    const again = await signUpCustomer(t, { email: ERASES_THEMSELF.email, password: 'back-again-1' });
    const check = await t.request({
      method: 'POST',
      url: '/api/discounts/check',
      cookie: again.cookie,
      payload: { discountCode: code!.code, subtotal: '699.00' },
    });
    expect(check.statusCode).toBe(422);
    expect(check.json().errors.discountCode).toBe(DISCOUNT_MESSAGES.unusable);
  });
});
