import {
  type AddAddressInput,
  type AddressParts,
  addressLine,
  LIMITS,
  type MyData,
  type ProfileInput,
  type SignUpInput,
  type User,
  type UserListQuery,
} from '@habi/shared';
import { and, asc, count, desc, eq, getTableColumns, gt, ilike, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import type { CustomerRow } from '../../db/schema.ts';
import { customers, knownDevices, orders, sessions } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { escapeLike } from '../../lib/sql.ts';
import { type AccountMailSettings, mailVerificationLink } from '../accounts/index.ts';
import type { Recorder } from '../audit/index.ts';
import { forgetCustomerThrottling } from '../auth/index.ts';
import { withdrawCodesBoundTo } from '../discounts/index.ts';
import { forgetMailTo } from '../mail/index.ts';
import { forgetAddress, subscriptionOf } from '../newsletter/index.ts';
import { allCustomerOrders, removeTransferProofs, takeTransferProofs } from '../orders/index.ts';
import { resolveAddress } from '../places/index.ts';
import { takeReturnPhotos } from '../returns/index.ts';
import type { ImageStore } from '../uploads/index.ts';
import { removeImageIfUnused } from '../uploads/index.ts';

export function toUser(row: CustomerRow): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    contactNumber: row.contactNumber,
    imageUrl: row.imageUrl,
    shippingAddress: row.shippingAddresses,
    ...addressParts(row.shippingAddressParts),
    emailVerified: row.emailVerifiedAt !== null,
  };
}

const EMAIL_TAKEN = 'This email is already registered';

async function assertEmailFree(db: Executor, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      exceptId ? and(eq(customers.email, email), ne(customers.id, exceptId)) : eq(customers.email, email),
    );
  if (taken) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
}

/** Creates a customer and mails the link that verifies their address, in one transaction. */
export async function registerCustomer(
  db: Db,
  input: SignUpInput,
  settings: AccountMailSettings,
): Promise<CustomerRow> {
  const email = input.email.toLowerCase();
  await assertEmailFree(db, email);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({ name: input.name, email, contactNumber: input.contactNumber, passwordHash })
      .onConflictDoNothing()
      .returning();
    // A parallel sign-up with the same email won the race.
    if (!row) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await mailVerificationLink(tx, row, { purpose: 'verify', email }, settings);
    return row;
  });
}

/** The customer whose email and password match, or null (after the same work either way). */
export async function authenticateCustomer(db: Executor, email: string, password: string) {
  const [row] = await db.select().from(customers).where(eq(customers.email, email.toLowerCase()));
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password)) ? row : null;
}

/**
 * Changes a customer's profile. A new picture is stored by `storeImage` only once the change is
 * known to be accepted, so a refused change leaves no image behind (a parallel change that takes
 * the email in between leaves at most an unused one, which `changePicture` removes). Answers the
 * row and, with a new picture, the picture it replaced (read under the row's lock, so of two
 * changes at once each names its own).
 */
export async function updateProfile(
  db: Executor,
  id: string,
  input: ProfileInput,
  storeImage?: () => Promise<string>,
): Promise<{ row: CustomerRow; replaced: string | null }> {
  const email = input.email.toLowerCase();
  await assertEmailFree(db, email, id);
  const imageUrl = await storeImage?.();
  const previous = db
    .select({ id: customers.id, imageUrl: customers.imageUrl })
    .from(customers)
    .where(eq(customers.id, id))
    .for('update')
    .as('previous');
  const [changed] = await db
    .update(customers)
    .set({ name: input.name, email, contactNumber: input.contactNumber, ...(imageUrl ? { imageUrl } : {}) })
    .from(previous)
    .where(eq(customers.id, previous.id))
    .returning({ ...getTableColumns(customers), replaced: previous.imageUrl });
  if (!changed) throw notFound('User not found');
  const { replaced, ...row } = changed;
  return { row, replaced: imageUrl && replaced ? replaced : null };
}

/** `shippingAddressParts` when some saved address has parts: the list reads as SPEC's otherwise. */
function addressParts(parts: Record<string, AddressParts>) {
  return Object.keys(parts).length > 0 ? { shippingAddressParts: parts } : {};
}

const savedAddresses = {
  shippingAddresses: customers.shippingAddresses,
  shippingAddressParts: customers.shippingAddressParts,
};

/**
 * Saves an address: the text as given, or for a structured one (`parts`, checked against the PSGC
 * list) the line built from it, with its parts kept under that line.
 */
export async function addAddress(
  db: Executor,
  customer: CustomerRow,
  { newAddress, parts: input }: AddAddressInput,
) {
  const parts = input ? resolveAddress(input, 'parts') : undefined;
  const address = parts ? addressLine(parts) : newAddress;
  if (customer.shippingAddresses.includes(address)) throw conflict('This address is already saved');
  if (customer.shippingAddresses.length >= LIMITS.addressesPerUser) {
    throw conflict(`At most ${LIMITS.addressesPerUser} addresses can be saved`);
  }
  const [row] = await db
    .update(customers)
    .set({
      shippingAddresses: sql`array_append(${customers.shippingAddresses}, ${address})`,
      ...(parts && {
        shippingAddressParts: sql`${customers.shippingAddressParts} || jsonb_build_object(${address}::text, ${JSON.stringify(parts)}::jsonb)`,
      }),
    })
    .where(eq(customers.id, customer.id))
    .returning(savedAddresses);
  return { shippingAddress: row!.shippingAddresses, ...addressParts(row!.shippingAddressParts) };
}

