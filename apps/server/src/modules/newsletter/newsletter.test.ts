import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  countRows,
  freezeThrottleClock,
  insertProduct,
  orderBodyFor,
  orderLineFor,
  placeOrder,
  queryRows,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';
import { addressHash } from './newsletter.service.ts';

interface MailRow {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The newsletter mails written to an address, oldest first. */
const mailsTo = (t: TestApp, recipient: string) =>
  queryRows<MailRow>(
    t,
    sql`select kind, recipient, subject, text, html, headers from outbox
        where recipient = ${recipient} and kind like 'newsletter-%' order by created_at`,
  );

const subscriberRow = async (t: TestApp, email: string) =>
  (
    await queryRows<{ status: string; email: string; unsubscribe_token: string }>(
      t,
      sql`select status, email, unsubscribe_token from subscribers where email = ${email}`,
    )
  )[0];

/** The token of the link in a mail's text part. */
function tokenIn(mail: MailRow, page: 'confirm' | 'unsubscribe'): string {
  const found = new RegExp(`/newsletter/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!found) throw new Error(`no ${page} link in: ${mail.text}`);
  return found[1]!;
}

let clients = 0;
/** Each subscription from a client address of its own, so the per-client limit stays out of the way. */
const subscribe = (t: TestApp, email: string, remoteAddress = `10.251.0.${(clients++ % 250) + 1}`) =>
  t.request({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email }, remoteAddress });
const confirm = (t: TestApp, token: string) =>
  t.request({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } });
const unsubscribe = (
  t: TestApp,
  token: string,
  options: { headers?: Record<string, string>; payload?: string } = {},
) => t.request({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${token}`, ...options });

/** Subscribes and confirms from the mailed link; returns the confirmation's answer. */
async function subscribeAndConfirm(t: TestApp, email: string) {
  expect((await subscribe(t, email)).statusCode).toBe(202);
  const mails = await mailsTo(t, email.toLowerCase());
  const confirmation = mails.filter((m) => m.kind === 'newsletter-confirm').at(-1)!;
  const answer = await confirm(t, tokenIn(confirmation, 'confirm'));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { message: string; email: string; code: string; codeUsed: boolean };
}

const statusTally = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((tally, a) => {
    tally[a.statusCode] = (tally[a.statusCode] ?? 0) + 1;
    return tally;
  }, {});

describe('newsletter: double opt-in and the welcome code', () => {
  const ctx = useTestApp();

  it('stores the address in lower case and mails a confirmation link with one-click unsubscribe headers', async () => {
    const answer = await subscribe(ctx.t, '  Ana.Reyes@Example.COM ');
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({
      message: 'Almost there! Check your inbox and confirm your subscription.',
    });
    expect(await subscriberRow(ctx.t, 'ana.reyes@example.com')).toMatchObject({ status: 'pending' });

    const [mail, ...more] = await mailsTo(ctx.t, 'ana.reyes@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'newsletter-confirm', subject: 'Confirm your subscription to Habi' });
    expect(mail!.text).toMatch(
      /^Confirm: http:\/\/localhost:3000\/newsletter\/confirm\?token=[A-Za-z0-9_-]{43}$/m,
    );
    const { unsubscribe_token: unsubscribeToken } = (await subscriberRow(ctx.t, 'ana.reyes@example.com'))!;
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.html).toContain(
      `href="http://localhost:3000/newsletter/unsubscribe?token=${unsubscribeToken}"`,
    );
    // No code before the address is confirmed.
    expect(await countRows(ctx.t, 'discount_codes')).toBe(0);
  });

  it('answers the same for an address entered again, in any case, without mailing it again within minutes', async () => {
    expect((await subscribe(ctx.t, 'pending.twice@example.com')).statusCode).toBe(202);
    const again = await subscribe(ctx.t, 'PENDING.twice@example.com');
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({
      message: 'Almost there! Check your inbox and confirm your subscription.',
    });
    expect(await mailsTo(ctx.t, 'pending.twice@example.com')).toHaveLength(1);
    expect(
      await queryRows(ctx.t, sql`select 1 from subscribers where email = 'pending.twice@example.com'`),
    ).toHaveLength(1);
  });

  it('mails again once the last confirmation is ten minutes old, and only the newest link works', async () => {
    const email = 'resent@example.com';
    await subscribe(ctx.t, email);
    const [first] = await mailsTo(ctx.t, email);
    await ctx.t.database.db.execute(
      sql`update subscribers set confirm_sent_at = now() - interval '11 minutes' where email = ${email}`,
    );
    await subscribe(ctx.t, email);
    const mails = await mailsTo(ctx.t, email);
    expect(mails).toHaveLength(2);
    expect((await confirm(ctx.t, tokenIn(first!, 'confirm'))).statusCode).toBe(404);
    expect((await confirm(ctx.t, tokenIn(mails[1]!, 'confirm'))).statusCode).toBe(200);
  });

  it('confirms with a one-time 20% code bound to the address, mails it once, and answers a reload the same', async () => {
    const email = 'maria.santos@example.com';
    const confirmed = await subscribeAndConfirm(ctx.t, email);
    expect(confirmed).toEqual({
      message: 'You are subscribed.',
      email,
      code: expect.stringMatching(/^WELCOME-[A-HJKMNP-Z2-9]{8}$/),
      codeUsed: false,
    });
    expect(await subscriberRow(ctx.t, email)).toMatchObject({ status: 'subscribed' });
    const [code] = await queryRows(
      ctx.t,
      sql`select code, kind, value::text, total_uses, per_customer_uses, email, active, ends_at
          from discount_codes where email = ${email}`,
    );
    expect(code).toEqual({
      code: confirmed.code,
      kind: 'percent',
      value: '20.00',
      total_uses: 1,
      per_customer_uses: 1,
      email,
      active: true,
      ends_at: null,
    });

    const mails = await mailsTo(ctx.t, email);
    expect(mails.map((m) => m.kind)).toEqual(['newsletter-confirm', 'newsletter-welcome']);
    const welcome = mails[1]!;
    expect(welcome.subject).toBe('Your 20% off code from Habi');
    expect(welcome.text).toContain(confirmed.code);
    expect(welcome.html).toContain(confirmed.code);
    expect(welcome.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(tokenIn(welcome, 'unsubscribe')).toBe(tokenIn(mails[0]!, 'unsubscribe'));

    // The confirmation page reloaded: the same answer, nothing written.
    const reload = await confirm(ctx.t, tokenIn(mails[0]!, 'confirm'));
    expect(reload.json()).toEqual(confirmed);
    expect(await mailsTo(ctx.t, email)).toHaveLength(2);
    // Subscribed already: entering the address again mails nothing.
    expect((await subscribe(ctx.t, email)).statusCode).toBe(202);
    expect(await mailsTo(ctx.t, email)).toHaveLength(2);
  });

  it('gives an address one welcome code ever, across repeated unsubscribe, subscribe and confirm', async () => {
    const email = 'again.and.again@example.com';
    const first = await subscribeAndConfirm(ctx.t, email);
    for (let round = 0; round < 3; round += 1) {
      const { unsubscribe_token: token } = (await subscriberRow(ctx.t, email))!;
      expect((await unsubscribe(ctx.t, token)).statusCode).toBe(200);
      expect(await subscriberRow(ctx.t, email)).toMatchObject({ status: 'unsubscribed' });
      const again = await subscribeAndConfirm(ctx.t, email.toUpperCase());
      expect(again).toEqual({ ...first, codeUsed: false });
    }
    expect(await queryRows(ctx.t, sql`select 1 from discount_codes where email = ${email}`)).toHaveLength(1);
    const kinds = (await mailsTo(ctx.t, email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'newsletter-welcome')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'newsletter-confirm')).toHaveLength(4);
  });

  it('issues one code when the same link is followed many times at once', async () => {
    const email = 'double.click@example.com';
    await subscribe(ctx.t, email);
    const token = tokenIn((await mailsTo(ctx.t, email))[0]!, 'confirm');
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(ctx.t, token)));
    expect(statusTally(answers)).toEqual({ 200: 10 });
    expect(new Set(answers.map((a) => a.json().code)).size).toBe(1);
    expect(await queryRows(ctx.t, sql`select 1 from discount_codes where email = ${email}`)).toHaveLength(1);
    expect((await mailsTo(ctx.t, email)).map((m) => m.kind)).toEqual([
      'newsletter-confirm',
      'newsletter-welcome',
    ]);
  });

