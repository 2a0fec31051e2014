import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, knownDevices, orders, sessions } from '../../db/schema.ts';
import {
  buildTestApp,
  cookieOf,
  freezeThrottleClock,
  insertProduct,
  multipartBody,
  newCustomer,
  ORDER_ADDRESS,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from '../../test/helpers.ts';

let t: TestApp;
let admin: SignedIn;
let product: ProductRow;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInAdmin(t);
  product = await insertProduct(t, { price: '699.00' });
});
afterAll(() => t.close());

const PASSWORD = 'secret123';

function exportData(cookie?: string) {
  return t.request({ method: 'GET', url: '/api/users/me/export', ...(cookie ? { cookie } : {}) });
}

function deleteAccount(cookie: string | undefined, password: unknown = PASSWORD) {
  return t.request({
    method: 'DELETE',
    url: '/api/users/me',
    payload: { password },
    ...(cookie ? { cookie } : {}),
  });
}

function signIn(email: string, password = PASSWORD, remoteAddress = '10.9.0.1') {
  return t.request({
    method: 'POST',
    url: '/api/users/sign-in',
    payload: { email, password },
    remoteAddress,
  });
}

function addAddress(customer: SignedIn, newAddress: string) {
  return t.request({
    method: 'POST',
    url: `/api/users/addAddress/${customer.id}`,
    cookie: customer.cookie,
    payload: { newAddress },
  });
}

