import { and, asc, eq, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export interface NewMail {
  /** What the mail is about ('order-placed', 'item-shipped', …), for the back office. */
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * Live tokens in the mail (its links'), masked once it has gone: letters, digits, `-` and `_`
   * only (base64url), so they can be matched as they are.
   */
  secrets?: string[];
}

/** What stands in a stored mail for its tokens once it has gone, and in the back office always. */
export const SECRET_MASK = '[hidden]';

const TOKEN = /^[\w-]{16,}$/;

/** A mail's part with its tokens masked: what anyone but the recipient may read. */
export const masked = (part: string, secrets: string[]) =>
  secrets.reduce((body, secret) => body.replaceAll(secret, SECRET_MASK), part);

/**
 * The same in SQL, for the statement that settles a mail: its stored parts rewritten and its
 * tokens forgotten. The tokens are plain words (`TOKEN`), so their alternation is a safe pattern.
 */
const maskStored = (() => {
  const mask = (part: SQL | AnyPgColumn) =>
    sql`case when cardinality(${outbox.secrets}) = 0 then ${part}
        else regexp_replace(${part}, array_to_string(${outbox.secrets}, '|'), ${SECRET_MASK}, 'g') end`;
  return {
    html: mask(outbox.html),
    text: mask(outbox.text),
    headers: sql`(${mask(sql`${outbox.headers}::text`)})::jsonb`,
    secrets: sql`'{}'::text[]`,
  };
})();

/**
 * The outbox row that queues a mail: for a caller that writes it in one statement with its own
 * rows (orders.service.ts).
 */
export function mailRow(mail: NewMail) {
  const secrets = mail.secrets ?? [];
  if (!secrets.every((secret) => TOKEN.test(secret)))
    throw new Error('A mail secret must be a base64url token');
  return { ...mail, headers: mail.headers ?? {}, secrets };
}

/** Writes a mail in the caller's transaction: it is sent if, and only if, that transaction commits. */
export async function enqueueMail(tx: Executor, mail: NewMail): Promise<void> {
  await tx.insert(outbox).values(mailRow(mail));
}

const later = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Claims up to `limit` due mails in one statement: the rows are locked with SKIP LOCKED, so
 * workers claiming at the same moment each get other rows, and each claimed row's attempt is
 * counted and its next attempt moved `leaseMs` on. That move is the lease, and the attempt count
 * names the claim: the worker renews the lease while it holds the mail (`renewClaims`), and a
 * claim no longer renewed (its process died mid-send) is due again once the lease runs out, so
 * no mail is lost. Times are the database's, the one clock every instance shares.
 */
export function claimDue(
  db: Db,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(outbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: later(leaseMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/** The claims a worker holds, each named by its row and the attempt count its claim made. */
type Claim = Pick<OutboxRow, 'id' | 'attempts'>;

/** Still the claim the worker made: no other worker has claimed the row since (that counts an attempt). */
const stillClaimed = (claims: Claim[]) =>
  and(
    eq(outbox.status, 'pending'),
    or(...claims.map((claim) => and(eq(outbox.id, claim.id), eq(outbox.attempts, claim.attempts)))),
  );

/**
 * Moves the lease of the given claims `leaseMs` on from now, for those still the worker's (same
 * attempt count, still pending), even when their lease ran out meanwhile: nobody claimed them
 * since. Answers the ids renewed; a claim missing from it was lost to another worker, or settled.
 */
export async function renewClaims(db: Db, claims: Claim[], leaseMs: number): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const renewed = await db
    .update(outbox)
    .set({ nextAttemptAt: later(leaseMs) })
    .where(stillClaimed(claims))
    .returning({ id: outbox.id });
  return new Set(renewed.map((row) => row.id));
}

/**
 * Records that the transport accepted the mail, whoever holds the claim now: the mail went, and
 * a newer claim (the first one's lease ran out) must not send it a third time after its own
 * attempt. Sent already, it keeps its first `sent_at`; recording it again is harmless.
 */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, ...maskStored })
    .where(and(eq(outbox.id, id), ne(outbox.status, 'sent')));
}

/**
 * Claimed mails a stopping worker did not get to: due again at once, their attempt uncounted.
 * Only claims still the worker's: one another worker took meanwhile is left to it.
 */
export async function release(db: Db, claims: Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(stillClaimed(claims));
}

/** The wait before the next attempt after `attempts` failed ones: 30 s, 2 min, 8 min, … at most 6 h. */
function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** (attempts - 1), 6 * 60 * 60_000);
}

/**
 * Records a failed send: another attempt after the backoff, or 'failed' once `maxAttempts` are
 * spent. Only while the claim is still this one (same attempt count): a worker whose lease ran
 * out must not overwrite the newer claim's outcome.
 */
export async function markFailed(
  db: Db,
  row: Claim,
  error: string,
  maxAttempts: number,
): Promise<'retry' | 'failed'> {
  const outcome = row.attempts >= maxAttempts ? 'failed' : 'retry';
  await db
    .update(outbox)
    .set(
      outcome === 'failed'
        ? { status: 'failed', lastError: error, ...maskStored }
        : { lastError: error, nextAttemptAt: later(retryDelayMs(row.attempts)) },
    )
    .where(stillClaimed([row]));
  return outcome;
}

/** What a mail sent to an erased address keeps in place of its recipient and its parts. */
export const ERASED_RECIPIENT = 'erased';
const ERASED_BODY = 'Removed when the recipient’s account was erased.';

/**
 * The mail of an erased address. What has not gone yet (waiting, retrying or given up) is
 * withdrawn: it would tell someone who is no longer a customer about an account that no longer
 * exists (one a worker is sending at this very moment may still arrive). What went stays as a
 * record that it was sent (its kind, subject and dates, which name no one), without the address,
 * the body or the headers, which hold the name, address and links.
 */
export async function forgetMailTo(tx: Executor, email: string) {
  const to = sql`lower(${outbox.recipient}) = ${email}`;
  await tx.delete(outbox).where(and(to, ne(outbox.status, 'sent')));
  await tx
    .update(outbox)
    .set({
      recipient: ERASED_RECIPIENT,
      html: `<p>${ERASED_BODY}</p>`,
      text: ERASED_BODY,
      headers: {},
      secrets: [],
    })
    .where(and(to, eq(outbox.status, 'sent')));
}

/** How many mails wait to be sent (retries included), and the age in seconds of the oldest. */
export async function mailWaiting(db: Executor): Promise<{ count: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8`,
    })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  return { count: row?.count ?? 0, oldestSeconds: row?.oldestSeconds ?? 0 };
}
