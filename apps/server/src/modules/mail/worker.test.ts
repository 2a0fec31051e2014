import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import {
  buildTestApp,
  insertProduct,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  type SignedIn,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.ts';
import { claimDue, enqueueMail } from './outbox.ts';
import { smtpTransport } from './transports.ts';
import { createMailWorker, describeError, LEASE_MS, type MailWorkerOptions } from './worker.ts';

interface StoredMail {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  /** Seconds from the database's now to the next attempt. */
  due_in: number;
}

let smtp: TestSmtpServer;
let t: TestApp;
let customer: SignedIn;
let shirt: ProductRow;
let tee: ProductRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'orders@habi.test' });
  customer = await signUpCustomer(t, { name: 'Maria Santos' });
  shirt = await insertProduct(t, {
    name: 'Linen Shirt',
    price: '1234.00',
    variations: [{ name: 'Linen Shirt White', imageUrl: '/uploads/white-800.webp' }],
  });
  tee = await insertProduct(t, {
    name: 'Cotton Tee',
    price: '699.00',
    variations: [{ name: 'Cotton Tee Navy', imageUrl: '/uploads/navy-800.webp' }],
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function storedMails(where = sql`true`): Promise<StoredMail[]> {
  const result = await t.database.db.execute(sql`
    select id, status, attempts, last_error, sent_at,
           extract(epoch from next_attempt_at - now())::float8 as due_in
    from outbox where ${where} order by created_at, id`);
  return (result as unknown as { rows: StoredMail[] }).rows;
}

/** Mails of one recipient received so far. */
const receivedBy = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

/** Its backoff over: the clock moving on, as far as the outbox can tell. */
const makeDue = (id: string) =>
  t.database.db.execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);

const workerOptions = (overrides: Partial<MailWorkerOptions> = {}): MailWorkerOptions => ({
  transport: smtpTransport(smtp.url),
  from: { name: 'Habi', address: 'orders@habi.test' },
  log: t.app.log,
  pollMs: 60_000,
  ...overrides,
});

describe('the mail worker over SMTP', () => {
  it('delivers the order confirmation: subject, recipient, lines and amounts in PHP', async () => {
    await placeOrderOk(t, customer, [
      orderLineFor(shirt, { size: 'M' }),
      orderLineFor(tee, { size: 'L', quantity: 2, deliveryOption: { fee: 50 } }),
    ]);
    await t.app.mail.drain();

    const [mail, ...others] = receivedBy(customer.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('Your Habi order is confirmed');
    expect(mail!.envelopeTo).toEqual([customer.email]);
    expect(mail!.to).toMatchObject({ value: [{ address: customer.email }] });
    expect(mail!.from).toMatchObject({ value: [{ name: 'Habi', address: 'orders@habi.test' }] });
    const text = mail!.text ?? '';
    expect(text).toContain('Hi Maria Santos,');
    expect(text).toContain(
      '- Linen Shirt\n  Variation: Linen Shirt White · Size: M · Qty: 1\n  1 × ₱1,234.00 = ₱1,234.00',
    );
    expect(text).toContain(
      '- Cotton Tee\n  Variation: Cotton Tee Navy · Size: L · Qty: 2\n  2 × ₱699.00 = ₱1,398.00',
    );
    expect(text).toContain(
      'Items (3): ₱2,632.00\nShipping & handling: ₱50.00\nTax (10%): ₱268.20\nOrder total: ₱2,950.20',
    );
    const html = String(mail!.html);
    for (const part of [
      'Linen Shirt',
      'Variation: Cotton Tee Navy · Size: L · Qty: 2',
      '₱1,398.00',
      '₱2,950.20',
    ]) {
      expect(html).toContain(part);
    }
    expect(html).not.toMatch(/<img|<link|<script|<style/i);

    const [row] = await storedMails();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row!.sent_at).not.toBeNull();
    expect(mail!.messageId).toBe(`<${row!.id}@habi.test>`);
  });

  it('delivers the newsletter confirmation and welcome code with one-click unsubscribe headers', async () => {
    const email = 'newsletter.smtp@example.com';
    const subscribed = await t.request({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: { email },
    });
    expect(subscribed.statusCode).toBe(202);
    await t.app.mail.drain();
    const [confirmation] = receivedBy(email);
    expect(confirmation!.subject).toBe('Confirm your subscription to Habi');
    const token = /\/newsletter\/confirm\?token=([\w-]{43})/.exec(confirmation!.text ?? '')![1]!;
    const confirmed = await t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
    const { code } = confirmed.json();
    await t.app.mail.drain();

    const [, welcome, ...more] = receivedBy(email);
    expect(more).toHaveLength(0);
    expect(welcome!.subject).toBe('Your 20% off code from Habi');
    expect(welcome!.text).toContain(`Here is your code for 20% off one order:\n\n${code}\n`);
    expect(String(welcome!.html)).toContain(code);
    const [{ unsubscribe_token: unsubscribeToken }] = (
      (await t.database.db.execute(
        sql`select unsubscribe_token from subscribers where email = ${email}`,
      )) as unknown as { rows: { unsubscribe_token: string }[] }
    ).rows as [{ unsubscribe_token: string }];
    for (const mail of [confirmation!, welcome!]) {
      // Unfolded: a long header may go on over several lines.
      const lines = Object.fromEntries(
        mail.headerLines.map((header) => [header.key, header.line.replace(/\r?\n[ \t]+/g, ' ')]),
      );
      expect(lines['list-unsubscribe']).toBe(
        `List-Unsubscribe: <http://localhost:3000/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      );
      expect(lines['list-unsubscribe-post']).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
  });

  it('retries after the server refuses once, once its backoff is over', async () => {
    const shopper = await signUpCustomer(t);
    smtp.refuseNext(1);
    await placeOrderOk(t, shopper, [orderLineFor(tee)]);
    await t.app.mail.drain();
    expect(receivedBy(shopper.email)).toHaveLength(0);
    const [refused] = await storedMails(sql`recipient = ${shopper.email}`);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused!.last_error).toContain('451 Mailbox busy, try again later');
    // The first retry waits 30 s.
    expect(refused!.due_in).toBeGreaterThan(25);
    expect(refused!.due_in).toBeLessThanOrEqual(30);
    expect(await t.app.mail.runOnce()).toBe(0);

    await makeDue(refused!.id);
    expect(await t.app.mail.runOnce()).toBe(1);
    expect(receivedBy(shopper.email).map((m) => m.subject)).toEqual(['Your Habi order is confirmed']);
    expect(await storedMails(sql`recipient = ${shopper.email}`)).toMatchObject([
      { status: 'sent', attempts: 2, last_error: null },
    ]);
  });

  it('gives a mail up after its last attempt, and sends it no more', async () => {
    const address = `given-up-${randomUUID()}@example.com`;
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: address,
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    const worker = createMailWorker(t.database.db, workerOptions({ maxAttempts: 2 }));
    smtp.refuseNext(2);
    await worker.drain();
    const [first] = await storedMails(sql`recipient = ${address}`);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    await makeDue(first!.id);
    await worker.drain();
    expect(await storedMails(sql`recipient = ${address}`)).toMatchObject([{ status: 'failed', attempts: 2 }]);
    await makeDue(first!.id);
    expect(await worker.runOnce()).toBe(0);
    expect(receivedBy(address)).toHaveLength(0);
    await worker.stop();
  });

  it('sends a mail whose sender died mid-send once its lease is over, and not before', async () => {
    const address = `crashed-${randomUUID()}@example.com`;
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: address,
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    // A worker claims it, then its process dies: the claim is never renewed nor settled.
    const claimed = await claimDue(t.database.db, { limit: 100, leaseMs: LEASE_MS });
    expect(claimed.map((row) => row.recipient)).toContain(address);
    await t.app.mail.drain();
    expect(receivedBy(address)).toHaveLength(0);
    const [leased] = await storedMails(sql`recipient = ${address}`);
    expect(leased).toMatchObject({ status: 'pending', attempts: 1 });
    expect(leased!.due_in).toBeGreaterThan(LEASE_MS / 1000 - 10);
    expect(leased!.due_in).toBeLessThanOrEqual(LEASE_MS / 1000);

    await makeDue(leased!.id);
    await t.app.mail.drain();
    expect(receivedBy(address)).toHaveLength(1);
    expect(await storedMails(sql`recipient = ${address}`)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('sends each mail exactly once with two workers on one database', async () => {
    const batch = `race-${randomUUID()}`;
    const addresses = Array.from({ length: 40 }, (_, i) => `${batch}-${i}@example.com`);
    for (const address of addresses) {
      await enqueueMail(t.database.db, {
        kind: 'test',
        recipient: address,
        subject: `Hello ${address}`,
        html: '<p>Hi</p>',
        text: 'Hi',
      });
    }
    // On PostgreSQL the second worker is another instance's: a pool of its own.
    const url = process.env.DATABASE_URL;
    const other: Database | undefined = url ? await openDatabase({ databaseUrl: url }) : undefined;
    try {
      const one = createMailWorker(t.database.db, workerOptions({ batchSize: 3 }));
      const two = createMailWorker((other ?? t.database).db, workerOptions({ batchSize: 3 }));
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
      await Promise.all([one.stop(), two.stop()]);
    } finally {
      await other?.close();
    }
    const received = smtp.received.filter((m) => m.envelopeTo[0]?.startsWith(batch));
    expect(received.map((m) => m.envelopeTo[0]).sort()).toEqual([...addresses].sort());
    const rows = await storedMails(sql`recipient like ${`${batch}-%`}`);
    expect(rows).toHaveLength(40);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('polls once started, and stops without sending more', async () => {
    const worker = createMailWorker(t.database.db, workerOptions({ pollMs: 20 }));
    worker.start();
    const address = `polled-${randomUUID()}@example.com`;
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: address,
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await vi.waitFor(() => expect(receivedBy(address)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    await worker.stop();

    const later = `after-stop-${randomUUID()}@example.com`;
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: later,
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    expect(await worker.runOnce()).toBe(0);
    expect(await storedMails(sql`recipient = ${later}`)).toMatchObject([{ status: 'pending', attempts: 0 }]);
    await t.app.mail.drain();
  });
});

describe('describeError', () => {
  it('keeps the first line and the code, without a connection URL credentials', () => {
    const error = Object.assign(
      new Error('Connection to smtp://shop:s3cret@mail.example.com failed\nstack'),
      {
        code: 'ECONNECTION',
      },
    );
    expect(describeError(error)).toBe('ECONNECTION: Connection to smtp://mail.example.com failed');
    expect(describeError('x'.repeat(1000))).toHaveLength(300);
  });
});
