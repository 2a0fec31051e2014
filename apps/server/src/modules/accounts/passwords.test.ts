import { createHash } from 'node:crypto';
import { PASSWORD_MESSAGES } from '@habi/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  cookieOf,
  freezeThrottleClock,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  useTestApp,
} from '../../test/helpers.ts';
import { createAdmin } from '../admins/admins.service.ts';
import { createSession } from '../auth/sessions.ts';

let t: TestApp;
let addressCounter = 0;
/** A client address of its own, so throttling never counts two tests together. */
const newAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const post = (url: string, payload: object, extra: { cookie?: string; remoteAddress?: string } = {}) =>
  t.request({ method: 'POST', url, payload, ...extra });

const forgot = (email: string, remoteAddress = newAddress()) =>
  post('/api/users/forgot-password', { email }, { remoteAddress });
const check = (token: string) => post('/api/users/reset-password/check', { token });
const reset = (token: string, password: string, cookie?: string) =>
  post('/api/users/reset-password', { token, password }, cookie ? { cookie } : {});

const signIn = (email: string, password: string, userAgent = 'test') =>
  t.request({
    method: 'POST',
    url: '/api/users/sign-in',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: newAddress(),
  });
/** Who a cookie is signed in as: their email, or null. */
const whoIs = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/users/current', cookie })).json()?.email ?? null;

interface Mail {
  kind: string;
  subject: string;
  text: string;
  html: string;
}
const mailsTo = (recipient: string) =>
  queryRows<Mail>(
    t,
    sql`select kind, subject, text, html from outbox where recipient = ${recipient} order by created_at, id`,
  );
/** The token of the newest reset link mailed to an address. */
async function linkTo(email: string): Promise<string> {
  const mails = (await mailsTo(email.toLowerCase())).filter((m) => m.kind === 'password-reset');
  const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})$/m.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}
const passwordHashOf = async (id: string) =>
  (await queryRows<{ h: string }>(t, sql`select password_hash as h from customers where id = ${id}`))[0]?.h;

