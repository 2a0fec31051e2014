import {
  STAFF_INVITE_DAYS,
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  type StaffInviteAcceptInput,
  type StaffInviteInput,
  type StaffInviteLinkResponse,
  type StaffInviteView,
  type StaffList,
  type StaffMember,
  type StaffUpdateInput,
} from '@habi/shared';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type AdminRow, admins, staffInvites } from '../../db/schema.ts';
import { refuseCommonPassword } from '../../lib/common-passwords.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newToken, tokenDigest } from '../../lib/tokens.ts';
import type { Recorder } from '../audit/index.ts';
import { clock, endOtherSessions, forgetDevices } from '../auth/index.ts';
import { enqueueMail, staffInviteMail } from '../mail/index.ts';

/** What the invite mail needs from the configuration. */
export interface StaffMailSettings {
  storeName: string;
  publicUrl: string;
}

/**
 * Changes that could leave the shop without an active owner take this lock first, so of two
 * racing (two owners removing each other) the second sees the first's change and is refused.
 */
const OWNERS_LOCK = sql`select pg_advisory_xact_lock(hashtext('habi:staff-owners'))`;

const badLink = () => new HttpError(404, STAFF_MESSAGES.badLink);
const sameEmail = (email: string) => sql`lower(${admins.email}) = ${email}`;
const sameUsername = (username: string) => sql`lower(${admins.username}) = ${username.toLowerCase()}`;

function toMember(row: AdminRow): StaffMember {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    suspended: row.suspendedAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

type InviteRow = typeof staffInvites.$inferSelect;
function toInvite(row: InviteRow): StaffInviteView {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= clock.now(),
  };
}

/** Members (not removed), oldest first, and the invites waiting or lapsed. */
export async function listStaff(db: Executor): Promise<StaffList> {
  const [members, invites] = await Promise.all([
    db.select().from(admins).where(isNull(admins.removedAt)).orderBy(asc(admins.createdAt), asc(admins.id)),
    db.select().from(staffInvites).orderBy(asc(staffInvites.createdAt), asc(staffInvites.id)),
  ]);
  return { members: members.map(toMember), invites: invites.map(toInvite) };
}

const expiry = () => new Date(clock.now() + STAFF_INVITE_DAYS * 24 * 3600_000);

/** Queues the invite's mail with a new link; its token is masked once the mail has gone. */
async function mailInvite(tx: Executor, invite: InviteRow, token: string, settings: StaffMailSettings) {
  await enqueueMail(tx, {
    kind: 'staff-invite',
    recipient: invite.email,
    secrets: [token],
    ...staffInviteMail(settings.storeName, {
      name: invite.name,
      roleLabel: STAFF_ROLE_LABELS[invite.role],
      inviteUrl: `${settings.publicUrl}/admin/invite?token=${token}`,
      validDays: STAFF_INVITE_DAYS,
    }),
  });
}

/** Invites someone by mail; one invite waits per address, and a member's address is refused. */
export async function inviteStaff(
  db: Db,
  input: StaffInviteInput,
  invitedBy: string,
  settings: StaffMailSettings,
): Promise<StaffInviteView> {
  const email = input.email.toLowerCase();
  const token = newToken();
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(sameEmail(email), isNull(admins.removedAt)));
    if (member) throw conflict(STAFF_MESSAGES.memberTaken, { email: STAFF_MESSAGES.memberTaken });
    const [invite] = await tx
      .insert(staffInvites)
      .values({
        tokenHash: tokenDigest(token),
        email,
        name: input.name,
        role: input.role,
        invitedBy,
        expiresAt: expiry(),
      })
      .onConflictDoNothing()
      .returning();
    if (!invite) throw conflict(STAFF_MESSAGES.inviteTaken, { email: STAFF_MESSAGES.inviteTaken });
    await mailInvite(tx, invite, token, settings);
    return toInvite(invite);
  });
}

/** Mails the invite again with a new link (the older one stops working) and a new expiry. */
export async function resendInvite(
  db: Db,
  id: string,
  settings: StaffMailSettings,
): Promise<StaffInviteView> {
  const token = newToken();
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .update(staffInvites)
      .set({ tokenHash: tokenDigest(token), expiresAt: expiry() })
      .where(eq(staffInvites.id, id))
      .returning();
    if (!invite) throw notFound(STAFF_MESSAGES.inviteNotFound);
    await mailInvite(tx, invite, token, settings);
    return toInvite(invite);
  });
}

