import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, newCustomer, type TestApp } from '../../test/helpers.ts';

// Behind a proxy that ends TLS the store sees http: COOKIE_SECURE=true is how an operator says
// the cookies must still be Secure, and every cookie of the sign-in follows it.
describe('COOKIE_SECURE=true over plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ COOKIE_SECURE: 'true' });
  });
  afterAll(() => t.close());

  it('marks the session and the known-device cookies Secure', async () => {
    const body = newCustomer();
    expect((await t.request({ method: 'POST', url: '/api/users/sign-up', payload: body })).statusCode).toBe(
      201,
    );
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/users/sign-in',
      payload: { email: body.email, password: body.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookies = Object.fromEntries(signedIn.cookies.map((c) => [c.name, c]));
    expect(Object.keys(cookies).sort()).toEqual(['device', 'sid']);
    for (const name of ['device', 'sid']) expect(cookies[name]!.secure, name).toBe(true);
  });
});
