import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { notSignedIn } from './errors.ts';
import { assertNotThrottled, clearFailures, recordFailure, THROTTLE } from './throttle.ts';

/**
 * Runs a sign-in attempt under the per-IP and per-account throttles (DESIGN §5). A failure
 * says only `failMessage`, never which half was wrong.
 */
export async function throttledSignIn<T>(
  db: Executor,
  request: FastifyRequest,
  account: string,
  attempt: () => Promise<T | null>,
  failMessage: string,
): Promise<T> {
  const ipKey = `ip:${request.ip}`;
  const accountKey = `account:${account.toLowerCase()}`;
  await assertNotThrottled(db, [
    { key: ipKey, max: THROTTLE.maxPerIp },
    { key: accountKey, max: THROTTLE.maxPerAccount },
  ]);
  const subject = await attempt();
  if (!subject) {
    await recordFailure(db, [ipKey, accountKey]);
    throw notSignedIn(failMessage);
  }
  await clearFailures(db, accountKey);
  return subject;
}
