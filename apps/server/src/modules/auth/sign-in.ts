import { and, inArray, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { signInThrottle, signInWaiters, signUpThrottle } from '../../db/schema.ts';
import { HttpError, notSignedIn } from '../../lib/errors.ts';
import { clientOf } from './client-address.ts';
import { findKnownDevice, rememberDevice } from './devices.ts';
import type { SessionKind } from './sessions.ts';
import {
  claimAll,
  countAttempt,
  type Outcome,
  type Policy,
  settleAll,
  type ThrottleKey,
} from './throttle.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const LIMITS = {
  /** An account from one client, or one known device: what its owner may mistype. */
  account: { free: 5, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetAfterMs: 24 * HOUR },
  /** One client over every account: people behind one address share it, so it forgets sooner. */
  client: { free: 20, firstWaitMs: 1000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /**
   * Sign-ups from one client, whatever they answer: each tells whether an email is registered.
   * Generous, because shoppers on one mobile network often share one public address.
   */
  signUp: { free: 30, firstWaitMs: 10_000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /** Newsletter sign-ups from one client: each may mail a confirmation to any address. */
  subscribe: { free: 10, firstWaitMs: 10_000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /** Requests for a password link from one client: each may mail any address. */
  resetClient: { free: 10, firstWaitMs: 10_000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /** Requests for a password link to one address, whoever asks: its inbox is not to be flooded. */
  resetAddress: { free: 3, firstWaitMs: 5 * MINUTE, maxWaitMs: HOUR, forgetAfterMs: HOUR },
  /**
   * Discount codes tried in the cart by one account, and from one client over every account:
   * each says whether a code can be used, so guessing them must be slow.
   */
  codeAccount: { free: 20, firstWaitMs: 2000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  codeClient: { free: 60, firstWaitMs: 2000, maxWaitMs: 15 * MINUTE, forgetAfterMs: HOUR },
  /**
   * Profile pictures uploaded by one account, whatever they answer: each is decoded and
   * re-encoded, the costliest work a shopper can ask for.
   */
  picture: { free: 10, firstWaitMs: MINUTE, maxWaitMs: HOUR, forgetAfterMs: HOUR },
} satisfies Record<string, Policy>;

export interface SignInAttempt<T> {
  kind: SessionKind;
  /** The email or username as typed; matched case-insensitively. */
  account: string;
  /** The subject whose password matched, or null. */
  authenticate: () => Promise<T | null>;
  /** The one message for every failure, never saying which half was wrong. */
  failMessage: string;
}

/**
 * Runs a sign-in under throttling. A known device of the account is throttled by its own
 * failures only; any other client by its failures on this account and by its failures on all
 * accounts. Admin keys are apart from customer keys. A success forgets the failures of its
 * account key and remembers the device.
 */
export async function throttledSignIn<T extends { id: string }>(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  { kind, account, authenticate, failMessage }: SignInAttempt<T>,
): Promise<T> {
  const device = await findKnownDevice(db, request, kind, account);
  const client = `${kind}:ip:${clientOf(request.ip)}`;
  const own: ThrottleKey = {
    key: device ? `${kind}:device:${device.id}` : `${client}:account:${account.toLowerCase()}`,
    policy: LIMITS.account,
  };
  const others: ThrottleKey[] = device ? [] : [{ key: client, policy: LIMITS.client }];
  const all = [own, ...others];
  const endAll = (outcome: Outcome) =>
    settleAll(
      db,
      all.map((key) => ({ ...key, outcome })),
    );
  await claimAll(db, reply, all);
  let subject: T | null;
  try {
    subject = await authenticate();
  } catch (error) {
    await endAll('release');
    throw error;
  }
  if (!subject) {
    await endAll('failure');
    throw notSignedIn(failMessage);
  }
  // The client's failures on all accounts stay: signing in to one's own account between
  // guesses must not buy more guesses.
  await settleAll(db, [
    { ...own, outcome: 'clear' },
    ...others.map((key) => ({ ...key, outcome: 'release' as const })),
  ]);
  await rememberDevice(db, request, reply, kind, subject.id, device);
  return subject;
}

export interface PasswordCheck {
  kind: SessionKind;
  /** The signed-in customer or admin whose password is asked for. */
  subjectId: string;
  /** Whether the password given is theirs. */
  verify: () => Promise<boolean>;
  failMessage: string;
  /** The form field the refusal is shown under. */
  field?: string;
}

/**
 * Checks a signed-in subject's password before a step that cannot be undone, throttled per
 * account as an owner's sign-ins are, so a stolen session cannot be used to guess the password.
 * A wrong one answers 403 with `failMessage`, under its field (`password` unless told).
 */
export async function throttledPasswordCheck(
  db: Executor,
  reply: FastifyReply,
  { kind, subjectId, verify, failMessage, field = 'password' }: PasswordCheck,
): Promise<void> {
  const key: ThrottleKey = { key: `${kind}:confirm:${subjectId}`, policy: LIMITS.account };
  await claimAll(db, reply, [key], 'password');
  let right: boolean;
  try {
    right = await verify();
  } catch (error) {
    await settleAll(db, [{ ...key, outcome: 'release' }]);
    throw error;
  }
  await settleAll(db, [{ ...key, outcome: right ? 'clear' : 'failure' }]);
  if (!right) throw new HttpError(403, failMessage, { [field]: failMessage });
}

/** Counts a newsletter sign-up against its client before anything is written; 429 once it must wait. */
export function throttleSubscribe(db: Executor, request: FastifyRequest, reply: FastifyReply) {
  return countAttempt(db, reply, `subscribe:${clientOf(request.ip)}`, LIMITS.subscribe, 'subscribe');
}

/** Counts a discount code tried in the cart against its client and then its account; 429 once either must wait. */
export async function throttleCodeCheck(db: Executor, request: FastifyRequest, reply: FastifyReply) {
  await countAttempt(db, reply, `code:ip:${clientOf(request.ip)}`, LIMITS.codeClient, 'code');
  await countAttempt(db, reply, `code:customer:${request.customer!.id}`, LIMITS.codeAccount, 'code');
}

/**
 * Counts a request for a password link against its client and then its address, whether or not
 * an account has the address (so a refusal tells nothing of one); 429 once either must wait.
 */
export async function throttlePasswordReset(
  db: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
) {
  await countAttempt(db, reply, `reset:ip:${clientOf(request.ip)}`, LIMITS.resetClient, 'password reset');
  await countAttempt(db, reply, resetAddressKey(email), LIMITS.resetAddress, 'password reset');
}

const resetAddressKey = (email: string) => `reset:email:${email.toLowerCase()}`;

/** Counts a profile picture upload against its account before it is decoded; 429 once it must wait. */
export function throttlePictureUpload(db: Executor, reply: FastifyReply, kind: SessionKind, id: string) {
  return countAttempt(db, reply, pictureKey(kind, id), LIMITS.picture, 'picture upload');
}

const pictureKey = (kind: SessionKind, id: string) => `${kind}:picture:${id}`;

/** Counts a sign-up against its client before the email is looked at; 429 once it must wait. */
export function throttleSignUp(db: Executor, request: FastifyRequest, reply: FastifyReply) {
  return countAttempt(db, reply, `ip:${clientOf(request.ip)}`, LIMITS.signUp);
}

/**
 * Forgets what throttling keeps about an erased customer: the counts of sign-ins to their
 * account from each client (keyed by the email: `customer:ip:<client>:account:<email>`, a
 * correct sign-in's included, until swept), of their known devices and of their password
 * confirmations, any attempt waiting on those keys, the requests for password links to the
 * address and the account's picture uploads.
 */
export async function forgetCustomerThrottling(
  db: Executor,
  customer: { id: string; email: string; deviceIds: string[] },
): Promise<void> {
  const account = `:account:${customer.email.toLowerCase()}`;
  const keys = [
    `customer:confirm:${customer.id}`,
    ...customer.deviceIds.map((id) => `customer:device:${id}`),
  ];
  const theirs = (key: AnyPgColumn) =>
    or(
      and(like(key, 'customer:ip:%'), sql`right(${key}, char_length(${account})) = ${account}`),
      inArray(key, keys),
    );
  await db.delete(signInThrottle).where(theirs(signInThrottle.key));
  await db.delete(signInWaiters).where(theirs(signInWaiters.key));
  await db
    .delete(signUpThrottle)
    .where(
      inArray(signUpThrottle.key, [resetAddressKey(customer.email), pictureKey('customer', customer.id)]),
    );
}