export async function cancelInvite(db: Executor, id: string): Promise<void> {
  const gone = await db
    .delete(staffInvites)
    .where(eq(staffInvites.id, id))
    .returning({ id: staffInvites.id });
  if (gone.length === 0) throw notFound(STAFF_MESSAGES.inviteNotFound);
}

const working = (token: string) =>
  and(eq(staffInvites.tokenHash, tokenDigest(token)), gt(staffInvites.expiresAt, new Date(clock.now())));

/** Who a working link invites; 404 for one that does not work. */
export async function checkInvite(db: Executor, token: string): Promise<StaffInviteLinkResponse> {
  const [row] = await db.select().from(staffInvites).where(working(token));
  if (!row) throw badLink();
  return { email: row.email, name: row.name, role: row.role };
}

/**
 * Opens the invitee's account with the invite's role. The invite is deleted in the transaction
 * that makes the account, so of two acceptances with one link exactly one succeeds; a refusal
 * (a username taken) leaves the link working.
 */
export async function acceptInvite(db: Db, input: StaffInviteAcceptInput): Promise<AdminRow> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [invite] = await tx.delete(staffInvites).where(working(input.token)).returning();
    if (!invite) throw badLink();
    const [member] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(sameEmail(invite.email), isNull(admins.removedAt)));
    if (member) throw conflict(STAFF_MESSAGES.memberTaken);
    const [taken] = await tx.select({ id: admins.id }).from(admins).where(sameUsername(input.username));
    if (taken) throw conflict(USERNAME_TAKEN, { username: USERNAME_TAKEN });
    const [row] = await tx
      .insert(admins)
      .values({ username: input.username, email: invite.email, passwordHash, role: invite.role })
      .returning();
    return row!;
  });
}
const USERNAME_TAKEN = 'This username is already taken';

/** The member by id, locked for the change; 404 for none or a removed one. */
async function lockedMember(tx: Executor, id: string): Promise<AdminRow> {
  const [row] = await tx
    .select()
    .from(admins)
    .where(and(eq(admins.id, id), isNull(admins.removedAt)))
    .for('update');
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  return row;
}

const isActiveOwner = (row: AdminRow) => row.role === 'owner' && row.suspendedAt === null;

/** 409 unless another active owner stays. Called under `OWNERS_LOCK`. */
async function keepAnOwner(tx: Executor, leaving: AdminRow) {
  if (!isActiveOwner(leaving)) return;
  const [other] = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(admins.role, 'owner'),
        isNull(admins.suspendedAt),
        isNull(admins.removedAt),
        ne(admins.id, leaving.id),
      ),
    )
    .limit(1);
  if (!other) throw conflict(STAFF_MESSAGES.lastOwner);
}

/**
 * Changes a member's role, or suspends or reinstates them. Suspending ends every session of
 * theirs at once; the last active owner keeps the role and cannot be suspended.
 */
export async function updateMember(
  db: Db,
  id: string,
  input: StaffUpdateInput,
  record: Recorder,
): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await tx.execute(OWNERS_LOCK);
    const row = await lockedMember(tx, id);
    const demoted = input.role !== undefined && input.role !== 'owner';
    if (demoted || input.suspended === true) await keepAnOwner(tx, row);
    const suspendedAt =
      input.suspended === undefined
        ? row.suspendedAt
        : input.suspended
          ? (row.suspendedAt ?? new Date())
          : null;
    const [changed] = await tx
      .update(admins)
      .set({ role: input.role ?? row.role, suspendedAt })
      .where(eq(admins.id, id))
      .returning();
    if (suspendedAt) await endOtherSessions(tx, 'admin', id);
    await record(tx, { action: 'staff-edit', id, before: row, after: changed });
    return toMember(changed!);
  });
}

/**
 * Removes a member: they can no longer sign in, their sessions and known devices end, and the
 * row stays (removed) so what they did keeps a name. Never the last active owner.
 */
export async function removeMember(db: Db, id: string, record: Recorder): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(OWNERS_LOCK);
    const row = await lockedMember(tx, id);
    await keepAnOwner(tx, row);
    const [removed] = await tx
      .update(admins)
      .set({ removedAt: new Date() })
      .where(eq(admins.id, id))
      .returning();
    await record(tx, { action: 'staff-remove', id, before: row, after: removed });
    await endOtherSessions(tx, 'admin', id);
    await forgetDevices(tx, 'admin', id);
  });
}
