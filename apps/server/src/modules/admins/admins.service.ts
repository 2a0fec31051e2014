import type { Admin, AdminAccountInput, AdminProfileInput } from '@habi/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AdminRow } from '../../db/schema.ts';
import { admins } from '../../db/schema.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Recorder } from '../audit/index.ts';

export function toAdmin(row: AdminRow): Admin {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    email: row.email,
    imageUrl: row.imageUrl,
    role: row.role,
  };
}

const USERNAME_TAKEN = 'This username is already taken';
const sameUsername = (username: string) => sql`lower(${admins.username}) = ${username.toLowerCase()}`;

export async function createAdmin(db: Executor, input: AdminAccountInput): Promise<AdminRow> {
  refuseCommonPassword(input.password);
  const [taken] = await db.select({ id: admins.id }).from(admins).where(sameUsername(input.username));
  if (taken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const [row] = await db
    .insert(admins)
    .values({
      username: input.username,
      email: input.email.toLowerCase(),
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return row!;
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return row?.n ?? 0;
}

/** The admin a username names, in any case. */
export async function findAdminByUsername(db: Executor, username: string): Promise<AdminRow | null> {
  const [row] = await db.select().from(admins).where(sameUsername(username));
  return row ?? null;
}

export async function authenticateAdmin(db: Executor, username: string, password: string) {
  const [row] = await db.select().from(admins).where(sameUsername(username));
  // A suspended or removed member is refused like a wrong password, after as long a check.
  if (!row || row.suspendedAt || row.removedAt) {
    await burnPasswordCheck(password);
    return null;
  }
  return (await verifyPassword(row.passwordHash, password)) ? row : null;
}

/**
 * Changes an admin's profile; a new picture is stored only once the username is free, and before
 * the change's transaction (the image store writes through its own handle, which on the embedded
 * database would wait for ever on an open transaction). The change and its audit row (`record`)
 * commit together. Answers the row and, with a new picture, the picture it replaced (read under
 * the row's lock).
 */
export async function updateAdminProfile(
  db: Db,
  id: string,
  input: AdminProfileInput,
  record: Recorder,
  storeImage?: () => Promise<string>,
): Promise<{ row: AdminRow; replaced: string | null }> {
  const [taken] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(sameUsername(input.username), ne(admins.id, id)));
  if (taken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const imageUrl = await storeImage?.();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!before) throw notFound('Admin not found');
    const [row] = await tx
      .update(admins)
      .set({ username: input.username, email: input.email.toLowerCase(), ...(imageUrl ? { imageUrl } : {}) })
      .where(eq(admins.id, id))
      .returning();
    await record(tx, { action: 'edit-profile', id, before, after: row });
    return { row: row!, replaced: imageUrl && before.imageUrl ? before.imageUrl : null };
  });
}
