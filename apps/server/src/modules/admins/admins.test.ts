import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admins, sessions, signInThrottle } from '../../db/schema.ts';
import {
  ADMIN,
  buildTestApp,
  cookieOf,
  countRows,
  freezeThrottleClock,
  multipartBody,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';
import { createAdmin } from './admins.service.ts';

let t: TestApp;
let admin: SignedIn;
let other: SignedIn;
const OTHER = { username: 'Curator', email: 'curator@example.com', password: 'curator-pw' };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
  other = await signInAdmin(t, OTHER);
});
afterAll(() => t.close());

const ADMIN_FIELDS = ['_id', 'email', 'id', 'imageUrl', 'role', 'username'];

function me(cookie?: string) {
  return t.request({ method: 'GET', url: '/api/admin', ...(cookie ? { cookie } : {}) });
}

function signIn(username: string, password: string, extra: Partial<Parameters<TestApp['request']>[0]> = {}) {
  return t.request({ method: 'POST', url: '/api/admin/sign-in', payload: { username, password }, ...extra });
}

const adminSid = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === 'admin_sid');

async function adminRow(id: string) {
  const [row] = await t.database.db.select().from(admins).where(eq(admins.id, id));
  return row;
}

/** A fresh admin with a session of their own, for tests that change their profile. */
let adminCounter = 0;
async function freshAdmin() {
  adminCounter += 1;
  return signInAdmin(t, {
    username: `editor${adminCounter}`,
    email: `editor${adminCounter}@example.com`,
    password: 'editor-pw',
  });
}