export async function removeAddress(db: Executor, customer: CustomerRow, address: string) {
  if (!customer.shippingAddresses.includes(address)) throw notFound('Address not found');
  const [row] = await db
    .update(customers)
    .set({
      shippingAddresses: sql`array_remove(${customers.shippingAddresses}, ${address})`,
      shippingAddressParts: sql`${customers.shippingAddressParts} - ${address}::text`,
    })
    .where(eq(customers.id, customer.id))
    .returning(savedAddresses);
  return { shippingAddress: row!.shippingAddresses, ...addressParts(row!.shippingAddressParts) };
}

/** Users for the back office, optionally searched by name, sorted and paged on the server. */
export async function listUsers(db: Executor, query: UserListQuery) {
  const where = query.q ? ilike(customers.name, `%${escapeLike(query.q)}%`) : undefined;
  // Newest first unless a column is chosen, which sorts ascending unless told otherwise.
  const column = query.sort ? customers[query.sort] : customers.createdAt;
  const direction = (query.order ?? (query.sort ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(direction(column), asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return { users: rows.map(toUser), total: total?.n ?? 0 };
}

/**
 * Erases a customer, the one rule for the back office's delete and the customer's own; what
 * stays is what the Privacy page says stays. In one transaction:
 * - the row goes with its contact details, addresses and picture, and through their foreign keys
 *   its sessions, remembered browsers and checkout keys; orders stay for the shop's records with
 *   the name and delivery address they were placed with, no longer linked to an account;
 * - throttling forgets the account's counts (some are keyed by its email);
 * - when the address was verified (else they may be another person's), the newsletter forgets
 *   it (only its hash stays, when it had its welcome code) and codes bound to it are withdrawn;
 * - mail to the address not sent yet is withdrawn; mail already sent stays as a record of its
 *   kind, subject and dates, without the address or the body;
 * - the screenshots of transfers attached to the orders (they show the customer's own account)
 *   and the photos of the customer's return requests are let go.
 * Then the picture's files go too, once nothing else shows them, and the screenshots' and photos'.
 */
export async function deleteCustomer(
  db: Db,
  { images, proofs }: { images: ImageStore; proofs: ImageStore },
  id: string,
  log: FastifyBaseLogger,
  /** An admin's erasure is kept in the audit log (without the person's data: redact.ts). */
  record?: Recorder,
) {
  const deleted = await db.transaction(async (tx) => {
    // Before the row: its orders are then no longer linked to it.
    const screenshots = [
      ...(await takeTransferProofs(tx, eq(orders.customerId, id))),
      ...(await takeReturnPhotos(tx, id)),
    ];
    const devices = await tx
      .select({ id: knownDevices.id })
      .from(knownDevices)
      .where(eq(knownDevices.customerId, id));
    const [row] = await tx.delete(customers).where(eq(customers.id, id)).returning({
      email: customers.email,
      emailVerifiedAt: customers.emailVerifiedAt,
      imageUrl: customers.imageUrl,
    });
    if (!row) return undefined;
    await forgetCustomerThrottling(tx, { id, email: row.email, deviceIds: devices.map((d) => d.id) });
    // An address never proven the account's may be someone else's subscription and code.
    if (row.emailVerifiedAt) {
      await forgetAddress(tx, row.email);
      await withdrawCodesBoundTo(tx, row.email);
    }
    await forgetMailTo(tx, row.email);
    await record?.(tx, { action: 'delete', id });
    return { ...row, screenshots };
  });
  if (!deleted) throw notFound('User not found');
  await removeTransferProofs(proofs, deleted.screenshots, log);
  if (!deleted.imageUrl) return;
  // The account is gone whatever happens to the files: a failure here is only logged.
  await removeImageIfUnused(db, images, deleted.imageUrl).catch((error: unknown) =>
    log.error({ err: error }, 'Could not remove an erased customer picture'),
  );
}

const period = (row: { createdAt: string; expiresAt: Date }) => ({
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/** Everything the store keeps about a customer, for them to download: never a hash or a token. */
export async function exportCustomerData(db: Executor, customer: CustomerRow): Promise<MyData> {
  const now = new Date();
  const liveSessions = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      network: sessions.network,
    })
    .from(sessions)
    .where(and(eq(sessions.customerId, customer.id), gt(sessions.expiresAt, now)))
    .orderBy(asc(sessions.createdAt));
  const devices = await db
    .select({ createdAt: knownDevices.createdAt, expiresAt: knownDevices.expiresAt })
    .from(knownDevices)
    .where(and(eq(knownDevices.customerId, customer.id), gt(knownDevices.expiresAt, now)))
    .orderBy(asc(knownDevices.createdAt));
  return {
    exportedAt: now.toISOString(),
    profile: {
      _id: customer.id,
      name: customer.name,
      email: customer.email,
      contactNumber: customer.contactNumber,
      imageUrl: customer.imageUrl,
      createdAt: new Date(customer.createdAt).toISOString(),
    },
    shippingAddress: customer.shippingAddresses,
    orders: await allCustomerOrders(db, customer.id),
    sessions: liveSessions.map(({ lastSeenAt, userAgent, network, ...row }) => ({
      ...period(row),
      lastSeenAt: lastSeenAt.toISOString(),
      userAgent,
      network,
    })),
    devices: devices.map(period),
    // The address's subscription is the account's only once the address is proven its own.
    newsletter: customer.emailVerifiedAt ? await subscriptionOf(db, customer.email) : null,
  };
}
