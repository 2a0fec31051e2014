import { setTimeout as sleep } from 'node:timers/promises';
import {
  AdminChangePasswordSchema,
  ChangePasswordSchema,
  EMAIL_MESSAGES,
  ForgotPasswordSchema,
  IdParamsSchema,
  MessageResponseSchema,
  PASSWORD_MESSAGES,
  ResetLinkResponseSchema,
  ResetLinkSchema,
  ResetPasswordSchema,
  SessionListSchema,
  VerifyEmailResponseSchema,
  VerifyEmailSchema,
} from '@habi/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { audit, audited, recorder } from '../audit/index.ts';
import {
  endOtherSessions,
  endSessionById,
  listSessions,
  type SessionKind,
  throttledPasswordCheck,
  throttleEmailLink,
  throttlePasswordReset,
} from '../auth/index.ts';
import { followVerificationLink, mailVerificationLink } from './email-verification.service.ts';
import * as passwords from './passwords.service.ts';

type Deps = { db: Db; settings: passwords.AccountMailSettings };

/**
 * Every answer to a request for a password link takes at least this long, so how long one takes
 * tells nothing of whether the address has an account (mailing takes a few milliseconds more).
 */
const RESET_REQUEST_MS = 400;

/**
 * Passwords (forgotten and changed) and the lists of sessions, for customers under `/users` and
 * for admins under `/admin`.
 */
export default async function accountsRoutes(app: FastifyInstance, deps: Deps) {
  resetRoutes(app, deps);
  verificationRoutes(app, deps);
  changeRoutes(app, deps);
  sessionRoutes(app, deps, 'customer', '/users/me/sessions');
  sessionRoutes(app, deps, 'admin', '/admin/me/sessions');
}

/** A forgotten password: the link asked for by mail, checked, and used. */
function resetRoutes(app: FastifyInstance, { db, settings }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.post(
    '/users/forgot-password',
    {
      schema: { tags, body: ForgotPasswordSchema, response: { 200: MessageResponseSchema } },
      // Counted once the address is valid: only a request that may mail anyone uses the allowance.
      preHandler: (request, reply) => throttlePasswordReset(db, request, reply, request.body.email),
    },
    async (request) => {
      await Promise.all([passwords.requestReset(db, request.body.email, settings), sleep(RESET_REQUEST_MS)]);
      return { message: PASSWORD_MESSAGES.resetRequested };
    },
  );

  r.post(
    '/users/reset-password/check',
    { schema: { tags, body: ResetLinkSchema, response: { 200: ResetLinkResponseSchema } } },
    async (request) => ({ email: await passwords.checkReset(db, request.body.token) }),
  );

  r.post(
    '/users/reset-password',
    { schema: { tags, body: ResetPasswordSchema, response: { 200: MessageResponseSchema } } },
    async (request, reply) => {
      const { token, password } = request.body;
      refuseCommonPassword(password);
      const customerId = await passwords.resetPassword(db, token, password, settings);
      await app.startSession(reply, 'customer', customerId);
      return { message: PASSWORD_MESSAGES.reset };
    },
  );
}

/** Verifying an address: the mailed link followed, and a new link asked for. */
function verificationRoutes(app: FastifyInstance, { db, settings }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  r.post(
    '/users/verify-email',
    { schema: { tags, body: VerifyEmailSchema, response: { 200: VerifyEmailResponseSchema } } },
    async (request) => followVerificationLink(db, request.body.token, settings),
  );

  r.post(
    '/users/me/verify-email',
    {
      schema: { tags, response: { 200: MessageResponseSchema, 202: MessageResponseSchema } },
      onRequest: app.requireCustomer,
    },
    async (request, reply) => {
      const customer = request.customer!;
      if (customer.emailVerifiedAt) return { message: EMAIL_MESSAGES.alreadyVerified };
      await throttleEmailLink(db, request, reply, customer.id);
      await db.transaction((tx) =>
        mailVerificationLink(tx, customer, { purpose: 'verify', email: customer.email }, settings),
      );
      return reply.status(202).send({ message: EMAIL_MESSAGES.linkSent(customer.email) });
    },
  );
}

/** A signed-in customer's or admin's change of their own password, the current one required. */
function changeRoutes(app: FastifyInstance, { db, settings }: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const change = async (
    request: FastifyRequest,
    reply: Parameters<typeof throttledPasswordCheck>[1],
    account: Parameters<typeof passwords.changePassword>[1],
    { currentPassword, password }: { currentPassword: string; password: string },
  ) => {
    refuseCommonPassword(password);
    await throttledPasswordCheck(db, reply, {
      kind: account.kind,
      subjectId: account.row.id,
      verify: () => verifyPassword(account.row.passwordHash, currentPassword),
      failMessage: PASSWORD_MESSAGES.wrongCurrent,
      field: 'currentPassword',
    });
    const record = account.kind === 'admin' ? recorder(request, 'admin') : undefined;
    await passwords.changePassword(db, account, password, request.sessionId!, settings, record);
    return { message: PASSWORD_MESSAGES.changed };
  };

  r.post(
    '/users/me/password',
    {
      schema: { tags: ['users'], body: ChangePasswordSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireCustomer,
    },
    (request, reply) => change(request, reply, { kind: 'customer', row: request.customer! }, request.body),
  );

  r.post(
    '/admin/me/password',
    {
      schema: { tags: ['admin'], body: AdminChangePasswordSchema, response: { 200: MessageResponseSchema } },
      onRequest: app.requireAdmin,
    },
    (request, reply) => change(request, reply, { kind: 'admin', row: request.admin! }, request.body),
  );
}

/** Where an account is signed in, and signing out of one of those places or of all the others. */
function sessionRoutes(app: FastifyInstance, { db }: Deps, kind: SessionKind, path: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [kind === 'customer' ? 'users' : 'admin'];
  const guard = kind === 'customer' ? app.requireCustomer : app.requireAdmin;
  const subjectId = (request: FastifyRequest) => (request.customer ?? request.admin)!.id;
  /** An admin's sessions ended are kept in the audit log, in the transaction that ends them. */
  const ending = <T>(
    request: FastifyRequest,
    action: string,
    id: string | null,
    end: (tx: Db) => Promise<T>,
  ) => (kind === 'admin' ? audited(db, request, { entity: 'admin-session', action, id }, end) : end(db));

  r.get(
    path,
    { schema: { tags, response: { 200: SessionListSchema } }, onRequest: guard },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSessions(db, kind, subjectId(request), request.sessionId!);
    },
  );

  r.delete(
    `${path}/:id`,
    {
      schema: { tags, params: IdParamsSchema, response: { 200: MessageResponseSchema } },
      onRequest: guard,
    },
    async (request, reply) => {
      // Signing out of the session asking is signing out.
      const { id } = request.params;
      if (id === request.sessionId) {
        await app.endSession(request, reply, kind);
        // The auth plugin ends it: its row follows in a statement of its own.
        if (kind === 'admin') await audit(db, request, { entity: 'admin-session', id, action: 'end' });
      } else {
        await ending(request, 'end', id, async (tx) => {
          if (!(await endSessionById(tx, kind, subjectId(request), id))) {
            throw notFound('That session has ended already');
          }
        });
      }
      return { message: PASSWORD_MESSAGES.sessionEnded };
    },
  );

  r.delete(
    path,
    { schema: { tags, response: { 200: MessageResponseSchema } }, onRequest: guard },
    async (request) => {
      await ending(request, 'end-others', null, (tx) =>
        endOtherSessions(tx, kind, subjectId(request), request.sessionId!),
      );
      return { message: PASSWORD_MESSAGES.othersEnded };
    },
  );
}
