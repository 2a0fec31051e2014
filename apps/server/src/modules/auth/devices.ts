import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { admins, customers, knownDevices } from '../../db/schema.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import type { SessionKind } from './sessions.ts';

/**
 * A known device is a browser that has signed in to an account: it holds a random token in a
 * long-lived cookie that outlives sign-out, bound to that account. Its sign-ins are throttled by
 * its own failures only, so others' guesses never lock its owner out.
 */
const DEVICE_COOKIES = { customer: 'device', admin: 'admin_device' } as const;
const DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;

export interface KnownDevice {
  id: string;
  token: string;
}

/** The request's device, when its cookie is live and bound to the account named (email or username). */
export async function findKnownDevice(
  db: Executor,
  request: FastifyRequest,
  kind: SessionKind,
  account: string,
): Promise<KnownDevice | null> {
  const token = request.cookies[DEVICE_COOKIES[kind]];
  if (!token) return null;
  const live = and(eq(knownDevices.tokenHash, tokenDigest(token)), gt(knownDevices.expiresAt, new Date()));
  const name = account.toLowerCase();
  const [row] =
    kind === 'customer'
      ? await db
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .innerJoin(customers, eq(customers.id, knownDevices.customerId))
          .where(and(live, eq(customers.email, name)))
      : await db
          .select({ id: knownDevices.id })
          .from(knownDevices)
          .innerJoin(admins, eq(admins.id, knownDevices.adminId))
          .where(and(live, sql`lower(${admins.username}) = ${name}`));
  return row ? { id: row.id, token } : null;
}

/**
 * After a successful sign-in: the device it came from is kept for another year, or a new one is
 * issued for this account. The cookie goes back to the sign-in route only.
 */
export async function rememberDevice(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
  subjectId: string,
  device: KnownDevice | null,
) {
  const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
  const token = device?.token ?? newToken();
  if (device) {
    await db.update(knownDevices).set({ expiresAt }).where(eq(knownDevices.id, device.id));
  } else {
    await db.insert(knownDevices).values({
      tokenHash: tokenDigest(token),
      customerId: kind === 'customer' ? subjectId : null,
      adminId: kind === 'admin' ? subjectId : null,
      expiresAt,
    });
    await db.delete(knownDevices).where(lt(knownDevices.expiresAt, new Date()));
  }
  reply.setCookie(DEVICE_COOKIES[kind], token, {
    path: request.routeOptions.url,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.server.secureCookie(request),
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/** Forgets every browser known to the account: after a reset, none keeps its sign-in allowance. */
export async function forgetDevices(db: Executor, kind: SessionKind, subjectId: string): Promise<void> {
  await db
    .delete(knownDevices)
    .where(
      kind === 'customer' ? eq(knownDevices.customerId, subjectId) : eq(knownDevices.adminId, subjectId),
    );
}