describe('accounts', () => {
  const ctx = useTestApp();
  beforeAll(() => {
    t = ctx.t;
  });

  describe('forgotten password', () => {
    it('answers the same, no sooner than the same floor, for an address with an account and one without', async () => {
      const known = await signUpCustomer(t);
      const started = performance.now();
      const a = await forgot(known.email);
      const tookKnown = performance.now() - started;
      const b = await forgot('nobody-here@example.com');
      const tookUnknown = performance.now() - started - tookKnown;
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.body).toBe(b.body);
      expect(a.json()).toEqual({ message: PASSWORD_MESSAGES.resetRequested });
      expect(a.cookies).toEqual([]);
      expect(tookKnown).toBeGreaterThanOrEqual(399);
      expect(tookUnknown).toBeGreaterThanOrEqual(399);
      // Only the account's address gets mail; the link's token is stored only as its hash.
      expect(await mailsTo('nobody-here@example.com')).toEqual([]);
      const [mail] = await mailsTo(known.email);
      expect(mail).toMatchObject({ kind: 'password-reset', subject: 'Set a new password for Habi' });
      expect(mail!.text).toContain('The link works once, for 30 minutes.');
      const token = await linkTo(known.email);
      expect(mail!.html).toContain(`href="http://localhost:3000/reset-password?token=${token}"`);
      const stored = await queryRows<{ token_hash: string }>(t, sql`select token_hash from password_resets`);
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    });

    it('sets the new password from the link, ends every session and known device, mails a notice and signs in', async () => {
      const shopper = await signUpCustomer(t);
      const elsewhere = await signIn(shopper.email, 'secret123');
      const before = [shopper.cookie, cookieOf(elsewhere)];
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);

      const checked = await check(token);
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ email: shopper.email.toLowerCase() });

      const done = await reset(token, 'a-brand-new-one');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ message: PASSWORD_MESSAGES.reset });
      expect(await whoIs(cookieOf(done))).toBe(shopper.email.toLowerCase());
      for (const cookie of before) expect(await whoIs(cookie)).toBeNull();
      const devices = await queryRows(t, sql`select 1 from known_devices where customer_id = ${shopper.id}`);
      expect(devices).toEqual([]);
      expect((await signIn(shopper.email, 'secret123')).statusCode).toBe(401);
      expect((await signIn(shopper.email, 'a-brand-new-one')).statusCode).toBe(200);
      const notice = (await mailsTo(shopper.email.toLowerCase())).at(-1)!;
      expect(notice).toMatchObject({ kind: 'password-changed', subject: 'Your Habi password was changed' });
      expect(notice.text).toContain('Every session signed in to your account was signed out.');

      // The link works once.
      const again = await reset(token, 'yet-another-one');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: PASSWORD_MESSAGES.badLink });
      expect((await check(token)).statusCode).toBe(404);
      expect((await signIn(shopper.email, 'a-brand-new-one')).statusCode).toBe(200);
    });

    it('works for 30 minutes, and not a moment longer', async () => {
      const clock = freezeThrottleClock();
      const shopper = await signUpCustomer(t);
      const hash = await passwordHashOf(shopper.id);
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);
      clock.advance(30 * 60_000 - 1);
      expect((await check(token)).statusCode).toBe(200);
      clock.advance(1);
      expect((await check(token)).json()).toEqual({ message: PASSWORD_MESSAGES.badLink });
      const late = await reset(token, 'too-late-now');
      expect(late.statusCode).toBe(404);
      expect(await passwordHashOf(shopper.id)).toBe(hash);
      expect(await whoIs(shopper.cookie)).toBe(shopper.email.toLowerCase());
    });

    it('refuses a tampered or malformed link, and one whose account no longer has the address, changing nothing', async () => {
      const shopper = await signUpCustomer(t);
      const hash = await passwordHashOf(shopper.id);
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect((await reset(tampered, 'new-password-1')).statusCode).toBe(404);
      const malformed = await reset('not-a-token', 'new-password-1');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().errors).toEqual({ token: PASSWORD_MESSAGES.badLink });

      await t.database.db.execute(
        sql`update customers set email = ${`moved-${shopper.email}`} where id = ${shopper.id}`,
      );
      expect((await check(token)).statusCode).toBe(404);
      expect((await reset(token, 'new-password-1')).statusCode).toBe(404);
      expect(await passwordHashOf(shopper.id)).toBe(hash);
      expect(await whoIs(shopper.cookie)).not.toBeNull();
    });

    it("sets only the link's own account's password, whoever is signed in", async () => {
      const owner = await signUpCustomer(t);
      const other = await signUpCustomer(t);
      const otherHash = await passwordHashOf(other.id);
      await forgot(owner.email);
      const done = await reset(await linkTo(owner.email), 'owner-new-pass', other.cookie);
      expect(done.statusCode).toBe(200);
      expect(await whoIs(cookieOf(done))).toBe(owner.email.toLowerCase());
      expect(await passwordHashOf(other.id)).toBe(otherHash);
      expect(await whoIs(other.cookie)).toBe(other.email.toLowerCase());
    });

    it('lets exactly one of two resets with the same link succeed', async () => {
      const shopper = await signUpCustomer(t);
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);
      const answers = await Promise.all([reset(token, 'first-new-pass'), reset(token, 'second-new-pass')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      const winner = answers[0]!.statusCode === 200 ? 'first-new-pass' : 'second-new-pass';
      const loser = winner === 'first-new-pass' ? 'second-new-pass' : 'first-new-pass';
      expect((await signIn(shopper.email, winner)).statusCode).toBe(200);
      expect((await signIn(shopper.email, loser)).statusCode).toBe(401);
      const notices = (await mailsTo(shopper.email.toLowerCase())).filter(
        (m) => m.kind === 'password-changed',
      );
      expect(notices).toHaveLength(1);
    });

    it('leaves no session to a sign-in with the old password that races the reset', async () => {
      const shopper = await signUpCustomer(t);
      const oldHash = (await passwordHashOf(shopper.id))!;
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);
      const [done, ...signIns] = await Promise.all([
        reset(token, 'raced-new-pass'),
        ...Array.from({ length: 4 }, () => signIn(shopper.email, 'secret123')),
      ]);
      expect(done!.statusCode).toBe(200);
      for (const answer of signIns) {
        expect([200, 401]).toContain(answer.statusCode);
        if (answer.statusCode === 200) expect(await whoIs(cookieOf(answer))).toBeNull();
      }
      // A sign-in that checked the old password before the reset committed gets no session after it.
      expect(await createSession(t.database.db, 'customer', shopper.id, undefined, oldHash)).toBeNull();
      const late = await signIn(shopper.email, 'raced-new-pass');
      expect(await whoIs(cookieOf(late))).toBe(shopper.email.toLowerCase());
    });

    it('refuses a common password without using the link', async () => {
      const shopper = await signUpCustomer(t);
      await forgot(shopper.email);
      const token = await linkTo(shopper.email);
      const refused = await reset(token, 'Password1');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: PASSWORD_MESSAGES.common,
        errors: { password: PASSWORD_MESSAGES.common },
      });
      const short = await reset(token, '12345');
      expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters long' });
      expect((await reset(token, 'not-so-common-9')).statusCode).toBe(200);
    });

    it('throttles requests per address, whether or not it has an account, and per client', async () => {
      const clock = freezeThrottleClock();
      const shopper = await signUpCustomer(t);
      for (const email of [shopper.email, 'no-account-either@example.com']) {
        for (let i = 0; i < 3; i += 1) expect((await forgot(email)).statusCode).toBe(200);
        const refused = await forgot(email.toUpperCase());
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          message: 'Too many password reset attempts. Try again in 5 minutes.',
        });
      }
      const resets = (await mailsTo(shopper.email.toLowerCase())).filter((m) => m.kind === 'password-reset');
      expect(resets).toHaveLength(3);
      clock.advance(5 * 60_000);
      expect((await forgot(shopper.email)).statusCode).toBe(200);

      const client = newAddress();
      for (let i = 0; i < 10; i += 1) {
        expect((await forgot(`client-${i}@example.com`, client)).statusCode).toBe(200);
      }
      expect((await forgot('client-10@example.com', client)).statusCode).toBe(429);
      // The refused request did not count against its address.
      expect((await forgot('client-10@example.com')).statusCode).toBe(200);
    });
  });

  describe('changing a password', () => {
    const change = (cookie: string, currentPassword: string, password: string, who = 'users') =>
      post(`/api/${who}/me/password`, { currentPassword, password }, { cookie });

    it("needs the customer's current password, keeps this session and ends the others", async () => {
      const shopper: SignedIn = await signUpCustomer(t);
      const other = cookieOf(await signIn(shopper.email, 'secret123'));
      const wrong = await change(shopper.cookie, 'not-my-password', 'changed-pass-1');
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({
        message: PASSWORD_MESSAGES.wrongCurrent,
        errors: { currentPassword: PASSWORD_MESSAGES.wrongCurrent },
      });
      const common = await change(shopper.cookie, 'secret123', 'qwerty123');
      expect(common.json().errors).toEqual({ password: PASSWORD_MESSAGES.common });
      expect(await whoIs(other)).not.toBeNull();

      const done = await change(shopper.cookie, 'secret123', 'changed-pass-1');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ message: PASSWORD_MESSAGES.changed });
      expect(await whoIs(shopper.cookie)).toBe(shopper.email.toLowerCase());
      expect(await whoIs(other)).toBeNull();
      expect((await signIn(shopper.email, 'secret123')).statusCode).toBe(401);
      expect((await signIn(shopper.email, 'changed-pass-1')).statusCode).toBe(200);
      const notice = (await mailsTo(shopper.email.toLowerCase())).at(-1)!;
      expect(notice.kind).toBe('password-changed');
      expect(notice.text).toContain('Every other session signed in to your account was signed out.');
    });

    it("needs an admin's current password, keeps this session and ends the admin's others", async () => {
      const account = { ...ADMIN, username: 'changer', email: 'changer@example.com' };
      const admin = await signInAdmin(t, account);
      const other = await signInAdmin(t, account);
      const wrong = await change(admin.cookie, 'wrong-pass', 'admin-new-pass', 'admin');
      expect(wrong.statusCode).toBe(403);
      const short = await change(admin.cookie, ADMIN.password, '12345', 'admin');
      expect(short.json().errors).toEqual({ password: 'Passwords must be at least 6 characters long' });
      const done = await change(admin.cookie, ADMIN.password, 'admin-new-pass', 'admin');
      expect(done.statusCode, done.body).toBe(200);
      const me = (cookie: string) => t.request({ method: 'GET', url: '/api/admin', cookie });
      expect((await me(admin.cookie)).statusCode).toBe(200);
      expect((await me(other.cookie)).statusCode).toBe(401);
      expect((await mailsTo('changer@example.com')).at(-1)!.text).toContain("tell the store's owner");
      const signIn = await post('/api/admin/sign-in', { username: 'changer', password: 'admin-new-pass' });
      expect(signIn.statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    const CHROME_ANDROID =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    const SAFARI_MAC =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const list = (cookie: string, who = 'users') =>
      t.request({ method: 'GET', url: `/api/${who}/me/sessions`, cookie });
    const end = (cookie: string, id?: string, who = 'users') =>
      t.request({ method: 'DELETE', url: `/api/${who}/me/sessions${id ? `/${id}` : ''}`, cookie });

    it('lists where a customer is signed in, with the browser and a truncated address, and signs out of one or all others', async () => {
      const shopper = await signUpCustomer(t);
      const phone = await t.request({
        method: 'POST',
        url: '/api/users/sign-in',
        payload: { email: shopper.email, password: 'secret123' },
        headers: { 'user-agent': CHROME_ANDROID },
        remoteAddress: '203.0.113.57',
      });
      const mac = cookieOf(await signIn(shopper.email, 'secret123', SAFARI_MAC));
      const listed = await list(cookieOf(phone));
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      const sessions = listed.json() as { id: string; current: boolean; browser: string }[];
      expect(sessions).toHaveLength(3);
      const mine = sessions.find((s) => s.current)!;
      expect(mine).toEqual({
        id: expect.any(String),
        current: true,
        browser: 'Chrome',
        os: 'Android',
        network: '203.0.113.*',
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
      });
      expect(listed.body).not.toContain('203.0.113.57');
      const macSession = sessions.find((s) => s.browser === 'Safari')!;
      expect(macSession).toMatchObject({ os: 'macOS', current: false });

      // Another customer cannot end it; its owner can.
      const stranger = await signUpCustomer(t);
      expect((await end(stranger.cookie, macSession.id)).statusCode).toBe(404);
      expect(await whoIs(mac)).not.toBeNull();
      const ended = await end(cookieOf(phone), macSession.id);
      expect(ended.json()).toEqual({ message: PASSWORD_MESSAGES.sessionEnded });
      expect(await whoIs(mac)).toBeNull();
      expect((await end(cookieOf(phone), macSession.id)).statusCode).toBe(404);

      const others = await end(cookieOf(phone));
      expect(others.json()).toEqual({ message: PASSWORD_MESSAGES.othersEnded });
      expect(await whoIs(shopper.cookie)).toBeNull();
      expect((await list(cookieOf(phone))).json()).toEqual([mine]);

      // Ending the session one asks from signs out.
      const self = await end(cookieOf(phone), mine.id);
      expect(self.statusCode).toBe(200);
      expect(await whoIs(cookieOf(phone))).toBeNull();
    });

    it("lists an admin's sessions apart from customers'", async () => {
      const account = { ...ADMIN, username: 'lister', email: 'lister@example.com' };
      const admin = await signInAdmin(t, account);
      const other = await signInAdmin(t, account);
      const sessions = (await list(admin.cookie, 'admin')).json() as { id: string; current: boolean }[];
      expect(sessions.map((s) => s.current).sort()).toEqual([false, true]);
      expect((await end(admin.cookie, undefined, 'admin')).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: '/api/admin', cookie: other.cookie })).statusCode).toBe(
        401,
      );
      expect((await list(admin.cookie, 'admin')).json()).toHaveLength(1);
    });
  });
  describe('common passwords', () => {
    it('are refused at sign-up with a clear message under the password, nothing written', async () => {
      const email = `common-${Date.now()}@example.com`;
      const refused = await post('/api/users/sign-up', {
        name: 'Common Shopper',
        contactNumber: '+639171234567',
        email,
        password: 'Football',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        message: PASSWORD_MESSAGES.common,
        errors: { password: PASSWORD_MESSAGES.common },
      });
      expect(await queryRows(t, sql`select 1 from customers where email = ${email}`)).toEqual([]);
      // SPEC's minimum keeps its own message.
      const short = await post('/api/users/sign-up', {
        name: 'Common Shopper',
        contactNumber: '+639171234567',
        email,
        password: '12345',
      });
      expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters long' });
    });

    it('are refused for a new admin', async () => {
      await expect(
        createAdmin(t.database.db, { username: 'weakling', email: 'weak@example.com', password: 'letmein' }),
      ).rejects.toThrow(PASSWORD_MESSAGES.common);
      expect(await queryRows(t, sql`select 1 from admins where username = 'weakling'`)).toEqual([]);
    });
  });
});