describe('GET /api/admin', () => {
  it('answers 401 without an admin session', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect((await me('admin_sid=forged-token')).statusCode).toBe(401);
  });

  it('answers the signed-in admin with _id, id, username, email, imageUrl and role, never the hash', async () => {
    const response = await me(admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(ADMIN_FIELDS);
    expect(body).toEqual({
      _id: admin.id,
      id: admin.id,
      username: 'admin',
      email: ADMIN.email,
      imageUrl: '',
      role: 'owner',
    });
    expect(response.body).not.toMatch(/argon2|password|hash/i);
    expect(response.body).not.toContain(ADMIN.password);
  });

  it('answers 401 once the admin session has expired', async () => {
    const session = await signInAdmin(t);
    const token = session.cookie.replace('admin_sid=', '');
    expect((await me(session.cookie)).statusCode).toBe(200);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect((await me(session.cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/sign-in', () => {
  it('answers 200 with a message and an httpOnly SameSite=Lax admin_sid cookie', async () => {
    const response = await signIn('admin', ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(response.body).not.toContain(ADMIN.password);
    const sid = adminSid(response);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid!.value).toMatch(/^[\w-]{43}$/);
    // Only admin cookies (the session and the known device): a customer session is not started.
    expect(response.cookies.map((c) => c.name).sort()).toEqual(['admin_device', 'admin_sid']);
    expect((await me(cookieOf(response))).json()._id).toBe(admin.id);
  });

  it('issues a new session on each sign-in', async () => {
    const before = await countRows(t, 'sessions');
    const a = adminSid(await signIn('admin', ADMIN.password))!.value;
    const b = adminSid(await signIn('admin', ADMIN.password))!.value;
    expect(a).not.toBe(b);
    expect(await countRows(t, 'sessions')).toBe(before + 2);
  });

  it('matches the username case-insensitively', async () => {
    const response = await signIn('ADMIN', ADMIN.password);
    expect(response.statusCode).toBe(200);
    expect((await me(cookieOf(response))).json().username).toBe('admin');
    const mixed = await signIn('cUrAtOr', OTHER.password);
    expect((await me(cookieOf(mixed))).json()._id).toBe(other.id);
  });

  it("rejects a 3-character username with 'Too short!'", async () => {
    const response = await signIn('adm', ADMIN.password);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBe('Too short!');
    expect(response.cookies).toHaveLength(0);
  });

  it("rejects a 5-character password with 'Passwords must be at least 6 characters long'", async () => {
    const response = await signIn('admin', '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.password).toBe('Passwords must be at least 6 characters long');
    expect(response.cookies).toHaveLength(0);
  });

  it("answers a wrong password and an unknown username alike: 401 'Invalid username or password'", async () => {
    const wrong = await signIn('admin', 'not-the-password', { remoteAddress: '10.1.0.1' });
    const unknown = await signIn('nobody-here', ADMIN.password, { remoteAddress: '10.1.0.1' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('does not let customer credentials in', async () => {
    const customer = await signUpCustomer(t, { password: 'secret123' });
    const response = await signIn(customer.email, 'secret123', { remoteAddress: '10.1.0.2' });
    expect(response.statusCode).toBe(401);
  });

  it('makes one client wait after 5 failures on a username, in any case; others and known devices get in', async () => {
    freezeThrottleClock();
    const target = { username: 'throttled', email: 'throttled@example.com', password: 'throttled-pw' };
    await createAdmin(t.database.db, target);
    const home = await signIn('throttled', target.password, { remoteAddress: '10.2.0.9' });
    const device = home.cookies.find((c) => c.name === 'admin_device')!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/sign-in' });

    const options = { remoteAddress: '10.2.0.1' };
    for (let i = 0; i < 5; i += 1) {
      const username = i % 2 === 0 ? 'throttled' : 'THROTTLED';
      const response = await signIn(username, `wrong-${i}-pw`, options);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
    }
    const [row] = await t.database.db
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.key, 'admin:ip:10.2.0.1:account:throttled'));
    expect(row?.failures).toBe(5);
    const blocked = await signIn('Throttled', target.password, options);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({ message: 'Too many sign-in attempts. Try again in 1 second.' });
    expect(blocked.cookies).toHaveLength(0);
    // Another admin from the same address, the owner's known device there, and another address.
    expect((await signIn('admin', ADMIN.password, options)).statusCode).toBe(200);
    const known = await signIn('throttled', target.password, {
      ...options,
      cookie: `admin_device=${device.value}`,
    });
    expect(known.statusCode).toBe(200);
    expect((await signIn('throttled', target.password, { remoteAddress: '10.2.0.2' })).statusCode).toBe(200);
  });

  it('keeps admin and customer budgets apart, on one address and one name', async () => {
    freezeThrottleClock();
    const customer = await signUpCustomer(t, { password: 'secret123' });
    // An admin whose username is an email a customer attack aims at.
    const target = { username: 'lock@example.com', email: 'lock@example.com', password: 'lock-pw-123' };
    await createAdmin(t.database.db, target);
    const customerSignIn = (email: string, password: string, remoteAddress: string) =>
      t.request({ method: 'POST', url: '/api/users/sign-in', payload: { email, password }, remoteAddress });

    // 20 customer failures from one address, 5 of them on the admin's name: the customer budgets are spent...
    for (let i = 0; i < 20; i += 1) {
      const email = i < 5 ? target.username : `probe-${i}@example.com`;
      expect((await customerSignIn(email, `wrong-${i}-pw`, '10.3.0.1')).statusCode).toBe(401);
    }
    expect((await customerSignIn(customer.email, 'secret123', '10.3.0.1')).statusCode).toBe(429);
    // ...the admin's are not.
    expect((await signIn(target.username, target.password, { remoteAddress: '10.3.0.1' })).statusCode).toBe(
      200,
    );

    // And the other way round.
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await signIn(`probe-admin-${i}`, `wrong-${i}-pw`, { remoteAddress: '10.3.0.2' })).statusCode,
      ).toBe(401);
    }
    expect((await signIn(target.username, target.password, { remoteAddress: '10.3.0.2' })).statusCode).toBe(
      429,
    );
    expect((await customerSignIn(customer.email, 'secret123', '10.3.0.2')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/sign-out', () => {
  it('deletes the session, so the old cookie no longer opens admin routes', async () => {
    const session = await signInAdmin(t);
    expect((await me(session.cookie)).statusCode).toBe(200);
    const before = await countRows(t, 'sessions');
    const response = await t.request({ method: 'POST', url: '/api/admin/sign-out', cookie: session.cookie });
    expect(response.statusCode).toBe(200);
    expect(adminSid(response)?.value).toBe('');
    expect(await countRows(t, 'sessions')).toBe(before - 1);
    expect((await me(session.cookie)).statusCode).toBe(401);
    const list = await t.request({ method: 'GET', url: '/api/users/all', cookie: session.cookie });
    expect(list.statusCode).toBe(401);
    // The admin's other sessions live on.
    expect((await me(admin.cookie)).statusCode).toBe(200);
  });

  it('answers 200 without a session', async () => {
    const response = await t.request({ method: 'POST', url: '/api/admin/sign-out' });
    expect(response.statusCode).toBe(200);
  });
});

describe('PATCH /api/admin/:id', () => {
  function patch(session: SignedIn, form: Awaited<ReturnType<typeof multipartBody>>, id = session.id) {
    return t.request({ method: 'PATCH', url: `/api/admin/${id}`, cookie: session.cookie, ...form });
  }

  it('updates the own username and email, answering the admin and a message', async () => {
    const editor = await freshAdmin();
    const response = await patch(
      editor,
      await multipartBody({ username: 'Renamed Editor', email: 'New@Example.com' }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: expect.any(String),
      _id: editor.id,
      id: editor.id,
      username: 'Renamed Editor',
      email: 'new@example.com',
      imageUrl: '',
      role: 'owner',
    });
    expect(response.body).not.toMatch(/argon2|password|hash/i);
    expect((await me(editor.cookie)).json()).toMatchObject({
      username: 'Renamed Editor',
      email: 'new@example.com',
    });
    // The new username signs in; the old one does not.
    expect((await signIn('renamed editor', 'editor-pw')).statusCode).toBe(200);
    expect((await signIn(editor.name, 'editor-pw', { remoteAddress: '10.4.0.1' })).statusCode).toBe(401);
  });

  it('stores an uploaded image as WebP and serves it with a long-lived immutable cache', async () => {
    const editor = await freshAdmin();
    const response = await patch(
      editor,
      await multipartBody({ username: editor.name, email: editor.email }, [
        ['imageUrl', await testPng(), 'me.png'],
      ]),
    );
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json();
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    expect((await adminRow(editor.id))!.imageUrl).toBe(imageUrl);
    expect((await me(editor.cookie)).json().imageUrl).toBe(imageUrl);
    const image = await t.request({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);

    // A later update without a file keeps the image.
    const again = await patch(
      editor,
      await multipartBody({ username: editor.name, email: 'kept@example.com' }),
    );
    expect(again.json().imageUrl).toBe(imageUrl);
  });

  it("answers 403 for another admin's id and changes nothing", async () => {
    const editor = await freshAdmin();
    const response = await patch(
      editor,
      await multipartBody({ username: 'Hijacked', email: 'h@example.com' }),
      other.id,
    );
    expect(response.statusCode).toBe(403);
    expect((await adminRow(other.id))!.username).toBe(OTHER.username);
  });

  it('answers 401 without an admin session, and for a customer session', async () => {
    const customer = await signUpCustomer(t);
    const form = await multipartBody({ username: 'Hijacked', email: 'h@example.com' });
    const anonymous = await t.request({ method: 'PATCH', url: `/api/admin/${admin.id}`, ...form });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await t.request({
      method: 'PATCH',
      url: `/api/admin/${admin.id}`,
      cookie: customer.cookie,
      ...form,
    });
    expect(asCustomer.statusCode).toBe(401);
    expect((await adminRow(admin.id))!.username).toBe('admin');
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['3-character', 'abc'],
  ])("rejects an %s username with 'Required'", async (_label, username) => {
    const editor = await freshAdmin();
    const response = await patch(editor, await multipartBody({ username, email: editor.email }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.username).toBe('Required');
    expect((await adminRow(editor.id))!.username).toBe(editor.name);
  });

  it('rejects an invalid email with 400', async () => {
    const editor = await freshAdmin();
    const response = await patch(editor, await multipartBody({ username: editor.name, email: 'nope' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.email).toBeTypeOf('string');
  });

  it("answers 409 for another admin's username, in any case", async () => {
    const editor = await freshAdmin();
    const response = await patch(editor, await multipartBody({ username: 'CURATOR', email: editor.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().errors.username).toBe('This username is already taken');
    expect((await adminRow(editor.id))!.username).toBe(editor.name);
  });

  it('lets an admin keep their own username, or change only its case', async () => {
    const editor = await freshAdmin();
    const response = await patch(
      editor,
      await multipartBody({ username: editor.name.toUpperCase(), email: editor.email }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(editor.name.toUpperCase());
  });

  it('answers 415 for non-image bytes and keeps the profile', async () => {
    const editor = await freshAdmin();
    const response = await patch(
      editor,
      await multipartBody({ username: 'Should Not Save', email: editor.email }, [
        ['imageUrl', Buffer.from('just some text'), 'avatar.png'],
      ]),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Only png, jpeg, jpg and svg images are accepted');
    expect((await adminRow(editor.id))!.username).toBe(editor.name);
  });
});

describe('customer and admin sessions are separate', () => {
  let customer: SignedIn;
  beforeAll(async () => {
    customer = await signUpCustomer(t);
  });

  it('a customer session does not open admin routes', async () => {
    expect((await me(customer.cookie)).statusCode).toBe(401);
    const list = await t.request({ method: 'GET', url: '/api/users/all', cookie: customer.cookie });
    expect(list.statusCode).toBe(401);
    // Not even with the customer's token moved into the admin cookie.
    const swapped = customer.cookie.replace(/^sid=/, 'admin_sid=');
    expect((await me(swapped)).statusCode).toBe(401);
  });

  it('an admin session is not a customer session', async () => {
    const current = await t.request({ method: 'GET', url: '/api/users/current', cookie: admin.cookie });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toBeNull();
    const swapped = admin.cookie.replace(/^admin_sid=/, 'sid=');
    const moved = await t.request({ method: 'GET', url: '/api/users/current', cookie: swapped });
    expect(moved.json()).toBeNull();
    const add = await t.request({
      method: 'POST',
      url: `/api/users/addAddress/${admin.id}`,
      cookie: admin.cookie,
      payload: { newAddress: '1 Admin St' },
    });
    expect(add.statusCode).toBe(401);
  });

  it('one browser can hold both, and signing out of one keeps the other', async () => {
    const adminSession = await signInAdmin(t);
    const both = `${customer.cookie}; ${adminSession.cookie}`;
    expect((await me(both)).json()._id).toBe(admin.id);
    const current = await t.request({ method: 'GET', url: '/api/users/current', cookie: both });
    expect(current.json()._id).toBe(customer.id);

    await t.request({ method: 'POST', url: '/api/admin/sign-out', cookie: both });
    expect((await me(both)).statusCode).toBe(401);
    const still = await t.request({ method: 'GET', url: '/api/users/current', cookie: both });
    expect(still.json()._id).toBe(customer.id);

    const customerAgain = cookieOf(
      await t.request({
        method: 'POST',
        url: '/api/users/sign-in',
        payload: { email: customer.email, password: 'secret123' },
      }),
    );
    const second = await signInAdmin(t);
    await t.request({
      method: 'POST',
      url: '/api/users/logout',
      cookie: `${customerAgain}; ${second.cookie}`,
    });
    expect((await me(second.cookie)).statusCode).toBe(200);
  });
});
