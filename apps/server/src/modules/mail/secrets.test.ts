import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';
import { claimDue, enqueueMail, markFailed, SECRET_MASK } from './outbox.ts';

/**
 * A mail's links carry live tokens (a password reset's, a newsletter confirmation's, an
 * unsubscribe link's). The mail that reaches the recipient has them; the outbox keeps them only
 * until the mail has gone, and the back office never shows them: anyone reading the outbox (a
 * member of staff, a backup) could otherwise use them, which the hashes their tables keep are
 * there to prevent.
 */

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
beforeAll(async () => {
  // No SMTP_URL: mail is written to DATA_DIR/mail, the recipient's side read here.
  dataDir = await mkdtemp(path.join(tmpdir(), 'habi-secrets-'));
  t = await buildTestApp({ DATA_DIR: dataDir });
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Stored {
  id: string;
  status: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  secrets: string[];
}

const storedTo = (recipient: string, kind: string) =>
  queryRows<Stored>(
    t,
    sql`select id, status, html, text, headers, secrets from outbox where recipient = ${recipient} and kind = ${kind}`,
  );

/** The mails delivered to an address, as its mailbox has them. */
async function delivered(recipient: string) {
  const dir = path.join(dataDir, 'mail');
  const mails = await Promise.all(
    (await readdir(dir)).map(async (name) => simpleParser(await readFile(path.join(dir, name)))),
  );
  return mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === recipient);
}

const adminView = async (id: string) =>
  (await t.request({ method: 'GET', url: `/api/admin/emails/${id}`, cookie: admin.cookie })).json() as {
    html: string;
    text: string;
  };

describe('tokens in mail', () => {
  it('a reset link works from the mailbox, while the back office and the sent record never hold it', async () => {
    const shopper = await signUpCustomer(t);
    const asked = await t.request({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { email: shopper.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [waiting] = await storedTo(shopper.email, 'password-reset');
    const token = /reset-password\?token=([\w-]{43})/.exec(waiting!.text)?.[1];
    expect(token).toBeDefined();
    expect(waiting!.secrets).toEqual([token]);

    // Waiting to go, the back office shows the mail without the token.
    const before = await adminView(waiting!.id);
    expect(before.text).toContain(`reset-password?token=${SECRET_MASK}`);
    expect(`${before.html}${before.text}`).not.toContain(token);

    await t.app.mail.runOnce();
    const [mailbox] = await delivered(shopper.email);
    expect(mailbox?.text).toContain(`reset-password?token=${token}`);
    const [sent] = await storedTo(shopper.email, 'password-reset');
    expect(sent!.status).toBe('sent');
    expect(sent!.secrets).toEqual([]);
    expect(`${sent!.html}${sent!.text}`).not.toContain(token);
    expect(sent!.html).toContain(`reset-password?token=${SECRET_MASK}`);

    // The link the shopper got still works.
    const reset = await t.request({
      method: 'POST',
      url: '/api/users/reset-password',
      payload: { token, password: 'a-fresh-passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('masks the confirmation and unsubscribe tokens of a newsletter mail, headers included', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const asked = await t.request({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
    expect(asked.statusCode).toBe(202);
    const [waiting] = await storedTo(email, 'newsletter-confirm');
    const confirm = /newsletter\/confirm\?token=([\w-]{43})/.exec(waiting!.text)?.[1];
    const unsubscribe = /newsletter\/unsubscribe\?token=([\w-]{43})/.exec(waiting!.text)?.[1];
    expect(confirm && unsubscribe).toBeTruthy();
    expect(waiting!.headers['List-Unsubscribe']).toContain(unsubscribe);

    await t.app.mail.runOnce();
    const [mailbox] = await delivered(email);
    expect(mailbox?.text).toContain(confirm);
    const listUnsubscribe = mailbox?.headerLines.find((header) => header.key === 'list-unsubscribe');
    expect(listUnsubscribe?.line).toContain(unsubscribe);
    const [sent] = await storedTo(email, 'newsletter-confirm');
    const everything = JSON.stringify(sent);
    expect(everything).not.toContain(confirm);
    expect(everything).not.toContain(unsubscribe);
    expect(sent!.headers['List-Unsubscribe']).toContain(`token=${SECRET_MASK}`);
    expect(sent!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('masks a mail that gave up too, and leaves one without tokens as it was', async () => {
    const secret = 'Zq3-tokentokentoken_0123456789';
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: 'nobody@example.com',
      subject: 'A link',
      html: `<a href="https://shop.example/x?token=${secret}">x</a>`,
      text: `https://shop.example/x?token=${secret}`,
      secrets: [secret],
    });
    await enqueueMail(t.database.db, {
      kind: 'test',
      recipient: 'nobody@example.com',
      subject: 'No link',
      html: '<p>Plain [hidden] words</p>',
      text: 'Plain words',
    });
    const claimed = await claimDue(t.database.db, { limit: 10, leaseMs: 60_000 });
    for (const row of claimed) expect(await markFailed(t.database.db, row, 'refused', 1)).toBe('failed');
    const rows = await storedTo('nobody@example.com', 'test');
    const linked = rows.find((row) => row.text.includes('shop.example'));
    expect(linked).toMatchObject({
      status: 'failed',
      text: `https://shop.example/x?token=${SECRET_MASK}`,
      html: `<a href="https://shop.example/x?token=${SECRET_MASK}">x</a>`,
      secrets: [],
    });
    expect(rows.find((row) => row.text === 'Plain words')).toMatchObject({
      status: 'failed',
      html: '<p>Plain [hidden] words</p>',
    });
  });

  it('refuses a secret that is not a plain token (it is matched as a pattern)', async () => {
    await expect(
      enqueueMail(t.database.db, {
        kind: 'test',
        recipient: 'nobody@example.com',
        subject: 'x',
        html: 'x',
        text: 'x',
        secrets: ['a.*|b'],
      }),
    ).rejects.toThrow('base64url token');
  });
});
