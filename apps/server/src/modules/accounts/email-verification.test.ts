import { createHash } from 'node:crypto';
import { EMAIL_MESSAGES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  freezeThrottleClock,
  insertProduct,
  multipartBody,
  orderBodyFor,
  orderLineFor,
  placeOrder,
  queryRows,
  type SignedIn,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';

/**
 * A customer's address is theirs once they follow a link mailed to it: at sign-up, asked again,
 * or for a new address on the profile (which changes only then). What belongs to an address (a
 * newsletter welcome code, the subscription in the data download) waits for it, so signing up
 * with someone else's address gets nothing of theirs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const app = () => t;

let clients = 0;
const newClient = () => {
  clients += 1;
  return `10.91.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
};

const post = (url: string, payload?: object, cookie?: string) =>
  app().request({ method: 'POST', url, ...(payload ? { payload } : {}), cookie, remoteAddress: newClient() });
const follow = (token: string) => post('/api/users/verify-email', { token });
const current = async (cookie: string) =>
  (await app().request({ method: 'GET', url: '/api/users/current', cookie })).json();
const patchEmail = (user: SignedIn, email: string) =>
  multipartBody({ name: user.name, email, contactNumber: '+639171234567' }).then((form) =>
    app().request({ method: 'PATCH', url: `/api/users/${user.id}`, cookie: user.cookie, ...form }),
  );

interface Mail {
  id: string;
  kind: string;
  subject: string;
  text: string;
}
const mailsTo = (recipient: string) =>
  queryRows<Mail>(
    app(),
    sql`select id, kind, subject, text from outbox where recipient = ${recipient} order by created_at, id`,
  );
/** The token of the newest verification link mailed to an address. */
async function tokenMailedTo(email: string) {
  const links = (await mailsTo(email)).filter((m) => m.kind === 'email-verify' || m.kind === 'email-change');
  const token = /\/verify-email\?token=([\w-]{43})$/m.exec(links.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  return token;
}

/** A subscriber with no account: confirmed, with the welcome code bound to the address. */
async function subscriber(email: string) {
  expect((await post('/api/newsletter/subscribe', { email })).statusCode).toBe(202);
  const confirm = (await mailsTo(email)).find((m) => m.kind === 'newsletter-confirm')!;
  const token = /newsletter\/confirm\?token=([\w-]{43})/.exec(confirm.text)![1];
  const confirmed = await post('/api/newsletter/confirm', { token });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().code as string;
}

describe('verifying the address at sign-up', () => {
  it('mails a 24-hour link at sign-up; following it verifies the address, and following it again answers the same', async () => {
    const shopper = await signUpCustomer(app(), {}, { verified: false });
    const email = shopper.email.toLowerCase();
    expect(await current(shopper.cookie)).toMatchObject({ email, emailVerified: false });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'email-verify', subject: 'Verify your email address for Habi' });
    expect(mail!.text).toContain('The link works for 24 hours.');
    const token = await tokenMailedTo(email);
    // Only the token's hash is kept.
    const stored = await queryRows<{ token_hash: string; purpose: string }>(
      app(),
      sql`select token_hash, purpose from email_verifications where email = ${email}`,
    );
    expect(stored).toEqual([
      { token_hash: createHash('sha256').update(token).digest('hex'), purpose: 'verify' },
    ]);

    const followed = await follow(token);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toEqual({ message: EMAIL_MESSAGES.verified, email });
    expect(await current(shopper.cookie)).toMatchObject({ emailVerified: true });
    // A reload of the page that followed it: the same answer, nothing more written.
    expect((await follow(token)).json()).toEqual({ message: EMAIL_MESSAGES.verified, email });
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['email-verify']);
  });

  it('refuses a tampered, malformed, replaced or expired link in words that say what to do', async () => {
    const clock = freezeThrottleClock();
    const shopper = await signUpCustomer(app(), {}, { verified: false });
    const email = shopper.email.toLowerCase();
    const first = await tokenMailedTo(email);
    const tampered = `${first.slice(0, -1)}${first.endsWith('A') ? 'B' : 'A'}`;
    expect((await follow(tampered)).json()).toEqual({ message: EMAIL_MESSAGES.badLink });
    const malformed = await follow('not-a-token');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ token: EMAIL_MESSAGES.badLink });

    // A new link replaces the first.
    const resent = await post('/api/users/me/verify-email', undefined, shopper.cookie);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json()).toEqual({ message: EMAIL_MESSAGES.linkSent(email) });
    const second = await tokenMailedTo(email);
    expect(second).not.toBe(first);
    expect((await follow(first)).statusCode).toBe(404);

    clock.advance(24 * 3_600_000);
    const late = await follow(second);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: EMAIL_MESSAGES.badLink });
    expect(await current(shopper.cookie)).toMatchObject({ emailVerified: false });
  });

  it('sends a new link at most three times an hour per account, and not once verified', async () => {
    const shopper = await signUpCustomer(app(), {}, { verified: false });
    const resend = () => post('/api/users/me/verify-email', undefined, shopper.cookie);
    for (let i = 0; i < 3; i += 1) expect((await resend()).statusCode).toBe(202);
    const fourth = await resend();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
    expect(
      (await mailsTo(shopper.email.toLowerCase())).filter((m) => m.kind === 'email-verify'),
    ).toHaveLength(4);

    const verified = await signUpCustomer(app());
    const already = await post('/api/users/me/verify-email', undefined, verified.cookie);
    expect(already.statusCode).toBe(200);
    expect(already.json()).toEqual({ message: EMAIL_MESSAGES.alreadyVerified });
    expect((await post('/api/users/me/verify-email')).statusCode).toBe(401);
  });
});

