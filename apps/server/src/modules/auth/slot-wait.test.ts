import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottle, signInWaiters } from '../../db/schema.ts';
import {
  buildTestApp,
  freezeThrottleClock,
  type SignedIn,
  signUpCustomer,
  type TestApp,
} from '../../test/helpers.ts';
import { claimAll, type Policy, settleAll, type ThrottleKey } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const reply = { header: () => reply } as unknown as FastifyReply;
/** One attempt in flight at a time, as a key that has failed is allowed. */
const ONE_AT_A_TIME: Policy = { free: 1, firstWaitMs: 1000, maxWaitMs: 60_000, forgetAfterMs: 3_600_000 };

async function waiters(key: string) {
  return db().select().from(signInWaiters).where(eq(signInWaiters.key, key)).orderBy(signInWaiters.since);
}

/** Resolves once `count` attempts wait on `key`. */
async function waitingCount(key: string, count: number) {
  for (let i = 0; i < 400; i += 1) {
    if ((await waiters(key)).length === count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never ${count} waiters on ${key}`);
}

describe('an attempt waiting for a slot that attempts in flight hold', () => {
  const newKey = (): ThrottleKey => ({ key: `test:slot:${randomUUID()}`, policy: ONE_AT_A_TIME });
  const end = (key: ThrottleKey) => settleAll(db(), [{ ...key, outcome: 'release' }]);

  it('gets the freed slot before a fresh attempt that asks after it is freed', async () => {
    freezeThrottleClock();
    const key = newKey();
    await claimAll(db(), reply, [key]);
    const served: string[] = [];
    const waiter = claimAll(db(), reply, [key]).then(() => served.push('waiter'));
    await waitingCount(key.key, 1);
    await end(key);
    const fresh = claimAll(db(), reply, [key]).then(() => served.push('fresh'));
    await waiter;
    expect(served).toEqual(['waiter']);
    await end(key);
    await fresh;
    expect(served).toEqual(['waiter', 'fresh']);
    await end(key);
    expect(await waiters(key.key)).toEqual([]);
    const [row] = await db().select().from(signInThrottle).where(eq(signInThrottle.key, key.key));
    expect(row?.inFlight ?? 0).toBe(0);
  });

  it('serves waiters in the order they came', async () => {
    freezeThrottleClock();
    const key = newKey();
    await claimAll(db(), reply, [key]);
    const served: number[] = [];
    const queue = [];
    for (const n of [1, 2, 3]) {
      queue.push(claimAll(db(), reply, [key]).then(() => served.push(n)));
      await waitingCount(key.key, n);
    }
    for (const n of [1, 2, 3]) {
      await end(key);
      await queue[n - 1];
      expect(served).toEqual([1, 2, 3].slice(0, n));
    }
    await end(key);
  });

  it('is not held back by the place of a waiter that stopped looking (its process died)', async () => {
    freezeThrottleClock();
    const key = newKey();
    await db()
      .insert(signInWaiters)
      .values({ key: key.key, id: randomUUID(), seenUntil: sql`now() - interval '1 second'` });
    await claimAll(db(), reply, [key]);
    await end(key);
  });
});

describe('correct sign-ins under load', () => {
  it('all answer 200: 400 sign-ins to 25 accounts from one address over 50 connections', async () => {
    const accounts: SignedIn[] = [];
    for (let i = 0; i < 25; i += 1) accounts.push(await signUpCustomer(t, { password: 'right-password' }));
    const address = '10.77.0.1';
    const statuses: number[] = [];
    let next = 0;
    // Each connection sends its next sign-in as soon as the last is answered, as a load test does:
    // a slot an attempt frees is then wanted at once by a fresh attempt.
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 400) {
          const account = accounts[next % accounts.length]!;
          next += 1;
          const response = await t.request({
            method: 'POST',
            url: '/api/users/sign-in',
            payload: { email: account.email, password: 'right-password' },
            remoteAddress: address,
          });
          statuses.push(response.statusCode);
        }
      }),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(statuses).toHaveLength(400);
    const rows = await db()
      .select()
      .from(signInThrottle)
      .where(like(signInThrottle.key, `customer:ip:${address}%`));
    expect(rows.every((row) => row.inFlight === 0 && row.failures === 0)).toBe(true);
    expect(await waiters(`customer:ip:${address}`)).toEqual([]);
  }, 300_000);
});
