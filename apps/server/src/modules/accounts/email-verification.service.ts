import { EMAIL_MESSAGES, EMAIL_VERIFY_HOURS } from '@habi/shared';
import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { customers, emailVerifications } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import { clock } from '../auth/index.ts';
import { emailChangedMail, enqueueMail, verifyEmailMail } from '../mail/index.ts';
import type { AccountMailSettings } from './passwords.service.ts';

type Purpose = 'verify' | 'change';

const badLink = () => new HttpError(404, EMAIL_MESSAGES.badLink);

/**
 * Mails a link that proves `email` for the customer: their own address (`verify`, at sign-up or
 * asked again), or the one they change to (`change`). A newer link replaces the older of the same
 * purpose, and expired links are swept as new ones are made. Runs in the caller's transaction,
 * so the mail goes only if what asked for it is stored.
 */
export async function mailVerificationLink(
  tx: Executor,
  customer: { id: string; name: string },
  { purpose, email }: { purpose: Purpose; email: string },
  settings: AccountMailSettings,
): Promise<void> {
  const token = newToken();
  const now = clock.now();
  await tx.delete(emailVerifications).where(lte(emailVerifications.expiresAt, new Date(now)));
  await tx
    .delete(emailVerifications)
    .where(and(eq(emailVerifications.customerId, customer.id), eq(emailVerifications.purpose, purpose)));
  await tx.insert(emailVerifications).values({
    tokenHash: tokenDigest(token),
    customerId: customer.id,
    purpose,
    email,
    expiresAt: new Date(now + EMAIL_VERIFY_HOURS * 3_600_000),
  });
  await enqueueMail(tx, {
    kind: purpose === 'verify' ? 'email-verify' : 'email-change',
    recipient: email,
    secrets: [token],
    ...verifyEmailMail(settings.storeName, {
      name: customer.name,
      url: `${settings.publicUrl}/verify-email?token=${token}`,
      validHours: EMAIL_VERIFY_HOURS,
      change: purpose === 'change',
    }),
  });
}

async function emailTaken(tx: Executor, email: string, exceptId: string) {
  const [taken] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), ne(customers.id, exceptId)));
  return taken !== undefined;
}

/**
 * A profile's change of address: the address stays until the link mailed to the new one is
 * followed. The answer is the same whether or not another account has the new address (so the
 * profile form tells no one which addresses are registered); a taken address gets no mail.
 */
export async function requestEmailChange(
  tx: Executor,
  customer: { id: string; name: string },
  rawEmail: string,
  settings: AccountMailSettings,
): Promise<void> {
  const email = rawEmail.toLowerCase();
  if (await emailTaken(tx, email, customer.id)) return;
  await mailVerificationLink(tx, customer, { purpose: 'change', email }, settings);
}

/**
 * Follows a mailed link: verifies the account's address, or changes it to the new one (verified
 * by the same step, the old address told). A link works once and until it expires; followed
 * again (a reload) it answers the same while the account still has that address, and changes
 * nothing. In one transaction with the link's row locked, so two followings make one change.
 */
export async function followVerificationLink(
  db: Db,
  token: string,
  settings: AccountMailSettings,
): Promise<{ message: string; email: string }> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenDigest(token)),
          gt(emailVerifications.expiresAt, new Date(clock.now())),
        ),
      )
      .for('update');
    if (!link) throw badLink();
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, link.customerId))
      .for('update');
    if (!customer) throw badLink();
    const message = link.purpose === 'verify' ? EMAIL_MESSAGES.verified : EMAIL_MESSAGES.changed(link.email);
    if (link.usedAt) {
      if (customer.email !== link.email || !customer.emailVerifiedAt) throw badLink();
      return { message, email: customer.email };
    }
    if (link.purpose === 'verify' && customer.email !== link.email) throw badLink();
    // Another account took the new address after the link was mailed (one doing so at this
    // very moment meets the unique index: the same 409, worded as for sign-up).
    if (link.purpose === 'change' && (await emailTaken(tx, link.email, customer.id))) {
      throw new HttpError(409, EMAIL_MESSAGES.taken);
    }
    await tx
      .update(customers)
      .set({ email: link.email, emailVerifiedAt: sql`now()` })
      .where(eq(customers.id, customer.id));
    await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(eq(emailVerifications.tokenHash, link.tokenHash));
    if (link.purpose === 'change') {
      // Links to the old address no longer prove anything.
      await tx
        .delete(emailVerifications)
        .where(and(eq(emailVerifications.customerId, customer.id), eq(emailVerifications.purpose, 'verify')));
      await enqueueMail(tx, {
        kind: 'email-changed',
        recipient: customer.email,
        ...emailChangedMail(settings.storeName, { newEmail: link.email }),
      });
    }
    return { message, email: link.email };
  });
}
