import { randomInt } from 'node:crypto';
import {
  NEWSLETTER_DISCOUNT_PERCENT,
  NEWSLETTER_MESSAGES,
  type NewsletterConfirmed,
  type Subscriber,
  type SubscriberExportQuery,
  type SubscriberListQuery,
} from '@habi/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { discountCodes, subscribers } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import { confirmSubscriptionMail, enqueueMail, welcomeCodeMail } from '../mail/index.ts';

/** What newsletter mails need from the configuration. */
export interface NewsletterSettings {
  storeName: string;
  /** Where shoppers reach the store, for the links in mail. */
  publicUrl: string;
}

/** How long a confirmation link works. */
const CONFIRM_VALID_DAYS = 7;
/** An address is sent at most one confirmation mail in this time, however often it is entered. */
const CONFIRM_RESEND_MINUTES = 10;

type SubscriberRow = typeof subscribers.$inferSelect;

/**
 * What is kept of an erased account's address that had its welcome code: the SHA-256 of it
 * lower-cased. A plain hash, not an HMAC: the store has no secret of its own to key it with
 * (its configuration is the environment and the database, and a key kept in the database would
 * leak with it). So whoever holds the database and guesses an address can tell whether it once
 * had a welcome code; nothing more, and no one can list the addresses.
 */
export const addressHash = (email: string) => tokenDigest(`subscriber:${email.trim().toLowerCase()}`);