describe('changing the address', () => {
  it('changes it only when the link mailed to the new address is followed, and tells the old one', async () => {
    const shopper = await signUpCustomer(app());
    const old = shopper.email.toLowerCase();
    const wanted = `moved-${Date.now()}@example.com`;
    const asked = await patchEmail(shopper, wanted.toUpperCase());
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ email: old, pendingEmail: wanted });
    expect(await current(shopper.cookie)).toMatchObject({ email: old, emailVerified: true });
    const [link] = await mailsTo(wanted);
    expect(link).toMatchObject({ kind: 'email-change', subject: 'Confirm your new email address for Habi' });

    const followed = await follow(await tokenMailedTo(wanted));
    expect(followed.json()).toEqual({ message: EMAIL_MESSAGES.changed(wanted), email: wanted });
    expect(await current(shopper.cookie)).toMatchObject({ email: wanted, emailVerified: true });
    const told = (await mailsTo(old)).find((m) => m.kind === 'email-changed');
    expect(told?.subject).toBe('Your Habi email address was changed');
    expect(told?.text).toContain(`changed to ${wanted}`);
  });

  it('answers the same for a registered address, mails it nothing, and throttles changes per account', async () => {
    const shopper = await signUpCustomer(app());
    const other = await signUpCustomer(app());
    const taken = await patchEmail(shopper, other.email);
    const free = await patchEmail(shopper, `free-${Date.now()}@example.com`);
    expect(taken.statusCode).toBe(200);
    expect({ ...taken.json(), pendingEmail: 'x' }).toEqual({ ...free.json(), pendingEmail: 'x' });
    expect((await mailsTo(other.email.toLowerCase())).filter((m) => m.kind === 'email-change')).toEqual([]);
    // Each asks for a mail: the third change in an hour passes, the fourth waits.
    expect((await patchEmail(shopper, `third-${Date.now()}@example.com`)).statusCode).toBe(200);
    const fourth = await patchEmail(shopper, `fourth-${Date.now()}@example.com`);
    expect(fourth.statusCode).toBe(429);
    // Saving the profile without a new address is never throttled by it.
    expect((await patchEmail(shopper, shopper.email)).statusCode).toBe(200);
  });

  it('refuses a link whose address another account took meanwhile; of two racing, one wins', async () => {
    const first = await signUpCustomer(app());
    const second = await signUpCustomer(app());
    const wanted = `contested-${Date.now()}@example.com`;
    await patchEmail(first, wanted);
    const firstToken = await tokenMailedTo(wanted);
    await patchEmail(second, wanted);
    const secondToken = await tokenMailedTo(wanted);
    const answers = await Promise.all([follow(firstToken), follow(secondToken)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect([EMAIL_MESSAGES.taken, 'This email is already registered']).toContain(loser.json().message);
    const owners = await queryRows<{ id: string }>(
      app(),
      sql`select id from customers where email = ${wanted}`,
    );
    expect(owners).toHaveLength(1);
  });
});

describe("a subscriber's welcome code", () => {
  it('is not given to an account that signs up with the address without proving it', async () => {
    const victim = `subscriber-${Date.now()}@example.com`;
    const code = await subscriber(victim);
    const attacker = await signUpCustomer(app(), { email: victim }, { verified: false });

    // The data download says nothing of the address's subscription.
    const data = await app().request({ method: 'GET', url: '/api/users/me/export', cookie: attacker.cookie });
    expect(data.json().newsletter).toBeNull();
    // The code (were it known) is refused, at the check and at checkout.
    const check = await post(
      '/api/discounts/check',
      { discountCode: code, subtotal: '1000.00' },
      attacker.cookie,
    );
    expect(check.statusCode).toBe(422);
    expect(check.json().message).toBe(EMAIL_MESSAGES.verifyForCode);
    const product = await insertProduct(app());
    const order = await placeOrder(
      app(),
      attacker,
      orderBodyFor(attacker, [orderLineFor(product)], { discountCode: code }),
    );
    expect(order.statusCode).toBe(422);
    expect(order.json().message).toBe(EMAIL_MESSAGES.verifyForCode);
    // Erasing the account leaves the subscriber's subscription and code as they were.
    const erased = await app().request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: attacker.cookie,
      payload: { password: 'secret123' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await queryRows<{ status: string; active: boolean; uses: number }>(
      app(),
      sql`select s.status, c.active, c.uses from subscribers s join discount_codes c on c.id = s.welcome_code_id
          where s.email = ${victim}`,
    );
    expect(row).toEqual({ status: 'subscribed', active: true, uses: 0 });
  });

  it('is the account’s once the address is verified', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const code = await subscriber(email);
    const owner = await signUpCustomer(app(), { email }, { verified: false });
    await follow(await tokenMailedTo(email));
    const check = await post(
      '/api/discounts/check',
      { discountCode: code, subtotal: '1000.00' },
      owner.cookie,
    );
    expect(check.statusCode, check.body).toBe(200);
    const data = await app().request({ method: 'GET', url: '/api/users/me/export', cookie: owner.cookie });
    expect(data.json().newsletter).toMatchObject({ email, status: 'subscribed' });
  });
});
