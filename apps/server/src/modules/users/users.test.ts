import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TOTAL_COUNT_HEADER } from '@habi/shared';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { customers, knownDevices, orders, signInThrottle } from '../../db/schema.ts';
import {
  buildTestApp,
  cookieOf,
  countRows,
  followVerificationMail,
  freezeThrottleClock,
  multipartBody,
  newCustomer,
  ORIGIN,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testConfig,
  testPng,
} from '../../test/helpers.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
});
afterAll(() => t.close());

const USER_FIELDS = [
  '_id',
  'contactNumber',
  'email',
  'emailVerified',
  'id',
  'imageUrl',
  'name',
  'shippingAddress',
];

type RequestOptions = Parameters<TestApp['request']>[0];

function signIn(email: string, password: string, extra: Partial<RequestOptions> = {}) {
  return t.request({ method: 'POST', url: '/api/users/sign-in', payload: { email, password }, ...extra });
}

function current(cookie?: string) {
  return t.request({ method: 'GET', url: '/api/users/current', ...(cookie ? { cookie } : {}) });
}

function sidOf(response: LightMyRequestResponse) {
  return response.cookies.find((c) => c.name === 'sid');
}

async function throttleRow(key: string) {
  const [row] = await t.database.db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  return row;
}

/** Runs `use` with a second app instance on the same database, configured with `env` besides. */
async function withSecondApp(env: Record<string, string>, use: (app: FastifyInstance) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'habi-second-'));
  const second = await buildApp(testConfig(dataDir, env), t.database);
  try {
    await use(second);
  } finally {
    await second.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function customerRow(id: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

describe('POST /api/users/sign-up', () => {
  it('creates the account, answers 201 and starts an httpOnly SameSite=Lax session', async () => {
    const body = newCustomer({ name: 'Maria Clara' });
    const response = await t.request({ method: 'POST', url: '/api/users/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const sid = sidOf(response);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid!.value).toMatch(/^[\w-]{43}$/);

    const me = await current(cookieOf(response));
    expect(me.json()).toMatchObject({
      name: 'Maria Clara',
      email: body.email,
      contactNumber: body.contactNumber,
    });
  });

  it('stores only the SHA-256 of the session token', async () => {
    const response = await t.request({ method: 'POST', url: '/api/users/sign-up', payload: newCustomer() });
    const token = sidOf(response)!.value;
    const digest = createHash('sha256').update(token).digest('hex');
    const result = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${digest}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const raw = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect((raw as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('never returns the password or its hash', async () => {
    const body = newCustomer({ password: 'very-secret-pw' });
    const response = await t.request({ method: 'POST', url: '/api/users/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('very-secret-pw');
    expect(response.body).not.toMatch(/argon2|password|hash/i);
    const me = await current(cookieOf(response));
    expect(me.body).not.toContain('very-secret-pw');
    expect(me.body).not.toMatch(/argon2|password|hash/i);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.email, body.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a registered email with 409 and errors.email, whatever its case', async () => {
    const first = await signUpCustomer(t, { email: `Dup.Case-${Date.now()}@Example.com` });
    const before = await countRows(t, 'customers');
    const again = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer({ email: first.email.toLowerCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'This email is already registered',
      errors: { email: 'This email is already registered' },
    });
    expect(again.cookies).toHaveLength(0);
    const upper = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer({ email: first.email.toUpperCase() }),
    });
    expect(upper.statusCode).toBe(409);
    expect(await countRows(t, 'customers')).toBe(before);
  });

  it('stores the email lower-cased', async () => {
    const body = newCustomer({ email: `MiXeD-${Date.now()}@Example.COM` });
    const response = await t.request({ method: 'POST', url: '/api/users/sign-up', payload: body });
    expect(response.statusCode).toBe(201);
    expect((await current(cookieOf(response))).json().email).toBe(body.email.toLowerCase());
  });

  it.each([
    ['name', { name: 'A' }, 'Too short'],
    ['name', { name: '  B  ' }, 'Too short'],
    ['contactNumber', { contactNumber: '09171234567' }, 'Invalid phone number'],
    ['contactNumber', { contactNumber: '+63917123456' }, 'Invalid phone number'],
    ['contactNumber', { contactNumber: '+6391712345678' }, 'Invalid phone number'],
    ['password', { password: '12345' }, 'Password must be at least 6 characters long'],
  ])("rejects a bad %s with the form's message (%j)", async (field, override, message) => {
    const before = await countRows(t, 'customers');
    const response = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer(override),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(response.cookies).toHaveLength(0);
    expect(await countRows(t, 'customers')).toBe(before);
  });

  it('rejects an invalid email and unknown fields with 400', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer({ email: 'not-an-email' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toBeTypeOf('string');
    const extra = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: { ...newCustomer(), role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses a cross-site sign-up with 403 and creates nothing, however the path is spelled', async () => {
    const before = await countRows(t, 'customers');
    for (const url of ['/api/users/sign-up', '/%61pi/users/sign-up', '/api/users/%73ign-up']) {
      const response = await t.request({
        method: 'POST',
        url,
        payload: newCustomer(),
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    }
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer(),
      headers: { host: 'localhost:80' },
    });
    expect(noOrigin.statusCode).toBe(403);
    expect(await countRows(t, 'customers')).toBe(before);
  });

  it('accepts a same-origin Origin or Referer, with or without the default port', async () => {
    for (const headers of [
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
      { origin: '', referer: 'http://localhost/sign-up' },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/users/sign-up',
        payload: newCustomer(),
        headers,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });
});

describe('POST /api/users/sign-in', () => {
  let account: SignedIn;
  beforeAll(async () => {
    account = await signUpCustomer(t, { password: 'right-password' });
  });

  it('answers 200 and a new session on each sign-in', async () => {
    const sessionsBefore = await countRows(t, 'sessions');
    const first = await signIn(account.email, 'right-password');
    const second = await signIn(account.email, 'right-password');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: expect.any(String) });
    const a = sidOf(first)!;
    const b = sidOf(second)!;
    expect(a).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(a.value).not.toBe(b.value);
    expect(a.value).not.toBe(account.cookie.replace('sid=', ''));
    expect(await countRows(t, 'sessions')).toBe(sessionsBefore + 2);
    expect((await current(cookieOf(first))).json()._id).toBe(account.id);
    expect((await current(cookieOf(second))).json()._id).toBe(account.id);
    expect(first.body).not.toMatch(/password|hash/i);
  });

  it('matches the email case-insensitively', async () => {
    const response = await signIn(account.email.toUpperCase(), 'right-password');
    expect(response.statusCode).toBe(200);
    expect((await current(cookieOf(response))).json()._id).toBe(account.id);
  });

  it('answers a wrong password and an unknown email alike: 401 "Invalid email or password"', async () => {
    const wrong = await signIn(account.email, 'wrong-password', { remoteAddress: '10.1.0.1' });
    const unknown = await signIn(`nobody-${Date.now()}@example.com`, 'right-password', {
      remoteAddress: '10.1.0.1',
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it("rejects a short password with the form's message before checking it", async () => {
    const response = await signIn(account.email, '123');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toBe('Password must be at least 6 characters long');
  });
});

describe('sign-in throttling', () => {
  let hosts = 0;
  /** An address no other test uses, so each test starts from clean counts. */
  const newAddress = () => {
    hosts += 1;
    return `10.30.${hosts}.1`;
  };
  const accountKey = (address: string, email: string) =>
    `customer:ip:${address}:account:${email.toLowerCase()}`;
  const deviceOf = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'device')!;
  const victim = () => signUpCustomer(t, { password: 'right-password' });

  async function failTimes(email: string, times: number, extra: Partial<RequestOptions>) {
    for (let i = 0; i < times; i += 1) {
      const response = await signIn(email, `wrong-${i}-pw`, extra);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  }

  it('lets a client fail 5 times on an account, then makes it wait 1 s, 2 s, 4 s, even with the right password', async () => {
    const clock = freezeThrottleClock();
    const user = await victim();
    const from = { remoteAddress: newAddress() };
    await failTimes(user.email, 5, from);
    const blocked = await signIn(user.email, 'right-password', from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 1 second.' });
    expect(blocked.cookies).toHaveLength(0);

    clock.advance(1000);
    await failTimes(user.email, 1, from);
    expect((await signIn(user.email, 'right-password', from)).headers['retry-after']).toBe('2');
    clock.advance(2000);
    await failTimes(user.email, 1, from);
    const afterSeventh = await signIn(user.email, 'right-password', from);
    expect(afterSeventh.statusCode).toBe(429);
    expect(afterSeventh.headers['retry-after']).toBe('4');
    expect(afterSeventh.json().message).toBe('Too many sign-in attempts. Try again in 4 seconds.');
    // Refused attempts are no failures: the count stays at 7.
    expect((await throttleRow(accountKey(from.remoteAddress, user.email)))?.failures).toBe(7);

    clock.advance(3999);
    expect((await signIn(user.email, 'right-password', from)).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await signIn(user.email.toUpperCase(), 'right-password', from)).statusCode).toBe(200);
    // The success forgot the failures: 5 more come free.
    await failTimes(user.email, 5, from);
  });

  it('caps the wait at 15 minutes and forgets the failures after a quiet day', async () => {
    const clock = freezeThrottleClock();
    const user = await victim();
    const from = { remoteAddress: newAddress() };
    const key = accountKey(from.remoteAddress, user.email);
    await failTimes(user.email, 1, from);
    // As if 12 more failures had gone before, their waits served.
    await t.database.db.update(signInThrottle).set({ failures: 13 }).where(eq(signInThrottle.key, key));
    await failTimes(user.email, 1, from);
    expect((await signIn(user.email, 'right-password', from)).headers['retry-after']).toBe('512');
    clock.advance(512_000);
    await failTimes(user.email, 1, from);
    const capped = await signIn(user.email, 'right-password', from);
    expect(capped.headers['retry-after']).toBe('900');
    expect(capped.json().message).toBe('Too many sign-in attempts. Try again in 15 minutes.');

    // A day less a millisecond after the last failure it is still counted...
    clock.advance(24 * 3600_000 - 1);
    await failTimes(user.email, 1, from);
    expect((await signIn(user.email, 'right-password', from)).headers['retry-after']).toBe('900');
    expect((await throttleRow(key))?.failures).toBe(16);
    // ...a quiet day after it, the count starts again.
    clock.advance(24 * 3600_000);
    await failTimes(user.email, 5, from);
    expect((await throttleRow(key))?.failures).toBe(5);
  });

  it("lets the owner in from a known device, even from the attacker's address, and a fresh client too", async () => {
    freezeThrottleClock();
    const user = await victim();
    const home = { remoteAddress: newAddress() };
    const first = await signIn(user.email, 'right-password', home);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/users/sign-in',
      maxAge: 365 * 24 * 3600,
    });
    expect(device.value).toMatch(/^[\w-]{43}$/);

    // Four attackers fail 20 times on the account; each is then made to wait.
    const attackers = [newAddress(), newAddress(), newAddress(), newAddress()];
    for (const remoteAddress of attackers) await failTimes(user.email, 5, { remoteAddress });
    const attacker = { remoteAddress: attackers[0]! };
    expect((await signIn(user.email, 'right-password', attacker)).statusCode).toBe(429);

    for (const from of [home, attacker]) {
      const response = await signIn(user.email, 'right-password', {
        ...from,
        cookie: `device=${device.value}`,
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await signIn(user.email, 'right-password', { remoteAddress: newAddress() })).statusCode).toBe(
      200,
    );
  });

  it('throttles a known device by its own failures, keeps it past sign-out, and stores only its hash', async () => {
    freezeThrottleClock();
    const user = await victim();
    const other = await victim();
    const from = { remoteAddress: newAddress() };
    const first = await signIn(user.email, 'right-password', from);
    const device = deviceOf(first);
    const [row] = await t.database.db.select().from(knownDevices).where(eq(knownDevices.customerId, user.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(device.value).digest('hex'));
    expect(JSON.stringify(await t.database.db.select().from(knownDevices))).not.toContain(device.value);

    const logout = await t.request({ method: 'POST', url: '/api/users/logout', cookie: cookieOf(first) });
    expect(logout.cookies.map((c) => c.name)).toEqual(['sid']);
    const withDevice = { ...from, cookie: `device=${device.value}` };
    const again = await signIn(user.email, 'right-password', withDevice);
    expect(again.statusCode).toBe(200);
    expect(deviceOf(again).value).toBe(device.value);

    await failTimes(user.email, 5, withDevice);
    expect((await signIn(user.email, 'right-password', withDevice)).statusCode).toBe(429);
    expect((await throttleRow(`customer:device:${row!.id}`))?.failures).toBe(5);
    // Those failures were the device's own: the same address without it is another client.
    expect((await signIn(user.email, 'right-password', from)).statusCode).toBe(200);
    // For another account the cookie is no known device: the address is counted.
    await failTimes(other.email, 5, withDevice);
    expect((await throttleRow(accountKey(from.remoteAddress, other.email)))?.failures).toBe(5);
    expect((await signIn(other.email, 'right-password', withDevice)).statusCode).toBe(429);
  });

  it('slows an address after 20 failures over any accounts, but neither other addresses nor known devices', async () => {
    freezeThrottleClock();
    const user = await victim();
    const shared = { remoteAddress: newAddress() };
    const device = deviceOf(await signIn(user.email, 'right-password', shared));
    for (let i = 0; i < 20; i += 1) {
      const response = await signIn(`probe-${i}-${Date.now()}@example.com`, 'some-password', shared);
      expect(response.statusCode).toBe(401);
    }
    expect((await throttleRow(`customer:ip:${shared.remoteAddress}`))?.failures).toBe(20);
    const slowed = await signIn(user.email, 'right-password', shared);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('1');
    const known = await signIn(user.email, 'right-password', { ...shared, cookie: `device=${device.value}` });
    expect(known.statusCode).toBe(200);
    expect((await signIn(user.email, 'right-password', { remoteAddress: newAddress() })).statusCode).toBe(
      200,
    );
  });

  it('checks no more than 5 of 30 parallel guesses', async () => {
    freezeThrottleClock();
    const user = await victim();
    const from = { remoteAddress: newAddress() };
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(user.email, `guess-${i}-pw`, from)),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
    expect((await throttleRow(accountKey(from.remoteAddress, user.email)))?.failures).toBe(5);
  });

  it('signs in 20 parallel correct attempts after 3 wrong ones, counting none as a failure', async () => {
    freezeThrottleClock();
    const user = await victim();
    const from = { remoteAddress: newAddress() };
    await failTimes(user.email, 3, from);
    const sessionsBefore = await countRows(t, 'sessions');
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(user.email, 'right-password', from)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await countRows(t, 'sessions')).toBe(sessionsBefore + 20);
    expect(await throttleRow(accountKey(from.remoteAddress, user.email))).toMatchObject({
      failures: 0,
      inFlight: 0,
    });
    expect((await throttleRow(`customer:ip:${from.remoteAddress}`))?.failures).toBe(3);
  });

  it('keeps the counts in the database, so another app instance sees them', async () => {
    freezeThrottleClock();
    const user = await victim();
    const from = { remoteAddress: newAddress() };
    await failTimes(user.email, 5, from);
    await withSecondApp({}, async (second) => {
      const response = await second.inject({
        method: 'POST',
        url: '/api/users/sign-in',
        headers: { host: 'localhost:80', origin: ORIGIN },
        ...from,
        payload: { email: user.email, password: 'right-password' },
      });
      expect(response.statusCode).toBe(429);
    });
  });

  it('with TRUST_PROXY=1 counts the address nginx appended, not the one the client wrote', async () => {
    freezeThrottleClock();
    const user = await victim();
    await withSecondApp({ TRUST_PROXY: '1' }, async (second) => {
      const viaNginx = (password: string, forwardedFor: string) =>
        second.inject({
          method: 'POST',
          url: '/api/users/sign-in',
          remoteAddress: '127.0.0.1',
          headers: { host: 'localhost:80', origin: ORIGIN, 'x-forwarded-for': forwardedFor },
          payload: { email: user.email, password },
        });
      for (let i = 0; i < 5; i += 1) {
        expect((await viaNginx(`guess-${i}-pw`, `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(401);
      }
      expect((await viaNginx('right-password', '198.51.100.99, 203.0.113.7')).statusCode).toBe(429);
      expect((await throttleRow('customer:ip:203.0.113.7'))?.failures).toBe(5);
      const forged = await t.database.db
        .select()
        .from(signInThrottle)
        .where(like(signInThrottle.key, '%198.51.100.%'));
      expect(forged).toEqual([]);
      expect((await viaNginx('right-password', '203.0.113.8')).statusCode).toBe(200);
    });
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const from = newAddress();
    const response = await signIn(`nobody-${Date.now()}@example.com`, 'some-password', {
      remoteAddress: from,
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(response.statusCode).toBe(401);
    expect((await throttleRow(`customer:ip:${from}`))?.failures).toBe(1);
    expect(await throttleRow('customer:ip:203.0.113.50')).toBeUndefined();
  });

  it('counts an IPv6 client by its /64', async () => {
    freezeThrottleClock();
    const user = await victim();
    for (let i = 1; i <= 5; i += 1) {
      const response = await signIn(user.email, `guess-${i}-pw`, { remoteAddress: `2001:db8:30:1::${i}` });
      expect(response.statusCode).toBe(401);
    }
    expect(
      (await signIn(user.email, 'right-password', { remoteAddress: '2001:db8:30:1:ffff::9' })).statusCode,
    ).toBe(429);
    expect((await throttleRow('customer:ip:2001:db8:30:1::/64'))?.failures).toBe(5);
    expect(
      (await signIn(user.email, 'right-password', { remoteAddress: '2001:db8:30:2::1' })).statusCode,
    ).toBe(200);
  });
});

describe('sign-up throttling', () => {
  const signUp = (remoteAddress: string, body = newCustomer()) =>
    t.request({ method: 'POST', url: '/api/users/sign-up', payload: body, remoteAddress });

  it('lets a client sign up 30 times back to back, then makes it wait 10 seconds, doubling', async () => {
    const clock = freezeThrottleClock();
    const from = '10.40.0.1';
    const registered = await signUpCustomer(t);
    const codes: number[] = [];
    for (let i = 0; i < 29; i += 1) codes.push((await signUp(from)).statusCode);
    codes.push((await signUp(from, newCustomer({ email: registered.email }))).statusCode);
    expect(codes).toEqual([...Array(29).fill(201), 409]);

    // Refused alike whether the email is registered or not.
    const before = await countRows(t, 'customers');
    for (const body of [newCustomer(), newCustomer({ email: registered.email })]) {
      const refused = await signUp(from, body);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('10');
      expect(refused.json()).toEqual({ message: 'Too many sign-up attempts. Try again in 10 seconds.' });
      expect(refused.cookies).toHaveLength(0);
    }
    expect(await countRows(t, 'customers')).toBe(before);
    expect((await signUp('10.40.0.2')).statusCode).toBe(201);

    clock.advance(10_000);
    expect((await signUp(from)).statusCode).toBe(201);
    expect((await signUp(from)).headers['retry-after']).toBe('20');
    // An hour after the last sign-up the count starts again.
    clock.advance(3600_000);
    for (let i = 0; i < 30; i += 1) expect((await signUp(from)).statusCode).toBe(201);
    expect((await signUp(from)).statusCode).toBe(429);
  });

  it('lets 30 of 50 parallel sign-ups from one client through', async () => {
    freezeThrottleClock();
    const responses = await Promise.all(Array.from({ length: 50 }, () => signUp('10.40.1.1')));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
  });
});

describe('POST /api/users/logout', () => {
  it('deletes the session server-side, so the old cookie no longer works', async () => {
    const user = await signUpCustomer(t);
    expect((await current(user.cookie)).json()._id).toBe(user.id);
    const sessionsBefore = await countRows(t, 'sessions');

    const response = await t.request({ method: 'POST', url: '/api/users/logout', cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const cleared = sidOf(response);
    expect(cleared?.value).toBe('');
    expect(await countRows(t, 'sessions')).toBe(sessionsBefore - 1);

    // Replaying the old cookie: a visitor again, and guarded routes refuse it.
    expect((await current(user.cookie)).json()).toBeNull();
    const add = await t.request({
      method: 'POST',
      url: `/api/users/addAddress/${user.id}`,
      cookie: user.cookie,
      payload: { newAddress: '1 Rizal St' },
    });
    expect(add.statusCode).toBe(401);
  });

  it('leaves the same user signed in elsewhere', async () => {
    const user = await signUpCustomer(t);
    const other = cookieOf(await signIn(user.email, 'secret123'));
    await t.request({ method: 'POST', url: '/api/users/logout', cookie: user.cookie });
    expect((await current(other)).json()._id).toBe(user.id);
  });

  it('answers 200 for a visitor without a session', async () => {
    const response = await t.request({ method: 'POST', url: '/api/users/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/users/current', () => {
  it('answers null for a visitor', async () => {
    const response = await current();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('answers null for an unknown session token', async () => {
    const response = await current('sid=not-a-real-token');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it("answers the signed-in user with exactly a user's public fields", async () => {
    const user = await signUpCustomer(t, { name: 'Jose Rizal', contactNumber: '+639998887777' });
    const response = await current(user.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(USER_FIELDS);
    expect(body).toEqual({
      _id: user.id,
      id: user.id,
      name: 'Jose Rizal',
      email: user.email,
      contactNumber: '+639998887777',
      imageUrl: '',
      shippingAddress: [],
      emailVerified: true,
    });
  });

  it('answers null once the session has expired', async () => {
    const user = await signUpCustomer(t);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where customer_id = ${user.id}`,
    );
    expect((await current(user.cookie)).json()).toBeNull();
  });
});

describe('PATCH /api/users/:id', () => {
  function patch(user: SignedIn, form: Awaited<ReturnType<typeof multipartBody>>, id = user.id) {
    return t.request({ method: 'PATCH', url: `/api/users/${id}`, cookie: user.cookie, ...form });
  }

  it('updates name and contactNumber: "User update successfully"; a new email waits for its mailed link', async () => {
    const user = await signUpCustomer(t);
    const email = `Renamed-${Date.now()}@Example.com`;
    const response = await patch(
      user,
      await multipartBody({ name: 'Andres B.', email, contactNumber: '+639170000001' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'User update successfully',
      _id: user.id,
      name: 'Andres B.',
      email: user.email,
      contactNumber: '+639170000001',
      imageUrl: '',
      pendingEmail: email.toLowerCase(),
    });
    expect((await current(user.cookie)).json()).toMatchObject({
      name: 'Andres B.',
      email: user.email,
      contactNumber: '+639170000001',
    });
    // Followed, the link makes the new email the one that signs in; the old one no longer does.
    await followVerificationMail(t, email.toLowerCase());
    expect((await current(user.cookie)).json()).toMatchObject({
      email: email.toLowerCase(),
      emailVerified: true,
    });
    expect((await signIn(email, 'secret123')).statusCode).toBe(200);
    expect((await signIn(user.email, 'secret123', { remoteAddress: '10.6.0.1' })).statusCode).toBe(401);
  });

  it('stores an uploaded imageUrl file as an 800 px WebP that is served with a long-lived cache', async () => {
    const user = await signUpCustomer(t);
    const response = await patch(
      user,
      await multipartBody({ name: user.name, email: user.email, contactNumber: '+639171234567' }, [
        ['imageUrl', await testPng('#aa3300'), 'me.png'],
      ]),
    );
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    expect((await current(user.cookie)).json().imageUrl).toBe(imageUrl);

    const image = await t.request({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['cache-control']).toMatch(/max-age=31536000/);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
    const small = await t.request({ method: 'GET', url: imageUrl.replace('-800.webp', '-400.webp') });
    expect(small.statusCode).toBe(200);
  });

  it('keeps the current image when no file is sent, and when the file input was left empty', async () => {
    const user = await signUpCustomer(t);
    const fields = { name: user.name, email: user.email, contactNumber: '+639171234567' };
    const withImage = await patch(
      user,
      await multipartBody(fields, [['imageUrl', await testPng('#00aa33'), 'a.png']]),
    );
    const { imageUrl } = withImage.json();
    const noFile = await patch(user, await multipartBody({ ...fields, name: 'No File' }));
    expect(noFile.statusCode).toBe(200);
    expect(noFile.json().imageUrl).toBe(imageUrl);
    const emptyInput = await patch(
      user,
      await multipartBody(fields, [['imageUrl', Buffer.alloc(0), '', 'application/octet-stream']]),
    );
    expect(emptyInput.statusCode).toBe(200);
    expect(emptyInput.json().imageUrl).toBe(imageUrl);
  });

  it("rejects a 1-character name with 'Too short!' and changes nothing", async () => {
    const user = await signUpCustomer(t);
    const response = await patch(
      user,
      await multipartBody({ name: 'X', email: user.email, contactNumber: '+639171234567' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.name).toBe('Too short!');
    expect((await customerRow(user.id))!.name).toBe(user.name);
  });

  it("rejects a bad contact number with 'Invalid phone number'", async () => {
    const user = await signUpCustomer(t);
    const response = await patch(
      user,
      await multipartBody({ name: user.name, email: user.email, contactNumber: '12345' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.contactNumber).toBe('Invalid phone number');
  });

  it("answers another user's email, in any case, as any new one: nothing mailed to it, nothing changed", async () => {
    const user = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const fields = { name: 'Taken', contactNumber: '+639171234567' };
    const taken = await patch(user, await multipartBody({ ...fields, email: other.email.toUpperCase() }));
    const free = await patch(user, await multipartBody({ ...fields, email: `FREE-${other.email}` }));
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(taken.json()).toEqual({ ...free.json(), pendingEmail: other.email });
    const mailed = await queryRows<{ recipient: string }>(
      t,
      sql`select recipient from outbox where kind = 'email-change' and recipient in (${other.email}, ${`free-${other.email}`})`,
    );
    expect(mailed.map((row) => row.recipient)).toEqual([`free-${other.email}`]);
    expect(await customerRow(user.id)).toMatchObject({ email: user.email, name: 'Taken' });
    expect(await customerRow(other.id)).toMatchObject({ email: other.email });
  });

  it('answers 401 for a visitor and 403 for another customer', async () => {
    const user = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const form = await multipartBody({ name: 'Hijack', email: user.email, contactNumber: '+639171234567' });
    const visitor = await t.request({ method: 'PATCH', url: `/api/users/${user.id}`, ...form });
    expect(visitor.statusCode).toBe(401);
    const forbidden = await patch(other, form, user.id);
    expect(forbidden.statusCode).toBe(403);
    expect((await customerRow(user.id))!.name).toBe(user.name);
  });

  it('answers 415 for a JSON body', async () => {
    const user = await signUpCustomer(t);
    const response = await t.request({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      cookie: user.cookie,
      payload: { name: 'Json Body', email: user.email, contactNumber: '+639171234567' },
    });
    expect(response.statusCode).toBe(415);
    expect((await customerRow(user.id))!.name).toBe(user.name);
  });
});

describe('POST /api/users/addAddress/:id', () => {
  it("adds the address: 'New address added.' with the full list back", async () => {
    const user = await signUpCustomer(t);
    const add = (newAddress: string) =>
      t.request({
        method: 'POST',
        url: `/api/users/addAddress/${user.id}`,
        cookie: user.cookie,
        payload: { newAddress },
      });
    const first = await add('12 Mabini St, Manila 1000');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'New address added.',
      shippingAddress: ['12 Mabini St, Manila 1000'],
    });
    const second = await add('  34 Luna Ave, Cebu 6000  ');
    expect(second.json()).toEqual({
      message: 'New address added.',
      shippingAddress: ['12 Mabini St, Manila 1000', '34 Luna Ave, Cebu 6000'],
    });
    expect((await current(user.cookie)).json().shippingAddress).toEqual([
      '12 Mabini St, Manila 1000',
      '34 Luna Ave, Cebu 6000',
    ]);
  });

  it("rejects an empty or blank address with 'No value for address'", async () => {
    const user = await signUpCustomer(t);
    for (const newAddress of ['', '   ']) {
      const response = await t.request({
        method: 'POST',
        url: `/api/users/addAddress/${user.id}`,
        cookie: user.cookie,
        payload: { newAddress },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.newAddress).toBe('No value for address');
    }
    expect((await customerRow(user.id))!.shippingAddresses).toEqual([]);
  });

  it('answers 409 for an address already saved', async () => {
    const user = await signUpCustomer(t);
    const add = () =>
      t.request({
        method: 'POST',
        url: `/api/users/addAddress/${user.id}`,
        cookie: user.cookie,
        payload: { newAddress: '5 Bonifacio Rd' },
      });
    expect((await add()).statusCode).toBe(200);
    const again = await add();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This address is already saved');
    expect((await customerRow(user.id))!.shippingAddresses).toEqual(['5 Bonifacio Rd']);
  });

  it('answers 401 for a visitor and 403 for another customer', async () => {
    const user = await signUpCustomer(t);
    const other = await signUpCustomer(t);
    const url = `/api/users/addAddress/${user.id}`;
    const payload = { newAddress: '9 Elsewhere St' };
    expect((await t.request({ method: 'POST', url, payload })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, payload, cookie: other.cookie })).statusCode).toBe(403);
    expect((await customerRow(user.id))!.shippingAddresses).toEqual([]);
    expect((await customerRow(other.id))!.shippingAddresses).toEqual([]);
  });
});

describe('DELETE /api/users/deleteAddress/:id', () => {
  async function withAddresses(addresses: string[]) {
    const user = await signUpCustomer(t);
    for (const newAddress of addresses) {
      await t.request({
        method: 'POST',
        url: `/api/users/addAddress/${user.id}`,
        cookie: user.cookie,
        payload: { newAddress },
      });
    }
    return user;
  }

  it("removes the address: 'Address Deleted' with the remaining list", async () => {
    const user = await withAddresses(['1 First St', '2 Second St', '3 Third St']);
    const response = await t.request({
      method: 'DELETE',
      url: `/api/users/deleteAddress/${user.id}`,
      cookie: user.cookie,
      payload: { address: '2 Second St' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Address Deleted',
      shippingAddress: ['1 First St', '3 Third St'],
    });
    expect((await current(user.cookie)).json().shippingAddress).toEqual(['1 First St', '3 Third St']);
  });

  it('answers 404 for an address the user does not have', async () => {
    const user = await withAddresses(['1 First St']);
    const response = await t.request({
      method: 'DELETE',
      url: `/api/users/deleteAddress/${user.id}`,
      cookie: user.cookie,
      payload: { address: '99 Nowhere St' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Address not found');
    expect((await customerRow(user.id))!.shippingAddresses).toEqual(['1 First St']);
  });

  it('answers 401 for a visitor and 403 for another customer', async () => {
    const user = await withAddresses(['1 First St']);
    const other = await signUpCustomer(t);
    const url = `/api/users/deleteAddress/${user.id}`;
    const payload = { address: '1 First St' };
    expect((await t.request({ method: 'DELETE', url, payload })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url, payload, cookie: other.cookie })).statusCode).toBe(403);
    expect((await customerRow(user.id))!.shippingAddresses).toEqual(['1 First St']);
  });
});

describe('GET /api/users/all', () => {
  const tag = `Listed${Date.now()}`;
  let listed: SignedIn[];
  beforeAll(async () => {
    // Name order Alpha, Bravo, Charlie; email order the reverse.
    listed = [];
    for (const [word, prefix] of [
      ['Alpha', 'c'],
      ['Bravo', 'b'],
      ['Charlie', 'a'],
    ] as const) {
      listed.push(
        await signUpCustomer(t, {
          name: `${tag} ${word}`,
          email: `${prefix}-${tag.toLowerCase()}@example.com`,
        }),
      );
    }
  });

  const list = (query = '', cookie = admin.cookie) =>
    t.request({ method: 'GET', url: `/api/users/all${query}`, cookie });

  it('answers 401 for a visitor and for a customer session', async () => {
    expect((await list('', '')).statusCode).toBe(401);
    expect((await list('', listed[0]!.cookie)).statusCode).toBe(401);
  });

  it('lists the users (a page of at most 100) with their public fields and the total in x-total-count', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const users = response.json();
    const total = await countRows(t, 'customers');
    expect(users).toHaveLength(Math.min(total, 100));
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe(String(total));
    for (const user of users) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(response.body).not.toMatch(/argon2|password/i);
  });

  it('searches by name, case-insensitively', async () => {
    const response = await list(`?q=${tag.toUpperCase()}%20br`);
    expect(response.json().map((u: { _id: string }) => u._id)).toEqual([listed[1]!.id]);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('1');
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    for (const q of ['%25', '_', `${tag}%25Alpha`]) {
      const response = await list(`?q=${q}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers[TOTAL_COUNT_HEADER]).toBe('0');
    }
  });

  it.each([
    ['name', 'asc', ['Alpha', 'Bravo', 'Charlie']],
    ['name', 'desc', ['Charlie', 'Bravo', 'Alpha']],
    ['email', 'asc', ['Charlie', 'Bravo', 'Alpha']],
    ['email', 'desc', ['Alpha', 'Bravo', 'Charlie']],
  ])('sorts by %s %s', async (sort, order, expected) => {
    const response = await list(`?q=${tag}&sort=${sort}&order=${order}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((u: { name: string }) => u.name)).toEqual(expected.map((w) => `${tag} ${w}`));
  });

  it('pages with limit and offset, keeping the total of all matches', async () => {
    const response = await list(`?q=${tag}&sort=name&limit=2&offset=1`);
    expect(response.json().map((u: { name: string }) => u.name)).toEqual([`${tag} Bravo`, `${tag} Charlie`]);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBe('3');
    const past = await list(`?q=${tag}&sort=name&limit=2&offset=3`);
    expect(past.json()).toEqual([]);
    expect(past.headers[TOTAL_COUNT_HEADER]).toBe('3');
  });

  it('rejects bad paging and unknown sort columns with 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?offset=-1',
      '?sort=passwordHash',
      '?order=up',
      '?role=x',
    ]) {
      expect((await list(query)).statusCode, query).toBe(400);
    }
  });
});

describe('DELETE /api/users/delete/:id', () => {
  const remove = (id: string, cookie = admin.cookie) =>
    t.request({ method: 'DELETE', url: `/api/users/delete/${id}`, cookie, payload: { _id: id } });

  it('lets an admin delete a user, ending their sessions', async () => {
    const user = await signUpCustomer(t);
    const response = await remove(user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(await customerRow(user.id)).toBeUndefined();
    expect((await current(user.cookie)).json()).toBeNull();
    expect((await signIn(user.email, 'secret123', { remoteAddress: '10.7.0.1' })).statusCode).toBe(401);
  });

  it("keeps the user's orders, still naming the customer", async () => {
    const user = await signUpCustomer(t, { name: 'Gabriela Silang' });
    const [order] = await t.database.db
      .insert(orders)
      .values({
        customerId: user.id,
        customerName: 'Gabriela Silang',
        shippingAddress: '1 Vigan St',
        paymentMethod: 'cod',
        status: 'pending',
        subtotal: '699.00',
        shippingFee: '0.00',
        tax: '69.90',
        total: '768.90',
      })
      .returning();
    expect((await remove(user.id)).statusCode).toBe(200);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ customerId: null, customerName: 'Gabriela Silang', total: '768.90' });
  });

  it('takes the path id, with or without a body', async () => {
    const user = await signUpCustomer(t);
    const response = await t.request({
      method: 'DELETE',
      url: `/api/users/delete/${user.id}`,
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(await customerRow(user.id)).toBeUndefined();
    const unknown = await t.request({
      method: 'DELETE',
      url: '/api/users/delete/00000000-0000-4000-8000-000000000000',
      cookie: admin.cookie,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const response = await remove('00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('User not found');
    expect((await remove('not-a-uuid')).statusCode).toBe(400);
  });

  it('answers 401 for a visitor and for a customer, deleting nothing', async () => {
    const user = await signUpCustomer(t);
    expect((await remove(user.id, '')).statusCode).toBe(401);
    expect((await remove(user.id, user.cookie)).statusCode).toBe(401);
    expect(await customerRow(user.id)).toBeDefined();
  });
});
