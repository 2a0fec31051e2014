/** The outbox of mail to send, and newsletter subscribers. */
import type { EmailStatus, SubscriberStatus } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { discountCodes } from './discounts.ts';

/**
 * Mail to send, written in the transaction of the event it tells about, so it is sent exactly
 * when the event happened. A worker claims due pending rows (modules/mail/worker.ts); a claim
 * moves `next_attempt_at` past the send's lease, so a crash mid-send retries instead of losing it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers, such as List-Unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * Live tokens the mail carries (a reset, confirmation or unsubscribe link's): never shown in
     * the back office, and masked in the stored mail once it has gone or given up, so the outbox
     * keeps no working link (the hash their own tables keep would be pointless otherwise).
     */
    secrets: text('secrets').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last failure, short and without secrets, for the back office. */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt, t.id),
    check('outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * Newsletter subscribers, one row per address ever subscribed (lower-cased, so unique in any
 * case). The row outlives unsubscribing: `welcome_code_id`, set once on the first confirmation,
 * is what keeps the welcome code to one per address. Erasing the account with an address
 * deletes its row, or keeps only the address's hash when it had its welcome code.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: id(),
    /** Null once the account with this address was erased: then only `email_hash` is kept. */
    email: text('email'),
    /**
     * Kept instead of the address when its account is erased after it was given its welcome
     * code: the SHA-256 of `subscriber:` and the lower-cased address (`addressHash` in
     * modules/newsletter), enough to know the address again if it subscribes again (it gets no
     * second code), not to read it.
     */
    emailHash: text('email_hash'),
    status: text('status').$type<SubscriberStatus>().notNull().default('pending'),
    /** SHA-256 of the confirmation link's token; the link itself is only in the mail. */
    confirmTokenHash: text('confirm_token_hash'),
    /** When the last confirmation mail was written: the link expires, and mails are spaced. */
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true, mode: 'string' }),
    /**
     * The token of every mail's unsubscribe link. Kept as it is, not hashed: each mail to the
     * address carries it again, and all it can do is unsubscribe that address.
     */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'string' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'string' }),
    welcomeCodeId: uuid('welcome_code_id').references(() => discountCodes.id),
  },
  (t) => [
    uniqueIndex('subscribers_email_key').on(t.email),
    uniqueIndex('subscribers_email_hash_key').on(t.emailHash),
    uniqueIndex('subscribers_confirm_token_key').on(t.confirmTokenHash),
    uniqueIndex('subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
    index('subscribers_created_idx').on(t.createdAt, t.id),
    index('subscribers_confirmed_idx').on(t.confirmedAt),
    check('subscribers_email_check', sql`${t.email} = lower(${t.email})`),
    check('subscribers_email_or_hash_check', sql`(${t.email} is null) <> (${t.emailHash} is null)`),
    check('subscribers_status_check', sql`${t.status} in ('pending', 'subscribed', 'unsubscribed')`),
  ],
);
