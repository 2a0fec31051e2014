import type { Session } from '@habi/shared';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { admins, customers, sessions } from '../../db/schema.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import { networkOf } from './client-address.ts';
import { describeUserAgent } from './user-agent.ts';

/** Customers and admins hold separate sessions in separate cookies. */
export const SESSION_COOKIES = { customer: 'sid', admin: 'admin_sid' } as const;
export type SessionKind = keyof typeof SESSION_COOKIES;
export const SESSION_TTL_MS = { customer: 30 * 24 * 3600 * 1000, admin: 7 * 24 * 3600 * 1000 } as const;
/** A session's "last seen" moves at most this often, so a busy session costs no write per request. */
const LAST_SEEN_STEP_MS = 5 * 60_000;

/** Where a session is signed in from, as its account's list of sessions shows it. */
export interface SessionOrigin {
  userAgent: string;
  ip: string;
}

const USER_AGENT_MAX = 512;

/**
 * Issues a new session and returns the token for the cookie; only its hash is stored. Given the
 * password hash a sign-in just verified, it is issued only while the account still has that
 * hash (null otherwise): a reset or change committed since, whose new password ended every
 * other session, must not be outrun by a sign-in with the old one. The account's row is read
 * `FOR SHARE`, so a reset in progress is waited for; one that starts later ends this session.
 */
export async function createSession(
  db: Executor,
  kind: SessionKind,
  subjectId: string,
  origin: SessionOrigin = { userAgent: '', ip: '' },
  verifiedHash?: string,
): Promise<string | null> {
  const token = newToken();
  const row = {
    tokenHash: tokenDigest(token),
    customerId: kind === 'customer' ? subjectId : null,
    adminId: kind === 'admin' ? subjectId : null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS[kind]),
    userAgent: origin.userAgent.slice(0, USER_AGENT_MAX),
    network: networkOf(origin.ip),
  };
  if (verifiedHash === undefined) {
    await db.insert(sessions).values(row);
  } else {
    const account = kind === 'customer' ? customers : admins;
    const made = await db.execute(sql`insert into ${sessions}
        (token_hash, customer_id, admin_id, expires_at, user_agent, network)
      select ${row.tokenHash}, ${row.customerId}::uuid, ${row.adminId}::uuid,
        ${row.expiresAt.toISOString()}::timestamptz, ${row.userAgent}, ${row.network}
      from ${account} where ${account.id} = ${subjectId} and ${account.passwordHash} = ${verifiedHash}
      for share returning 1 as made`);
    if ((made as unknown as { rows: unknown[] }).rows.length === 0) return null;
  }
  // Expired sessions are swept as new ones are made, so the table stays small.
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  return token;
}

export async function deleteSession(db: Executor, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenDigest(token)));
}

const live = (token: string) =>
  and(eq(sessions.tokenHash, tokenDigest(token)), gt(sessions.expiresAt, new Date()));

/** The session's own columns a guard keeps on the request. */
const own = { id: sessions.id, lastSeenAt: sessions.lastSeenAt };

/** Marks a session seen now, when it was last marked more than a step ago. */
async function seen(db: Executor, session: { id: string; lastSeenAt: Date }) {
  if (session.lastSeenAt.getTime() > Date.now() - LAST_SEEN_STEP_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, session.id),
        lt(sessions.lastSeenAt, sql`now() - ${LAST_SEEN_STEP_MS} * interval '1 millisecond'`),
      ),
    );
}

export async function findSessionCustomer(db: Executor, token: string) {
  const [row] = await db
    .select({ customer: customers, session: own })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(and(live(token), isNotNull(sessions.customerId)));
  if (!row) return null;
  await seen(db, row.session);
  return { subject: row.customer, sessionId: row.session.id };
}

export async function findSessionAdmin(db: Executor, token: string) {
  const [row] = await db
    .select({ admin: admins, session: own })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    // A suspended or removed member's sessions open nothing, even one made as they were suspended.
    .where(
      and(live(token), isNotNull(sessions.adminId), isNull(admins.suspendedAt), isNull(admins.removedAt)),
    );
  if (!row) return null;
  await seen(db, row.session);
  return { subject: row.admin, sessionId: row.session.id };
}

const ownedBy = (kind: SessionKind, subjectId: string) =>
  kind === 'customer' ? eq(sessions.customerId, subjectId) : eq(sessions.adminId, subjectId);

/** The account's live sessions, the most recently seen first; `currentId` is the asker's. */
export async function listSessions(
  db: Executor,
  kind: SessionKind,
  subjectId: string,
  currentId: string,
): Promise<Session[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      network: sessions.network,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(ownedBy(kind, subjectId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows.map(({ userAgent, createdAt, lastSeenAt, ...row }) => ({
    ...row,
    ...describeUserAgent(userAgent),
    current: row.id === currentId,
    createdAt: new Date(createdAt).toISOString(),
    lastSeenAt: lastSeenAt.toISOString(),
  }));
}

/** Ends one of the account's sessions; false when it has none by that id. */
export async function endSessionById(
  db: Executor,
  kind: SessionKind,
  subjectId: string,
  id: string,
): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(ownedBy(kind, subjectId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account but the one given (none: all of them). */
export async function endOtherSessions(
  db: Executor,
  kind: SessionKind,
  subjectId: string,
  keepId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(keepId ? and(ownedBy(kind, subjectId), ne(sessions.id, keepId)) : ownedBy(kind, subjectId));
}
