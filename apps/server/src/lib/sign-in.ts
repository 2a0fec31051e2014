import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { notSignedIn } from './errors.ts';
import { clearFailures, refundAttempt, reserveAttempt, THROTTLE } from './throttle.ts';

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
  // Counted as a failure up front, so parallel guesses cannot all slip past the limit.
  await reserveAttempt(db, [
    { key: ipKey, max: THROTTLE.maxPerIp },
    { key: accountKey, max: THROTTLE.maxPerAccount },
  ]);
  let subject: T | null;
  try {
    subject = await attempt();
  } catch (error) {
    await refundAttempt(db, [ipKey, accountKey]);
    throw error;
  }
  if (!subject) throw notSignedIn(failMessage);
  // A success is no failure: the address gets its attempt back, the account starts afresh.
  await refundAttempt(db, [ipKey]);
  await clearFailures(db, accountKey);
  return subject;
}
