import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { clientOf } from './client-address.ts';
import { countAttempt, type Policy } from './throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Links that verify an address (a new one sent, or a change of address asked for): each mails
 * an address the account names, so an account may not flood an inbox, nor a client go through
 * many accounts doing it. The change of address is also where an account would learn whether an
 * address is registered, were the answer to differ (it does not).
 */
const ACCOUNT: Policy = { free: 3, firstWaitMs: MINUTE, maxWaitMs: HOUR, forgetAfterMs: HOUR };
const CLIENT: Policy = { free: 10, firstWaitMs: 10_000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR };

/** Counts a mailed verification link against the account and its client; 429 once it must wait. */
export async function throttleEmailLink(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  customerId: string,
) {
  await countAttempt(db, reply, `email-link:ip:${clientOf(request.ip)}`, CLIENT, 'email link');
  await countAttempt(db, reply, `customer:email-link:${customerId}`, ACCOUNT, 'email link');
}