  it('makes one row and one mail when an address is entered many times at once', async () => {
    const email = 'many.at.once@example.com';
    const answers = await Promise.all(Array.from({ length: 10 }, () => subscribe(ctx.t, email)));
    expect(statusTally(answers)).toEqual({ 202: 10 });
    expect(await queryRows(ctx.t, sql`select 1 from subscribers where email = ${email}`)).toHaveLength(1);
    expect(await mailsTo(ctx.t, email)).toHaveLength(1);
  });

  it('refuses a broken, unknown, expired or withdrawn link in words that say what to do', async () => {
    const badLink = {
      message: 'This link is not valid or has expired. Subscribe again from the footer to get a new one.',
    };
    const broken = await confirm(ctx.t, 'short');
    expect(broken.statusCode).toBe(400);
    const unknown = await confirm(ctx.t, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(badLink);
    expect((await unsubscribe(ctx.t, 'B'.repeat(43))).json()).toEqual(badLink);

    const email = 'late@example.com';
    await subscribe(ctx.t, email);
    const token = tokenIn((await mailsTo(ctx.t, email))[0]!, 'confirm');
    await ctx.t.database.db.execute(
      sql`update subscribers set confirm_sent_at = now() - interval '8 days' where email = ${email}`,
    );
    expect((await confirm(ctx.t, token)).json()).toEqual(badLink);

    // Unsubscribed before confirming: the old confirmation link no longer subscribes.
    const withdrawn = 'withdrawn@example.com';
    await subscribe(ctx.t, withdrawn);
    const mail = (await mailsTo(ctx.t, withdrawn))[0]!;
    expect((await unsubscribe(ctx.t, tokenIn(mail, 'unsubscribe'))).statusCode).toBe(200);
    expect((await confirm(ctx.t, tokenIn(mail, 'confirm'))).statusCode).toBe(404);
    expect(await subscriberRow(ctx.t, withdrawn)).toMatchObject({ status: 'unsubscribed' });
    expect(await countRows(ctx.t, 'discount_codes')).toBeGreaterThan(0);
    expect(await queryRows(ctx.t, sql`select 1 from discount_codes where email = ${withdrawn}`)).toHaveLength(
      0,
    );
  });

  it("takes a mail client's one-click unsubscribe: a form POST from another site, twice", async () => {
    const email = 'one.click@example.com';
    await subscribeAndConfirm(ctx.t, email);
    const header = (await mailsTo(ctx.t, email))[1]!.headers['List-Unsubscribe']!;
    const url = new URL(header.slice(1, -1));
    const oneClick = {
      method: 'POST' as const,
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.net' },
      payload: 'List-Unsubscribe=One-Click',
    };
    const first = await ctx.t.request(oneClick);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      message: 'You are unsubscribed. You will get no more newsletter mail from us.',
    });
    expect(await subscriberRow(ctx.t, email)).toMatchObject({ status: 'unsubscribed' });
    expect((await ctx.t.request(oneClick)).statusCode).toBe(200);
    // The origin check still guards every other route.
    const crossSite = await ctx.t.request({ ...oneClick, url: '/api/newsletter/subscribe', payload: 'a=1' });
    expect(crossSite.statusCode).toBe(403);
  });

  it('validates the address with the footer form’s rule and refuses extra fields', async () => {
    for (const payload of [
      { email: 'not-an-address' },
      { email: '' },
      {},
      { email: 'a@example.com', admin: true },
    ]) {
      const answer = await ctx.t.request({ method: 'POST', url: '/api/newsletter/subscribe', payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('newsletter: the welcome code at checkout', () => {
  const ctx = useTestApp();

  it('takes 20% off one order of the customer with that address, then is used up and shows as used', async () => {
    const customer = await signUpCustomer(ctx.t, { email: 'welcome.shopper@example.com' });
    const other = await signUpCustomer(ctx.t);
    const shirt = await insertProduct(ctx.t, { price: '1000.00' });
    const confirmed = await subscribeAndConfirm(ctx.t, 'Welcome.Shopper@example.com');
    const cart = [orderLineFor(shirt, { deliveryOption: { fee: 50 } })];

    // Bound to the address: to anyone else the code does not exist.
    const stranger = await placeOrder(
      ctx.t,
      other,
      orderBodyFor(other, cart, { discountCode: confirmed.code, total: '946.00' }),
    );
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({ discountCode: "This code can't be used" });

    // Items 1,000.00 - 200.00 + 50.00 shipping = 850.00; tax 10% = 85.00.
    const placed = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, cart, { discountCode: confirmed.code.toLowerCase(), total: '935.00' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order).toMatchObject({
      subtotal: '1000.00',
      discountCode: confirmed.code,
      discountAmount: '200.00',
      total: '935.00',
    });

    const second = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, cart, { discountCode: confirmed.code, total: '935.00' }),
    );
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ discountCode: "This code can't be used" });

    const mail = (await mailsTo(ctx.t, 'welcome.shopper@example.com'))[0]!;
    expect((await confirm(ctx.t, tokenIn(mail, 'confirm'))).json()).toMatchObject({ codeUsed: true });
  });
});

describe('newsletter: the back office and the customer’s own data', () => {
  const ctx = useTestApp();

  it('lists subscribers with status, dates and code use, filtered and searched, and exports them as CSV', async () => {
    const admin = await signInAdmin(ctx.t);
    await subscribe(ctx.t, 'zed.pending@example.com');
    await subscribeAndConfirm(ctx.t, 'amy.subscribed@example.com');

    const unauthorised = await ctx.t.request({ method: 'GET', url: '/api/admin/subscribers' });
    expect(unauthorised.statusCode).toBe(401);

    const all = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/subscribers?sort=email',
      cookie: admin.cookie,
    });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('2');
    const [amy, zed] = all.json();
    expect(amy).toEqual({
      _id: expect.any(String),
      email: 'amy.subscribed@example.com',
      status: 'subscribed',
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
      unsubscribedAt: null,
      code: expect.stringMatching(/^WELCOME-/),
      codeUsed: false,
    });
    expect(zed).toMatchObject({
      email: 'zed.pending@example.com',
      status: 'pending',
      code: null,
      confirmedAt: null,
    });

    const pending = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/subscribers?status=pending',
      cookie: admin.cookie,
    });
    expect(pending.json().map((s: { email: string }) => s.email)).toEqual(['zed.pending@example.com']);
    const searched = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/subscribers?q=AMY',
      cookie: admin.cookie,
    });
    expect(searched.json().map((s: { email: string }) => s.email)).toEqual(['amy.subscribed@example.com']);

    const csv = await ctx.t.request({
      method: 'GET',
      url: '/api/admin/subscribers/export?sort=email',
      cookie: admin.cookie,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="habi-subscribers.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Email","Status","Subscribed","Confirmed","Unsubscribed","Welcome code","Code used"',
    );
    expect(lines[1]).toBe(
      `"amy.subscribed@example.com","subscribed","${amy.createdAt}","${amy.confirmedAt}","","${amy.code}","no"`,
    );
    expect(lines[2]).toBe(`"zed.pending@example.com","pending","${zed.createdAt}","","","",""`);
    expect(lines.slice(3)).toEqual(['']);
  });

  it("puts the address's subscription in the customer's data download; erasing the account keeps only the address's hash", async () => {
    const admin = await signInAdmin(ctx.t);
    const customer = await signUpCustomer(ctx.t, { email: 'leaving@example.com', password: 'secret123' });
    const confirmed = await subscribeAndConfirm(ctx.t, 'leaving@example.com');
    const subscribersBefore = await countRows(ctx.t, 'subscribers');
    const data = await ctx.t.request({ method: 'GET', url: '/api/users/me/export', cookie: customer.cookie });
    expect(data.json().newsletter).toEqual({
      email: 'leaving@example.com',
      status: 'subscribed',
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
      unsubscribedAt: null,
      code: confirmed.code,
      codeUsed: false,
    });

    const erased = await ctx.t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: customer.cookie,
      payload: { password: 'secret123' },
    });
    expect(erased.statusCode).toBe(200);
    expect(await subscriberRow(ctx.t, 'leaving@example.com')).toBeUndefined();
    const [kept] = await queryRows<Record<string, unknown>>(
      ctx.t,
      sql`select s.email, s.email_hash, s.status, s.confirm_token_hash, c.active, c.email as code_email
          from subscribers s join discount_codes c on c.id = s.welcome_code_id where c.code = ${confirmed.code}`,
    );
    expect(kept).toEqual({
      email: null,
      email_hash: addressHash('Leaving@Example.com'),
      status: 'unsubscribed',
      confirm_token_hash: null,
      active: false,
      code_email: null,
    });
    const list = await ctx.t.request({ method: 'GET', url: '/api/admin/subscribers', cookie: admin.cookie });
    expect(list.json().map((s: { code: string }) => s.code)).not.toContain(confirmed.code);
    // Subscribing again later comes back to the same row and its withdrawn code, never a second one.
    const again = await subscribeAndConfirm(ctx.t, 'leaving@example.com');
    expect(again).toMatchObject({ code: confirmed.code, codeUsed: true });
    expect(await subscriberRow(ctx.t, 'leaving@example.com')).toMatchObject({ status: 'subscribed' });
    expect(await countRows(ctx.t, 'subscribers')).toBe(subscribersBefore);
    expect(await mailsTo(ctx.t, 'leaving@example.com')).toEqual([
      expect.objectContaining({ kind: 'newsletter-confirm' }),
    ]);
  });

  it('erasing an account whose address never confirmed leaves no subscriber row at all', async () => {
    const customer = await signUpCustomer(ctx.t, {
      email: 'pending-leaver@example.com',
      password: 'secret123',
    });
    expect((await subscribe(ctx.t, 'pending-leaver@example.com')).statusCode).toBe(202);
    const subscribersBefore = await countRows(ctx.t, 'subscribers');
    const erased = await ctx.t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: customer.cookie,
      payload: { password: 'secret123' },
    });
    expect(erased.statusCode).toBe(200);
    expect(await countRows(ctx.t, 'subscribers')).toBe(subscribersBefore - 1);
    // Its confirmation mail, not sent yet, is withdrawn.
    expect(await mailsTo(ctx.t, 'pending-leaver@example.com')).toEqual([]);
  });

  it('limits newsletter sign-ups from one client: the eleventh within the hour waits', async () => {
    freezeThrottleClock();
    const from = '10.252.0.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe(ctx.t, `burst${i}@example.com`, from)).statusCode).toBe(202);
    }
    const refused = await subscribe(ctx.t, 'burst10@example.com', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({ message: 'Too many subscribe attempts. Try again in 10 seconds.' });
    expect(await subscriberRow(ctx.t, 'burst10@example.com')).toBeUndefined();
    // Another client is not held back.
    expect((await subscribe(ctx.t, 'burst10@example.com', '10.252.0.2')).statusCode).toBe(202);
  });
});
