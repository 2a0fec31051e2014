import { PASSWORD_MESSAGES, PASSWORD_RESET_MINUTES } from '@habi/shared';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type AdminRow, admins, type CustomerRow, customers, passwordResets } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import type { Recorder } from '../audit/index.ts';
import { clock, endOtherSessions, forgetDevices } from '../auth/index.ts';
import { enqueueMail, passwordChangedMail, passwordResetMail } from '../mail/index.ts';

/** What the account mails need from the configuration. */
export interface AccountMailSettings {
  storeName: string;
  /** Where shoppers reach the store, for the links in mail. */
  publicUrl: string;
}

const badLink = () => new HttpError(404, PASSWORD_MESSAGES.badLink);
const forgotUrl = (settings: AccountMailSettings) => `${settings.publicUrl}/forgot-password`;

/**
 * Mails a link to set a new password to the account with this address, if there is one. The
 * caller answers the same either way; the link's token is stored only as its SHA-256.
 */
export async function requestReset(db: Db, rawEmail: string, settings: AccountMailSettings): Promise<void> {
  const email = rawEmail.toLowerCase();
  const token = newToken();
  const now = clock.now();
  await db.transaction(async (tx) => {
    // Expired links are swept as new ones are asked for, so the table stays small.
    await tx.delete(passwordResets).where(lte(passwordResets.expiresAt, new Date(now)));
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, email));
    if (!customer) return;
    await tx.insert(passwordResets).values({
      tokenHash: tokenDigest(token),
      customerId: customer.id,
      email,
      expiresAt: new Date(now + PASSWORD_RESET_MINUTES * 60_000),
    });
    await enqueueMail(tx, {
      kind: 'password-reset',
      recipient: email,
      secrets: [token],
      ...passwordResetMail(settings.storeName, {
        resetUrl: `${settings.publicUrl}/reset-password?token=${token}`,
        validMinutes: PASSWORD_RESET_MINUTES,
      }),
    });
  });
}

/** A link that works: not used, not expired, and its account still has the address it went to. */
const working = (token: string) =>
  and(
    eq(passwordResets.tokenHash, tokenDigest(token)),
    gt(passwordResets.expiresAt, new Date(clock.now())),
    eq(customers.email, passwordResets.email),
  );

/** The address a link sets the password for; 404 for a link that does not work. */
export async function checkReset(db: Executor, token: string): Promise<string> {
  const [row] = await db
    .select({ email: customers.email })
    .from(passwordResets)
    .innerJoin(customers, eq(customers.id, passwordResets.customerId))
    .where(working(token));
  if (!row) throw badLink();
  return row.email;
}

/**
 * Sets the password a working link is for and answers its customer's id. The link is deleted
 * as it is used, in the transaction that changes the password, so of two resets with one link
 * exactly one succeeds. Every link, session and known device of the account ends with it, and
 * the customer is told by mail.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  settings: AccountMailSettings,
): Promise<string> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenDigest(token)),
          gt(passwordResets.expiresAt, new Date(clock.now())),
        ),
      )
      .returning({ customerId: passwordResets.customerId, email: passwordResets.email });
    if (!claimed) throw badLink();
    const [customer] = await tx
      .update(customers)
      .set({ passwordHash })
      .where(and(eq(customers.id, claimed.customerId), eq(customers.email, claimed.email)))
      .returning({ id: customers.id, email: customers.email });
    if (!customer) throw badLink();
    await tx.delete(passwordResets).where(eq(passwordResets.customerId, customer.id));
    await endOtherSessions(tx, 'customer', customer.id);
    await forgetDevices(tx, 'customer', customer.id);
    await enqueueMail(tx, {
      kind: 'password-changed',
      recipient: customer.email,
      ...passwordChangedMail(settings.storeName, { forgotUrl: forgotUrl(settings), signedOut: 'all' }),
    });
    return customer.id;
  });
}

/**
 * Changes a signed-in customer's or admin's password (the current one checked by the caller):
 * every other session of the account ends, the one asking stays, and the account is told by mail
 * (an admin without an address is not).
 */
export async function changePassword(
  db: Db,
  account: { kind: 'customer'; row: CustomerRow } | { kind: 'admin'; row: AdminRow },
  password: string,
  currentSessionId: string,
  settings: AccountMailSettings,
  /** An admin's change is recorded in the audit log with it. */
  record?: Recorder,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const { kind, row } = account;
  await db.transaction(async (tx) => {
    await record?.(tx, { action: 'password-change', id: row.id });
    if (kind === 'customer') {
      await tx.update(customers).set({ passwordHash }).where(eq(customers.id, row.id));
    } else {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, row.id));
    }
    await endOtherSessions(tx, kind, row.id, currentSessionId);
    if (!row.email) return;
    await enqueueMail(tx, {
      kind: 'password-changed',
      recipient: row.email,
      ...passwordChangedMail(settings.storeName, {
        ...(kind === 'customer' ? { forgotUrl: forgotUrl(settings) } : {}),
        signedOut: 'others',
      }),
    });
  });
}