/** Gives the customer a picture (a plain PNG of `colour`); answers its URL. */
async function uploadAvatar(customer: SignedIn, colour: string) {
  const form = await multipartBody(
    { name: customer.name, email: customer.email, contactNumber: '+639171234567' },
    [['imageUrl', await testPng(colour)]],
  );
  const response = await t.request({
    method: 'PATCH',
    url: `/api/users/${customer.id}`,
    cookie: customer.cookie,
    ...form,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().imageUrl as string;
}

async function customerRow(id: string) {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

const sessionsOf = (id: string) => t.database.db.select().from(sessions).where(eq(sessions.customerId, id));
const devicesOf = (id: string) =>
  t.database.db.select().from(knownDevices).where(eq(knownDevices.customerId, id));
const sidOf = (cookie: string) => /(?:^|; )sid=([^;]+)/.exec(cookie)![1]!;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('GET /api/users/me/export', () => {
  it('answers 401 for a visitor and for an admin session', async () => {
    for (const cookie of [undefined, admin.cookie]) {
      const response = await exportData(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'User must log in first.' });
    }
  });

  it("downloads exactly the caller's profile, addresses, orders, sessions and devices", async () => {
    const a = await signUpCustomer(t, { name: 'Andres Bonifacio' });
    const b = await signUpCustomer(t, { name: 'Gabriela Silang' });
    expect((await addAddress(a, '7 Mabini St, Quezon City')).statusCode).toBe(200);
    expect((await addAddress(b, '9 Luna St, Vigan City')).statusCode).toBe(200);
    const order = await placeOrderOk(t, a, [orderLineFor(product, { deliveryOption: { fee: 50 } })]);
    const orderOfB = await placeOrderOk(t, b, [orderLineFor(product)]);

    const response = await exportData(a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="habi-my-data.json"');
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(Object.keys(data).sort()).toEqual([
      'devices',
      'exportedAt',
      'newsletter',
      'orders',
      'profile',
      'sessions',
      'shippingAddress',
    ]);
    expect(data.exportedAt).toMatch(ISO);
    // Never subscribed: the subscription of an address that did is in newsletter.test.ts.
    expect(data.newsletter).toBeNull();
    expect(data.profile).toEqual({
      _id: a.id,
      name: 'Andres Bonifacio',
      email: a.email,
      contactNumber: '+639171234567',
      imageUrl: '',
      createdAt: expect.stringMatching(ISO),
    });
    expect(data.shippingAddress).toEqual(['7 Mabini St, Quezon City']);
    // The order as the orders API shows it, with its lines and statuses.
    expect(data.orders).toEqual([order]);
    expect(data.orders[0]).toMatchObject({
      status: 'pending',
      user: 'Andres Bonifacio',
      userId: a.id,
      shippingAddress: ORDER_ADDRESS,
      subtotal: '699.00',
      shippingFee: '50.00',
      tax: '74.90',
      total: '823.90',
    });
    expect(data.orders[0].products).toEqual([
      expect.objectContaining({
        productId: product.id,
        quantity: 1,
        price: '699.00',
        size: 'S',
        productStatus: 'toPay',
        deliveryOption: { date: expect.any(String), fee: 50 },
      }),
    ]);
    // The sign-up's session; no browser is remembered until a sign-in.
    expect(data.sessions).toEqual([
      {
        createdAt: expect.stringMatching(ISO),
        expiresAt: expect.stringMatching(ISO),
        lastSeenAt: expect.stringMatching(ISO),
        userAgent: 'lightMyRequest',
        // The sign-up's client (signUpCustomer's own address), its last part hidden.
        network: expect.stringMatching(/^10\.250\.\d+\.\*$/),
      },
    ]);
    expect(data.devices).toEqual([]);

    // Nothing of another customer's, no hash, no token.
    for (const other of [b.id, b.email, 'Gabriela Silang', '9 Luna St, Vigan City', orderOfB._id]) {
      expect(response.body).not.toContain(other);
    }
    const token = sidOf(a.cookie);
    expect(response.body).not.toContain(token);
    expect(response.body).not.toContain(createHash('sha256').update(token).digest('hex'));
    expect(response.body).not.toMatch(/argon2|password|hash|token/i);
  });

  it('lists every live session and remembered browser, each by its dates only', async () => {
    const a = await signUpCustomer(t);
    const second = await signIn(a.email);
    expect(second.statusCode).toBe(200);
    const data = (await exportData(cookieOf(second))).json();
    expect(data.sessions).toHaveLength(2);
    expect(data.devices).toEqual([
      { createdAt: expect.stringMatching(ISO), expiresAt: expect.stringMatching(ISO) },
    ]);
    const [device] = await devicesOf(a.id);
    expect(data.devices[0].expiresAt).toBe(device!.expiresAt.toISOString());
    expect(JSON.stringify(data)).not.toContain(device!.tokenHash);
  });
});

describe('DELETE /api/users/me', () => {
  it('answers 401 for a visitor and for an admin session', async () => {
    const response = await deleteAccount(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'User must log in first.' });
    expect((await deleteAccount(admin.cookie, 'admin-secret')).statusCode).toBe(401);
  });

  it('refuses a wrong password with 403 under the field, erasing nothing', async () => {
    const a = await signUpCustomer(t, { name: 'Melchora Aquino' });
    expect((await addAddress(a, '3 Rizal Ave, Caloocan')).statusCode).toBe(200);
    const order = await placeOrderOk(t, a, [orderLineFor(product)]);
    const before = await customerRow(a.id);

    const response = await deleteAccount(a.cookie, 'not-my-password');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Invalid password',
      errors: { password: 'Invalid password' },
    });
    expect(response.cookies).toEqual([]);
    expect(await customerRow(a.id)).toEqual(before);
    expect(await sessionsOf(a.id)).toHaveLength(1);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept).toMatchObject({ customerId: a.id, customerName: 'Melchora Aquino' });
    expect(
      (await t.request({ method: 'GET', url: '/api/users/current', cookie: a.cookie })).json(),
    ).toMatchObject({ _id: a.id, shippingAddress: ['3 Rizal Ave, Caloocan'] });
  });

  it('checks the body after the session: a short password or an extra field is 400, nothing erased', async () => {
    const a = await signUpCustomer(t);
    const short = await deleteAccount(a.cookie, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ password: 'Password must be at least 6 characters long' });
    const extra = await t.request({
      method: 'DELETE',
      url: '/api/users/me',
      cookie: a.cookie,
      payload: { password: PASSWORD, id: a.id },
    });
    expect(extra.statusCode).toBe(400);
    expect(await customerRow(a.id)).toBeDefined();
  });

  it('erases the account, its addresses and sessions; orders stay under the name; the email is free again', async () => {
    const a = await signUpCustomer(t, { name: 'Apolinario Mabini' });
    expect((await addAddress(a, '1 Tanauan St, Batangas')).statusCode).toBe(200);
    const order = await placeOrderOk(t, a, [orderLineFor(product, { deliveryOption: { fee: 100 } })]);
    // A second session, on another browser that the store remembers.
    const elsewhere = cookieOf(await signIn(a.email));
    expect(await sessionsOf(a.id)).toHaveLength(2);
    expect(await devicesOf(a.id)).toHaveLength(1);

    const response = await deleteAccount(a.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been deleted' });
    const sid = response.cookies.find((c) => c.name === 'sid');
    expect(sid).toMatchObject({ value: '', path: '/' });

    expect(await customerRow(a.id)).toBeUndefined();
    expect(await sessionsOf(a.id)).toEqual([]);
    expect(await devicesOf(a.id)).toEqual([]);
    const [kept] = await t.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(kept).toMatchObject({
      customerId: null,
      customerName: 'Apolinario Mabini',
      subtotal: '699.00',
      shippingFee: '100.00',
      tax: '79.90',
      total: '878.90',
    });
    const afterwards = await t.request({
      method: 'GET',
      url: `/api/orders/${order._id}`,
      cookie: admin.cookie,
    });
    expect(afterwards.json()).toMatchObject({ user: 'Apolinario Mabini', userId: null, total: '878.90' });
    expect(afterwards.body).not.toContain(a.email);

    // Neither old session works any more, nor the password.
    for (const cookie of [a.cookie, elsewhere]) {
      expect((await t.request({ method: 'GET', url: '/api/users/current', cookie })).json()).toBeNull();
      expect((await exportData(cookie)).statusCode).toBe(401);
    }
    const again = await signIn(a.email, PASSWORD, '10.9.0.2');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Invalid email or password' });

    const signUp = await t.request({
      method: 'POST',
      url: '/api/users/sign-up',
      payload: newCustomer({ email: a.email, name: 'Apolinario Mabini' }),
      remoteAddress: '10.9.0.3',
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const fresh = (
      await t.request({ method: 'GET', url: '/api/users/current', cookie: cookieOf(signUp) })
    ).json();
    expect(fresh).toMatchObject({ email: a.email, shippingAddress: [] });
    expect(fresh._id).not.toBe(a.id);
    const theirs = await t.request({
      method: 'GET',
      url: `/api/orders/user/${fresh._id}`,
      cookie: cookieOf(signUp),
    });
    expect(theirs.json()).toEqual([]);
  });

  it("removes the picture's files, unless another account shows the same picture", async () => {
    const a = await signUpCustomer(t);
    const own = await uploadAvatar(a, '#7a3e9d');
    const b = await signUpCustomer(t);
    const c = await signUpCustomer(t);
    const shared = await uploadAvatar(b, '#2e8b57');
    expect(await uploadAvatar(c, '#2e8b57')).toBe(shared);
    const small = (url: string) => url.replace('-800.webp', '-400.webp');
    for (const url of [own, small(own), shared]) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    }

    expect((await deleteAccount(a.cookie)).statusCode).toBe(200);
    expect((await deleteAccount(b.cookie)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: own })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: small(own) })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: shared })).statusCode).toBe(200);

    // The back office's delete erases by the same rule.
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/users/delete/${c.id}`,
      cookie: admin.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: shared })).statusCode).toBe(404);
  });

  it('makes a guesser wait after 5 wrong passwords, even with the right one, and forgets on success', async () => {
    const clock = freezeThrottleClock();
    const a = await signUpCustomer(t);
    for (let i = 0; i < 5; i += 1) {
      expect((await deleteAccount(a.cookie, `wrong-${i}-pass`)).statusCode).toBe(403);
    }
    const waiting = await deleteAccount(a.cookie);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({ message: 'Too many password attempts. Try again in 1 second.' });
    expect(waiting.headers['retry-after']).toBe('1');
    expect(await customerRow(a.id)).toBeDefined();

    clock.advance(1000);
    expect((await deleteAccount(a.cookie)).statusCode).toBe(200);
    expect(await customerRow(a.id)).toBeUndefined();
  });

  it('refuses a cross-site request with 403, erasing nothing', async () => {
    const a = await signUpCustomer(t);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: { host: 'localhost:80', origin: 'https://evil.example', cookie: a.cookie },
      payload: { password: PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await customerRow(a.id)).toBeDefined();
  });
});
