import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { admins, customers, sessions } from '../../db/schema.ts';

/** Customers and admins hold separate sessions in separate cookies. */
export const SESSION_COOKIES = { customer: 'sid', admin: 'admin_sid' } as const;
export type SessionKind = keyof typeof SESSION_COOKIES;
export const SESSION_TTL_MS = { customer: 30 * 24 * 3600 * 1000, admin: 7 * 24 * 3600 * 1000 } as const;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a new session and returns the token for the cookie; only its hash is stored. */
export async function createSession(db: Executor, kind: SessionKind, subjectId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: digest(token),
    customerId: kind === 'customer' ? subjectId : null,
    adminId: kind === 'admin' ? subjectId : null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS[kind]),
  });
  // Expired sessions are swept as new ones are made, so the table stays small.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return token;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, digest(token)));
}

const live = (token: string) =>
  and(eq(sessions.tokenHash, digest(token)), gt(sessions.expiresAt, new Date()));

export async function findSessionCustomer(db: Executor, token: string) {
  const [row] = await db
    .select({ customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(live(token), isNotNull(sessions.customerId)));
  return row?.customer ?? null;
}

export async function findSessionAdmin(db: Executor, token: string) {
  const [row] = await db
    .select({ admin: admins })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(live(token), isNotNull(sessions.adminId)));
  return row?.admin ?? null;
}
