import { randomUUID } from 'node:crypto';
import { ADMIN_ROUTE_PERMISSIONS, PERMISSIONS } from '@habi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDECLARED_ROUTE } from '../modules/auth/auth.plugin.ts';
import { createSession, SESSION_COOKIES } from '../modules/auth/sessions.ts';
import { buildTestApp, type SignedIn, signInStaff, type TestApp } from './helpers.ts';

/**
 * Every admin route declares its permission in packages/shared (staff.ts), which the server's
 * guard and the back office both read. A route someone adds without declaring it is the owner's
 * alone, and this test fails on it.
 */

let t: TestApp;
let support: SignedIn;
let documented: { method: string; path: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  support = await signInStaff(t, 'support');
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  documented = Object.entries(response.json().paths as Record<string, Record<string, unknown>>)
    .filter(([path]) => path.startsWith('/api/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'),
      })),
    );
});
afterAll(() => t.close());

describe('admin route permissions', () => {
  it('answers every route with a declared permission, or none needed', async () => {
    expect(documented.length).toBeGreaterThan(50);
    const undeclared: string[] = [];
    for (const { method, path } of documented) {
      // A session of its own per route: some routes end the one they are given.
      const token = await createSession(t.database.db, 'admin', support.id);
      const response = await t.request({
        method: method as 'GET',
        url: path.replace(/:\w+/g, randomUUID()),
        cookie: `${SESSION_COOKIES.admin}=${token}`,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode === 403 && response.json().message === UNDECLARED_ROUTE) {
        undeclared.push(`${method} ${path}`);
      }
    }
    expect(undeclared, 'declare these in ADMIN_ROUTE_PERMISSIONS (packages/shared/src/staff.ts)').toEqual([]);
  });

  it('declares only routes that exist', () => {
    const routes = new Set(documented.map(({ method, path }) => `${method} ${path}`));
    expect(Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((key) => !routes.has(key))).toEqual([]);
  });

  // The roles' permissions as docs/decisions/017-staff-roles.md sets them: a change is deliberate.
  it('gives each role what the decision says', () => {
    const O = 'owner';
    const M = 'manager';
    const F = 'fulfilment';
    const S = 'support';
    expect(PERMISSIONS).toEqual({
      'self:manage': [O, M, F, S],
      'staff:manage': [O],
      'products:read': [O, M],
      'products:write': [O, M],
      'orders:read': [O, M, F, S],
      'orders:write': [O, M, F],
      'orders:delete': [O, M],
      'shipments:write': [O, M, F],
      'returns:read': [O, M, F, S],
      'returns:write': [O, M, F],
      'returns:settings': [O, M],
      'customers:read': [O, M, S],
      'customers:delete': [O],
      'subscribers:read': [O, M],
      'emails:read': [O, M, S],
      'discounts:manage': [O, M],
      'reports:read': [O, M],
      'money:read': [O, M, S],
      'payments:read': [O, M, S],
      'payments:write': [O, M],
      'payments:settings': [O],
    });
  });
});
