import { eq, sql } from 'drizzle-orm';
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

export async function assertNotThrottled(db: Executor, keys: { key: string; max: number }[]) {
  for (const { key, max } of keys) {
    const [row] = await db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
    if (!row) continue;
    const elapsed = Date.now() - row.windowStart.getTime();
    if (elapsed < THROTTLE.windowMs && row.failures >= max) {
      const minutes = Math.ceil((THROTTLE.windowMs - elapsed) / 60_000);
      throw tooManyRequests(`Too many sign-in attempts. Try again in ${minutes} minute(s).`);
    }
  }
}

export async function recordFailure(db: Executor, keys: string[]) {
  const windowStart = new Date(Date.now() - THROTTLE.windowMs);
  for (const key of keys) {
    await db
      .insert(signInThrottle)
      .values({ key, windowStart: new Date(), failures: 1 })
      .onConflictDoUpdate({
        target: signInThrottle.key,
        // A window that has run out starts again at one.
        set: {
          failures: sql`case when ${signInThrottle.windowStart} < ${windowStart} then 1 else ${signInThrottle.failures} + 1 end`,
          windowStart: sql`case when ${signInThrottle.windowStart} < ${windowStart} then now() else ${signInThrottle.windowStart} end`,
        },
      });
  }
}

export async function clearFailures(db: Executor, key: string) {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}
