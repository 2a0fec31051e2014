import { LIMITS, type ProfileInput, type SignUpInput, type User, type UserListQuery } from '@habi/shared';
import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { CustomerRow } from '../../plugins/auth.ts';

export function toUser(row: CustomerRow): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    contactNumber: row.contactNumber,
    imageUrl: row.imageUrl,
    shippingAddress: row.shippingAddresses,
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

export async function registerCustomer(db: Executor, input: SignUpInput): Promise<CustomerRow> {
  const email = input.email.toLowerCase();
  await assertEmailFree(db, email);
  const passwordHash = await hashPassword(input.password);
  const [row] = await db
    .insert(customers)
    .values({ name: input.name, email, contactNumber: input.contactNumber, passwordHash })
    .onConflictDoNothing()
    .returning();
  // A parallel sign-up with the same email won the race.
  if (!row) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  return row;
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
 * the email in between leaves at most an unused one, named by its content).
 */
export async function updateProfile(
  db: Executor,
  id: string,
  input: ProfileInput,
  storeImage?: () => Promise<string>,
) {
  const email = input.email.toLowerCase();
  await assertEmailFree(db, email, id);
  const imageUrl = await storeImage?.();
  const [row] = await db
    .update(customers)
    .set({ name: input.name, email, contactNumber: input.contactNumber, ...(imageUrl ? { imageUrl } : {}) })
    .where(eq(customers.id, id))
    .returning();
  if (!row) throw notFound('User not found');
  return row;
}

export async function addAddress(db: Executor, customer: CustomerRow, address: string) {
  if (customer.shippingAddresses.includes(address)) throw conflict('This address is already saved');
  if (customer.shippingAddresses.length >= LIMITS.addressesPerUser) {
    throw conflict(`At most ${LIMITS.addressesPerUser} addresses can be saved`);
  }
  const [row] = await db
    .update(customers)
    .set({ shippingAddresses: sql`array_append(${customers.shippingAddresses}, ${address})` })
    .where(eq(customers.id, customer.id))
    .returning({ shippingAddresses: customers.shippingAddresses });
  return row!.shippingAddresses;
}

export async function removeAddress(db: Executor, customer: CustomerRow, address: string) {
  if (!customer.shippingAddresses.includes(address)) throw notFound('Address not found');
  const [row] = await db
    .update(customers)
    .set({ shippingAddresses: sql`array_remove(${customers.shippingAddresses}, ${address})` })
    .where(eq(customers.id, customer.id))
    .returning({ shippingAddresses: customers.shippingAddresses });
  return row!.shippingAddresses;
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

export async function deleteCustomer(db: Executor, id: string) {
  const deleted = await db.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id });
  if (deleted.length === 0) throw notFound('User not found');
}