/** Letters and digits no one misreads (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const welcomeCode = () =>
  `WELCOME-${Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

function links(settings: NewsletterSettings, unsubscribeToken: string) {
  return {
    unsubscribeUrl: `${settings.publicUrl}/newsletter/unsubscribe?token=${unsubscribeToken}`,
    /** RFC 8058: mail clients POST here when the reader presses their own Unsubscribe. */
    headers: {
      'List-Unsubscribe': `<${settings.publicUrl}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Records an address (in lower case) and mails it a confirmation link, unless it is subscribed
 * already or was sent one in the last minutes: the caller answers the same in every case, so
 * the form tells no one whether an address is on the list, and no one can flood an inbox
 * through it. An unsubscribed address starts over as pending; its welcome code stays its own.
 */
export async function subscribe(db: Db, rawEmail: string, settings: NewsletterSettings): Promise<void> {
  const email = rawEmail.toLowerCase();
  await db.transaction(async (tx) => {
    // An address whose account was erased after its welcome code comes back to its row, so its
    // code stays its one (withdrawn: it gets none again). Two at once: one finds the hash.
    await tx
      .update(subscribers)
      .set({ email, emailHash: null })
      .where(eq(subscribers.emailHash, addressHash(email)));
    // The first subscription of an address makes its row; two at once make one.
    await tx
      .insert(subscribers)
      .values({ email, unsubscribeToken: newToken() })
      .onConflictDoNothing({ target: subscribers.email });
    const [found] = await tx
      .select({
        row: subscribers,
        mailedLately: sql<boolean>`coalesce(${subscribers.confirmSentAt} > now() - ${CONFIRM_RESEND_MINUTES} * interval '1 minute', false)`,
      })
      .from(subscribers)
      .where(eq(subscribers.email, email))
      .for('update');
    if (!found) return;
    const { row, mailedLately } = found;
    if (row.status === 'subscribed' || (row.status === 'pending' && mailedLately)) return;
    const token = newToken();
    await tx
      .update(subscribers)
      .set({ status: 'pending', confirmTokenHash: tokenDigest(token), confirmSentAt: sql`now()` })
      .where(eq(subscribers.id, row.id));
    const { unsubscribeUrl, headers } = links(settings, row.unsubscribeToken);
    await enqueueMail(tx, {
      kind: 'newsletter-confirm',
      recipient: email,
      headers,
      secrets: [token, row.unsubscribeToken],
      ...confirmSubscriptionMail(settings.storeName, {
        confirmUrl: `${settings.publicUrl}/newsletter/confirm?token=${token}`,
        unsubscribeUrl,
        percent: NEWSLETTER_DISCOUNT_PERCENT,
        validDays: CONFIRM_VALID_DAYS,
      }),
    });
  });
}

const badLink = () => new HttpError(404, NEWSLETTER_MESSAGES.badLink);

/**
 * The welcome code an address was given, and whether it is spent: an order has used it, or it
 * was withdrawn (switched off, as erasing the account with that address does).
 */
async function welcomeOf(tx: Executor, row: SubscriberRow) {
  if (!row.welcomeCodeId) return null;
  const [code] = await tx
    .select({ code: discountCodes.code, uses: discountCodes.uses, active: discountCodes.active })
    .from(discountCodes)
    .where(eq(discountCodes.id, row.welcomeCodeId));
  return code ? { code: code.code, used: code.uses > 0 || !code.active } : null;
}

/**
 * Confirms the subscription a link's token was mailed for, within its days. The first
 * confirmation of an address issues its one welcome code (20% off one order, for the account
 * with that address) and mails it; following the link again (a reload) answers the same and
 * writes nothing. The row is locked, so two confirmations at once issue one code.
 */
export async function confirm(
  db: Db,
  token: string,
  settings: NewsletterSettings,
): Promise<NewsletterConfirmed> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscribers)
      .where(
        and(
          eq(subscribers.confirmTokenHash, tokenDigest(token)),
          sql`${subscribers.confirmSentAt} > now() - ${CONFIRM_VALID_DAYS} * interval '1 day'`,
        ),
      )
      .for('update');
    if (!row) throw badLink();
    if (row.status === 'pending') {
      await tx
        .update(subscribers)
        .set({ status: 'subscribed', confirmedAt: sql`now()`, unsubscribedAt: null })
        .where(eq(subscribers.id, row.id));
    }
    // Only a row with its address has a confirmation link: an erased one has none.
    const email = row.email!;
    let welcome = await welcomeOf(tx, row);
    if (!welcome) {
      const code = await issueWelcomeCode(tx, email);
      await tx.update(subscribers).set({ welcomeCodeId: code.id }).where(eq(subscribers.id, row.id));
      const { unsubscribeUrl, headers } = links(settings, row.unsubscribeToken);
      await enqueueMail(tx, {
        kind: 'newsletter-welcome',
        recipient: email,
        headers,
        secrets: [row.unsubscribeToken],
        ...welcomeCodeMail(settings.storeName, {
          code: code.code,
          percent: NEWSLETTER_DISCOUNT_PERCENT,
          shopUrl: `${settings.publicUrl}/products`,
          unsubscribeUrl,
        }),
      });
      welcome = { code: code.code, used: false };
    }
    return {
      message: NEWSLETTER_MESSAGES.confirmed,
      email,
      code: welcome.code,
      codeUsed: welcome.used,
    };
  });
}

/** A new one-time code for one address; drawn again in the unlikely case it is taken. */
async function issueWelcomeCode(tx: Executor, email: string) {
  for (;;) {
    const code = welcomeCode();
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code,
        kind: 'percent',
        value: String(NEWSLETTER_DISCOUNT_PERCENT),
        totalUses: 1,
        perCustomerUses: 1,
        email,
      })
      .onConflictDoNothing()
      .returning({ id: discountCodes.id, code: discountCodes.code });
    if (row) return row;
  }
}

/**
 * Unsubscribes the address a mail's link was for, at once and for good (until it subscribes
 * again); a second click answers the same. Its unconfirmed link stops working.
 */
export async function unsubscribe(db: Executor, token: string): Promise<void> {
  const [row] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.unsubscribeToken, token));
  if (!row) throw badLink();
  await unsubscribeWhere(db, eq(subscribers.id, row.id));
}

/**
 * Forgets an address, as erasing the account with it does: its subscription ends, and its row
 * goes, unless the address was given its welcome code. Then the row stays for the one-code
 * rule, unsubscribed, with the address's hash in place of the address (`addressHash`): if it
 * subscribes again it comes back to this row, and to no second code.
 */
export async function forgetAddress(tx: Executor, rawEmail: string): Promise<void> {
  const email = rawEmail.toLowerCase();
  await tx
    .delete(subscribers)
    .where(and(eq(subscribers.email, email), sql`${subscribers.welcomeCodeId} is null`));
  await tx
    .update(subscribers)
    .set({
      email: null,
      emailHash: addressHash(email),
      status: 'unsubscribed',
      unsubscribedAt: sql`case when ${subscribers.status} = 'unsubscribed' then ${subscribers.unsubscribedAt} else now() end`,
      confirmTokenHash: null,
      confirmSentAt: null,
    })
    .where(eq(subscribers.email, email));
}

async function unsubscribeWhere(db: Executor, where: ReturnType<typeof eq>) {
  await db
    .update(subscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: sql`now()`, confirmTokenHash: null })
    .where(and(where, ne(subscribers.status, 'unsubscribed')));
}

// ---------------------------------------------------------------------------------------------
// The back office, and the customer's own data

const instant = (text: string | null) => (text === null ? null : new Date(text).toISOString());

const subscriberColumns = {
  row: subscribers,
  code: discountCodes.code,
  uses: discountCodes.uses,
};

function toSubscriber({
  row,
  code,
  uses,
}: {
  row: SubscriberRow;
  code: string | null;
  uses: number | null;
}): Subscriber {
  return {
    _id: row.id,
    // Listed rows have their address (`listed`, `subscriptionOf`).
    email: row.email!,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    confirmedAt: instant(row.confirmedAt),
    unsubscribedAt: instant(row.unsubscribedAt),
    code,
    codeUsed: (uses ?? 0) > 0,
  };
}

function listed(db: Executor, query: SubscriberExportQuery) {
  const where = and(
    // The rows of erased accounts' addresses are no subscribers: they only keep the one-code rule.
    isNotNull(subscribers.email),
    query.q ? ilike(subscribers.email, `%${escapeLike(query.q)}%`) : undefined,
    query.status ? eq(subscribers.status, query.status) : undefined,
  );
  const column =
    query.sort === 'email'
      ? subscribers.email
      : query.sort === 'status'
        ? subscribers.status
        : subscribers.createdAt;
  const direction =
    (query.order ?? (query.sort === 'createdAt' || !query.sort ? 'desc' : 'asc')) === 'asc' ? asc : desc;
  const rows = db
    .select(subscriberColumns)
    .from(subscribers)
    .leftJoin(discountCodes, eq(discountCodes.id, subscribers.welcomeCodeId))
    .where(where)
    .orderBy(direction(column), desc(subscribers.id));
  return { rows, where };
}

export async function listSubscribers(db: Executor, query: SubscriberListQuery) {
  const { rows, where } = listed(db, query);
  const page = await rows.limit(query.limit).offset(query.offset);
  const [total] = await db.select({ n: count() }).from(subscribers).where(where);
  return { subscribers: page.map(toSubscriber), total: total?.n ?? 0 };
}

/** Every subscriber matching the back office's filters, for its CSV. */
export async function allSubscribers(db: Executor, query: SubscriberExportQuery): Promise<Subscriber[]> {
  return (await listed(db, query).rows).map(toSubscriber);
}

/** The subscription of a customer's address, for their data download. */
export async function subscriptionOf(db: Executor, email: string) {
  const [found] = await db
    .select(subscriberColumns)
    .from(subscribers)
    .leftJoin(discountCodes, eq(discountCodes.id, subscribers.welcomeCodeId))
    .where(eq(subscribers.email, email.toLowerCase()));
  if (!found) return null;
  const { _id, ...subscription } = toSubscriber(found);
  return subscription;
}
