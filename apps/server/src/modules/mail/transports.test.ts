import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  orderLineFor,
  placeOrderOk,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';
import { fileTransport } from './transports.ts';

describe('without SMTP_URL, mail is written as .eml files under DATA_DIR/mail', () => {
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'habi-data-'));
    t = await buildTestApp({ DATA_DIR: dataDir, STORE_NAME: 'Tindahan' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes a parseable message for the order confirmation and marks it sent', async () => {
    const customer = await signUpCustomer(t, { name: 'Jose Rizal' });
    const tote = await insertProduct(t, { name: 'Canvas Tote', price: '450.00', sizes: [], variations: [] });
    await placeOrderOk(t, customer, [orderLineFor(tote, { quantity: 3, deliveryOption: { fee: 100 } })]);
    await t.app.mail.drain();

    const rows = (
      (await t.database.db.execute(sql`select id, status from outbox`)) as unknown as {
        rows: { id: string; status: string }[];
      }
    ).rows;
    expect(rows).toEqual([{ id: expect.any(String), status: 'sent' }]);
    expect(await readdir(path.join(dataDir, 'mail'))).toEqual([`${rows[0]!.id}.eml`]);

    const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', `${rows[0]!.id}.eml`)));
    expect(mail.subject).toBe('Your Tindahan order is confirmed');
    expect(mail.to).toMatchObject({ value: [{ address: customer.email }] });
    expect(mail.from).toMatchObject({ value: [{ name: 'Tindahan', address: 'no-reply@localhost' }] });
    expect(mail.text).toContain('Hi Jose Rizal,');
    expect(mail.text).toContain(
      '- Canvas Tote\n  Qty: 3\n  3 × ₱450.00 = ₱1,350.00\n  Delivery: ₱100.00, arriving ',
    );
    expect(mail.text).toContain(
      'Items (3): ₱1,350.00\nShipping & handling: ₱100.00\nTax (10%): ₱145.00\nOrder total: ₱1,595.00',
    );
    expect(String(mail.html)).toContain('₱1,595.00');
  });
});

describe('fileTransport', () => {
  it('writes a mail sent again over its first file, never beside it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'habi-mail-'));
    try {
      const transport = fileTransport(path.join(dir, 'mail'));
      const mail = {
        id: '3b241101-e2bb-4255-8caf-4136c566a962',
        from: { name: 'Habi', address: 'shop@habi.test' },
        to: 'maria@example.com',
        subject: 'Hello <there>',
        html: '<p>Hi</p>',
        text: 'Hi',
        headers: { 'List-Unsubscribe': '<https://habi.test/unsubscribe?t=1>' },
      };
      await transport.send(mail);
      await transport.send(mail);
      expect(await readdir(path.join(dir, 'mail'))).toEqual([`${mail.id}.eml`]);
      const parsed = await simpleParser(await readFile(path.join(dir, 'mail', `${mail.id}.eml`)));
      expect(parsed.subject).toBe('Hello <there>');
      expect(parsed.messageId).toBe(`<${mail.id}@habi.test>`);
      expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
        'List-Unsubscribe: <https://habi.test/unsubscribe?t=1>',
      );
      transport.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
