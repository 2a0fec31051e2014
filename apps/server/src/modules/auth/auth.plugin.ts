import cookie from '@fastify/cookie';
import { ADMIN_ROUTE_PERMISSIONS, can, NO_ACCESS_MESSAGE } from '@habi/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import type { AdminRow, CustomerRow } from '../../db/schema.ts';
import { forbidden, notSignedIn } from '../../lib/errors.ts';

/**
 * An admin route missing from `ADMIN_ROUTE_PERMISSIONS` is the owner's alone, and says so to
 * the others (apps/server/src/test/permissions.test.ts looks for this answer on every route).
 */
export const UNDECLARED_ROUTE = 'This part of the back office has no declared permission yet: owners only';

/** A sign-in whose password was changed between its check and its session. */
const PASSWORD_CHANGED_MEANWHILE = 'Your password has just been changed. Sign in with the new one.';

import {
  createSession,
  deleteSession,
  findSessionAdmin,
  findSessionCustomer,
  SESSION_COOKIES,
  SESSION_TTL_MS,
  type SessionKind,
} from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireCustomer` / `app.loadCustomer`. */
    customer: CustomerRow | null;
    /**
     * Set by `app.requireAdmin`: the signed-in staff member, whose `id` and `role` say who did
     * what in the back office.
     */
    admin: AdminRow | null;
    /** The id of the session the guard found (customer's or admin's), for the list of sessions. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    loadCustomer(request: FastifyRequest): Promise<void>;
    requireCustomer(request: FastifyRequest): Promise<void>;
    /**
     * A staff session (401 without one) whose role holds the route's permission, as
     * `ADMIN_ROUTE_PERMISSIONS` declares it (403 otherwise; an undeclared route is the owner's).
     */
    requireAdmin(request: FastifyRequest): Promise<void>;
    /** A guard for a customer's own records: signed in, and the path's `param` is their id. */
    requireCustomerSelf(param: string): (request: FastifyRequest) => Promise<void>;
    /** A guard for an admin's own profile: signed in as an admin whose id is the path's `param`. */
    requireAdminSelf(param: string): (request: FastifyRequest) => Promise<void>;
    /**
     * Signs the subject in. After a sign-in, `verifiedHash` is the password hash just checked:
     * the session is refused (401) when the password changed meanwhile.
     */
    startSession(
      reply: FastifyReply,
      kind: SessionKind,
      subjectId: string,
      verifiedHash?: string,
    ): Promise<void>;
    /** Whether the store's cookies go with the Secure flag: COOKIE_SECURE, else the request's protocol. */
    secureCookie(request: FastifyRequest): boolean;
    endSession(request: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void>;
  }
}

/**
 * Session cookies and the guards routes use as `onRequest` hooks: they run before the body is
 * read or validated, so a caller without the right learns nothing of a route's schema and gets
 * 401 or 403 whatever it sends.
 */
async function authPlugin(app: FastifyInstance, options: { db: Db; secureCookies: boolean | undefined }) {
  const { db } = options;
  await app.register(cookie);
  app.decorateRequest('customer', null);
  app.decorateRequest('admin', null);
  app.decorateRequest('sessionId', null);

  app.decorate('loadCustomer', async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIES.customer];
    const found = token ? await findSessionCustomer(db, token) : null;
    request.customer = found?.subject ?? null;
    request.sessionId = found?.sessionId ?? null;
  });
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    await app.loadCustomer(request);
    if (!request.customer) throw notSignedIn('User must log in first.');
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIES.admin];
    const found = token ? await findSessionAdmin(db, token) : null;
    request.admin = found?.subject ?? null;
    request.sessionId = found?.sessionId ?? null;
    if (!request.admin) throw notSignedIn('Admin sign-in required');
    const permission = ADMIN_ROUTE_PERMISSIONS[adminRouteKey(request)];
    if (!permission) {
      if (request.admin.role !== 'owner') throw forbidden(UNDECLARED_ROUTE);
    } else if (!can(request.admin.role, permission)) {
      throw forbidden(NO_ACCESS_MESSAGE);
    }
  });
  // Path parameters are known before the body is read: ownership is checked with the session.
  const param = (request: FastifyRequest, name: string) => (request.params as Record<string, string>)[name];
  app.decorate('requireCustomerSelf', (name: string) => async (request: FastifyRequest) => {
    await app.requireCustomer(request);
    assertSelf(request, param(request, name) ?? '');
  });
  app.decorate('requireAdminSelf', (name: string) => async (request: FastifyRequest) => {
    await app.requireAdmin(request);
    if (request.admin!.id !== param(request, name)) throw forbidden('Admins edit only their own profile');
  });

  // Secure whenever the request came over HTTPS, unless COOKIE_SECURE says otherwise.
  app.decorate(
    'secureCookie',
    (request: FastifyRequest) => options.secureCookies ?? request.protocol === 'https',
  );
  const cookieOptions = (kind: SessionKind, request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.secureCookie(request),
    maxAge: SESSION_TTL_MS[kind] / 1000,
  });
  app.decorate(
    'startSession',
    async (reply: FastifyReply, kind: SessionKind, subjectId: string, verifiedHash?: string) => {
      const { headers, ip } = reply.request;
      const origin = { userAgent: headers['user-agent'] ?? '', ip };
      const token = await createSession(db, kind, subjectId, origin, verifiedHash);
      if (!token) throw notSignedIn(PASSWORD_CHANGED_MEANWHILE);
      reply.setCookie(SESSION_COOKIES[kind], token, cookieOptions(kind, reply.request));
    },
  );
  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply, kind: SessionKind) => {
    const token = request.cookies[SESSION_COOKIES[kind]];
    if (token) await deleteSession(db, token);
    reply.clearCookie(SESSION_COOKIES[kind], { path: '/' });
  });
}

/** The route as `ADMIN_ROUTE_PERMISSIONS` names it: `GET /api/orders/:id` (HEAD is GET's). */
export function adminRouteKey(request: FastifyRequest): string {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${request.routeOptions.url?.replace(/(.)\/$/, '$1') ?? ''}`;
}

/** A customer may act only on their own id. */
export function assertSelf(request: FastifyRequest, id: string) {
  if (request.customer?.id !== id) throw forbidden();
}

export default fp(authPlugin, { name: 'auth' });
