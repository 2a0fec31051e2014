import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { signInThrottle } from '../db/schema.ts';
import { tooManyRequests } from './errors.ts';

/**
 * Sign-in throttling kept in the database, so every app instance sees the same counts
 * (DESIGN §2). Failures are counted per key in a fixed window.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxPerAccount: 10,
  maxPerIp: 50,
};

/**
 * Takes one attempt from each key's budget before the password is checked, in one atomic
 * upsert per key: a key already at its maximum is left as it is. Checking first and counting
 * after the (slow) password check let parallel guesses all pass the check. When a key is
 * spent, the attempts taken from the other keys are given back and a 429 is thrown.
 */
export async function reserveAttempt(db: Executor, keys: { key: string; max: number }[]) {
  const reserved: string[] = [];
  for (const { key, max } of keys) {
    const windowStart = new Date(Date.now() - THROTTLE.windowMs);
    // A window that has run out starts again at one.
    const expired = sql`${signInThrottle.windowStart} < ${windowStart}`;
    const rows = await db
      .insert(signInThrottle)
      .values({ key, windowStart: new Date(), failures: 1 })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${signInThrottle.failures} + 1 end`,
          windowStart: sql`case when ${expired} then now() else ${signInThrottle.windowStart} end`,
        },
        setWhere: sql`${expired} or ${signInThrottle.failures} < ${max}`,
      })
      .returning({ failures: signInThrottle.failures });
    if (rows.length === 0) {
      await refundAttempt(db, reserved);
      const [row] = await db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
      const elapsed = row ? Date.now() - row.windowStart.getTime() : 0;
      const minutes = Math.max(1, Math.ceil((THROTTLE.windowMs - elapsed) / 60_000));
      throw tooManyRequests(`Too many sign-in attempts. Try again in ${minutes} minute(s).`);
    }
    reserved.push(key);
  }
}

/** Gives back attempts that turned out not to be failures. */
export async function refundAttempt(db: Executor, keys: string[]) {
  for (const key of keys) {
    await db
      .update(signInThrottle)
      .set({ failures: sql`${signInThrottle.failures} - 1` })
      .where(and(eq(signInThrottle.key, key), gt(signInThrottle.failures, 0)));
  }
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}
