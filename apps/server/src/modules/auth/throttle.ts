import { randomUUID } from 'node:crypto';
import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { signInThrottle, signInWaiters, signUpThrottle } from '../../db/schema.ts';
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
/** A waiting attempt looks again this often, or at once when an attempt of this process ends. */
const pollMs = () => 50 + Math.random() * 100;
/** A waiter that has not looked for this long (its process died) stops holding its place. */
const WAITER_LEASE = sql`interval '5 seconds'`;

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
/**
 * `blocked_until` when no wait was earned: long past, never "now". Each attempt reads the clock
 * before its statements run, so under load another attempt's "now", written meanwhile, can be
 * later than its own and would read as a wait of a few milliseconds: refused, "try again in
 * 1 second", a correct password included.
 */
const NO_WAIT = 0;

/** The count raised by one (starting again once forgotten), the wait that earns, and when it is forgotten. */
function countOne(policy: Policy, now: number, count: AnyPgColumn, forgetAt: AnyPgColumn) {
  const n = sql`(case when ${forgetAt} <= ${at(now)} then 0 else ${count} end) + 1`;
  return { n, blockedUntil: blockedAfter(policy, now, n), forgetAt: new Date(now + policy.forgetAfterMs) };
}

function blockedAfter(policy: Policy, now: number, n: SQL) {
  // The exponent is bounded so that a long run of failures cannot overflow; 2^30 s is past any cap.
  const waitMs = sql`least(${policy.maxWaitMs}::float8,
    ${policy.firstWaitMs}::float8 * power(2, least(${n} - ${policy.free}::int, 30)))`;
  return sql`case when ${n} < ${policy.free}::int then ${at(NO_WAIT)}
    else ${at(now)} + ${waitMs} * interval '1 millisecond' end`;
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
 * The attempts waiting on `key` that come before attempt `id`: every live waiter when it is not
 * waiting itself, else those that started waiting before it.
 */
function waitersAhead(key: string, id: string) {
  const w = signInWaiters;
  return sql`(select count(*)::int from ${w} where ${w.key} = ${key} and ${w.seenUntil} > now()
    and ${w.id} <> ${id} and not exists (select 1 from ${w} me where me.key = ${key} and me.id = ${id}
      and (me.since, me.id) < (${w.since}, ${w.id})))`;
}

/**
 * Takes a slot for one attempt, in one atomic upsert: refused while the key waits out a failure,
 * or while attempts in flight could bring it to its next wait (one at a time once it waits at
 * all). So parallel guesses cannot all pass, and a success never counts as a failure. Attempts
 * waiting for a slot are served first, oldest first: a slot an attempt frees goes to them, not
 * to whichever attempt asks next (under load that is a fresh one, the answer's connection
 * sending its next sign-in).
 */
async function claim(db: Executor, { key, policy }: ThrottleKey, now: number, id: string): Promise<boolean> {
  const t = signInThrottle;
  const leaseEnd = new Date(now + LEASE_MS);
  const rows = await db
    .insert(t)
    .values({
      key,
      failures: 0,
      blockedUntil: new Date(NO_WAIT),
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
        and ${live.inFlight(now)} + ${waitersAhead(key, id)}
          < greatest(1, ${policy.free}::int - ${live.failures(now)})`,
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
    clear: { inFlight, failures: 0, blockedUntil: new Date(NO_WAIT), forgetAt: new Date(now) },
    release: { inFlight },
  }[outcome];
  await db.update(t).set(set).where(eq(t.key, key));
}

/** This process's attempts waiting on each key, oldest first, each with how to wake it. */
const localWaiters = new Map<string, Set<{ wake?: () => void; woken?: boolean }>>();

/** Wakes the oldest attempt of this process waiting on `key`: a slot may have come free. */
function wakeOldest(key: string) {
  const [oldest] = localWaiters.get(key) ?? [];
  if (!oldest) return;
  if (oldest.wake) oldest.wake();
  else oldest.woken = true;
}

/** A waiting attempt's place in the queue of one key: in the database for every instance, and here. */
function waitingOn(db: Executor, key: string, id: string) {
  const local = {} as { wake?: () => void; woken?: boolean; swept?: boolean };
  const queue = localWaiters.get(key) ?? new Set();
  localWaiters.set(key, queue.add(local));
  return {
    key,
    /** Takes or keeps the attempt's place (its `since` stays), good for one lease more. */
    async renew() {
      const w = signInWaiters;
      if (!local.swept) {
        // The places of waiters whose process died are swept whenever an attempt starts to wait.
        local.swept = true;
        await db.delete(w).where(sql`${w.seenUntil} <= now()`);
      }
      await db
        .insert(w)
        .values({ key, id, seenUntil: sql`now() + ${WAITER_LEASE}` })
        .onConflictDoUpdate({ target: [w.key, w.id], set: { seenUntil: sql`now() + ${WAITER_LEASE}` } });
    },
    /** Until the next look: a poll's time, or less when an attempt here ends. */
    nap() {
      if (local.woken) {
        local.woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          local.wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, pollMs());
        local.wake = done;
      });
    },
    async leave() {
      queue.delete(local);
      if (queue.size === 0 && localWaiters.get(key) === queue) localWaiters.delete(key);
      await db.delete(signInWaiters).where(and(eq(signInWaiters.key, key), eq(signInWaiters.id, id)));
      // The slot this attempt took may not have been the last one free.
      wakeOldest(key);
    },
  };
}

/**
 * Claims a slot on every key, or none: a key waiting out a failure answers 429 at once (telling
 * of `what` attempts); on a key whose slots attempts in flight hold, the attempt waits its turn
 * (those may well succeed), and only gives up after `SLOT_WAIT_MS`.
 */
export async function claimAll(db: Executor, reply: FastifyReply, keys: ThrottleKey[], what = 'sign-in') {
  const started = performance.now();
  const id = randomUUID();
  let waiting: ReturnType<typeof waitingOn> | undefined;
  try {
    for (;;) {
      const now = clock.now();
      // The key the attempt waits on first: a refusal there costs no claims to give back.
      const first = waiting?.key;
      const ordered = [...keys.filter((k) => k.key === first), ...keys.filter((k) => k.key !== first)];
      const claimed: ThrottleKey[] = [];
      let refused: ThrottleKey | undefined;
      for (const key of ordered) {
        if (!(await claim(db, key, now, id))) {
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
      if (waiting?.key !== refused.key) {
        await waiting?.leave();
        waiting = waitingOn(db, refused.key, id);
      }
      await waiting.renew();
      await waiting.nap();
    }
  } finally {
    await waiting?.leave();
  }
}

/** Ends a claimed attempt on each key, as it ended there. */
export async function settleAll(db: Executor, settled: (ThrottleKey & { outcome: Outcome })[]) {
  const now = clock.now();
  for (const key of settled) await settle(db, key, key.outcome, now);
  for (const key of settled) wakeOldest(key.key);
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
