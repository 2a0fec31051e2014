import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { signInThrottle, signUpThrottle } from '../../db/schema.ts';
import { tooManyRequests } from '../../lib/errors.ts';

/**
 * Progressive throttling kept in the database, so every app instance sees the same counts. A key
 * takes `free` failures (or attempts) back to back; from the `free`-th on, each one earns a wait
 * before the next that starts at `firstWaitMs` and doubles, up to `maxWaitMs`. The count is
 * forgotten `forgetAfterMs` after the last one.
 */
export interface Policy {
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

/** Where throttling reads the time; tests move it. */
export const clock = { now: () => Date.now() };

/** An attempt in flight holds its slot this long at most, so a crashed one cannot hold it for ever. */
const LEASE_MS = 30_000;
/**
 * How long, in real time, an attempt waits for a slot that attempts in flight (not failures)
 * hold: long enough for a queue of password checks on a busy server.
 */
const SLOT_WAIT_MS = 10_000;
const pollMs = () => 50 + Math.random() * 100;

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** The count raised by one (starting again once forgotten), the wait that earns, and when it is forgotten. */
function countOne(policy: Policy, now: number, count: AnyPgColumn, forgetAt: AnyPgColumn) {
  const n = sql`(case when ${forgetAt} <= ${at(now)} then 0 else ${count} end) + 1`;
  return { n, blockedUntil: blockedAfter(policy, now, n), forgetAt: new Date(now + policy.forgetAfterMs) };
}

function blockedAfter(policy: Policy, now: number, n: SQL) {
  // The exponent is bounded so that a long run of failures cannot overflow; 2^30 s is past any cap.
  const waitMs = sql`case when ${n} < ${policy.free}::int then 0 else least(${policy.maxWaitMs}::float8,
    ${policy.firstWaitMs}::float8 * power(2, least(${n} - ${policy.free}::int, 30))) end`;
  return sql`${at(now)} + ${waitMs} * interval '1 millisecond'`;
}

/** Answers 429 with when to try again, in words and in `Retry-After`. */
function refuse(reply: FastifyReply, what: string, waitMs: number): never {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  reply.header('retry-after', String(seconds));
  throw tooManyRequests(
    `Too many ${what} attempts. Try again in ${amount} ${unit}${amount === 1 ? '' : 's'}.`,
  );
}

export interface ThrottleKey {
  key: string;
  policy: Policy;
}

const live = {
  forgotten: (now: number) => sql`${signInThrottle.forgetAt} <= ${at(now)}`,
  failures: (now: number) => sql`case when ${live.forgotten(now)} then 0 else ${signInThrottle.failures} end`,
  inFlight: (now: number) =>
    sql`case when ${signInThrottle.inFlightUntil} <= ${at(now)} then 0 else ${signInThrottle.inFlight} end`,
};

/**
 * Takes a slot for one attempt, in one atomic upsert: refused while the key waits out a failure,
 * or while attempts in flight could bring it to its next wait (one at a time once it waits at
 * all). So parallel guesses cannot all pass, and a success never counts as a failure.
 */
async function claim(db: Executor, { key, policy }: ThrottleKey, now: number): Promise<boolean> {
  const t = signInThrottle;
  const leaseEnd = new Date(now + LEASE_MS);
  const rows = await db
    .insert(t)
    .values({
      key,
      failures: 0,
      blockedUntil: new Date(now),
      forgetAt: new Date(now),
      inFlight: 1,
      inFlightUntil: leaseEnd,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: live.failures(now),
        inFlight: sql`${live.inFlight(now)} + 1`,
        inFlightUntil: leaseEnd,
      },
      setWhere: sql`(${live.forgotten(now)} or ${t.blockedUntil} <= ${at(now)})
        and ${live.inFlight(now)} < greatest(1, ${policy.free}::int - ${live.failures(now)})`,
    })
    .returning({ key: t.key });
  return rows.length > 0;
}

/** How an attempt ended for a key: a failure counts, `clear` forgets the key's failures. */
export type Outcome = 'failure' | 'clear' | 'release';

async function settle(db: Executor, { key, policy }: ThrottleKey, outcome: Outcome, now: number) {
  const t = signInThrottle;
  const inFlight = sql`greatest(${live.inFlight(now)} - 1, 0)`;
  const counted = countOne(policy, now, t.failures, t.forgetAt);
  const set = {
    failure: {
      inFlight,
      failures: counted.n,
      blockedUntil: counted.blockedUntil,
      forgetAt: counted.forgetAt,
    },
    clear: { inFlight, failures: 0, blockedUntil: new Date(now), forgetAt: new Date(now) },
    release: { inFlight },
  }[outcome];
  await db.update(t).set(set).where(eq(t.key, key));
}

/**
 * Claims a slot on every key, or none: a key waiting out a failure answers 429 at once (telling
 * of `what` attempts); a key whose slots attempts in flight hold is polled, since those may well
 * succeed.
 */
export async function claimAll(db: Executor, reply: FastifyReply, keys: ThrottleKey[], what = 'sign-in') {
  const started = performance.now();
  for (;;) {
    const now = clock.now();
    const claimed: ThrottleKey[] = [];
    let refused: ThrottleKey | undefined;
    for (const key of keys) {
      if (!(await claim(db, key, now))) {
        refused = key;
        break;
      }
      claimed.push(key);
    }
    if (!refused) return;
    for (const key of claimed) await settle(db, key, 'release', now);
    const [row] = await db.select().from(signInThrottle).where(eq(signInThrottle.key, refused.key));
    const waitMs = row && row.forgetAt.getTime() > now ? row.blockedUntil.getTime() - now : 0;
    if (waitMs > 0) refuse(reply, what, waitMs);
    if (performance.now() - started > SLOT_WAIT_MS) refuse(reply, what, 1000);
    await sleep(pollMs());
  }
}

/** Ends a claimed attempt on each key, as it ended there. */
export async function settleAll(db: Executor, settled: (ThrottleKey & { outcome: Outcome })[]) {
  const now = clock.now();
  for (const key of settled) await settle(db, key, key.outcome, now);
  // Keys with nothing left to remember are swept as attempts end, so the table stays small.
  await db
    .delete(signInThrottle)
    .where(and(lte(signInThrottle.forgetAt, at(now)), lte(signInThrottle.inFlightUntil, at(now))));
}

/**
 * Counts an attempt before it is made, in one atomic upsert (refused while the key waits), so
 * whatever the attempt answers, it has been counted.
 */
export async function countAttempt(
  db: Executor,
  reply: FastifyReply,
  key: string,
  policy: Policy,
  what = 'sign-up',
) {
  const t = signUpThrottle;
  const now = clock.now();
  const counted = countOne(policy, now, t.attempts, t.forgetAt);
  const rows = await db
    .insert(t)
    .values({
      key,
      attempts: 1,
      blockedUntil: blockedAfter(policy, now, sql`1`),
      forgetAt: counted.forgetAt,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: { attempts: counted.n, blockedUntil: counted.blockedUntil, forgetAt: counted.forgetAt },
      setWhere: sql`${t.forgetAt} <= ${at(now)} or ${t.blockedUntil} <= ${at(now)}`,
    })
    .returning({ key: t.key });
  await db.delete(t).where(lte(t.forgetAt, at(now)));
  if (rows.length > 0) return;
  const [row] = await db.select().from(t).where(eq(t.key, key));
  refuse(reply, what, row ? row.blockedUntil.getTime() - now : 0);
}
