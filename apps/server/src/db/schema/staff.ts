/** Staff invites: the owner asks someone by mail to join the back office with a role. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './accounts.ts';
import { createdAt, id, instant } from './columns.ts';

/**
 * An invite waiting to be accepted. Its link's token is stored only as its SHA-256; accepting
 * deletes the row in the transaction that makes the account, so a link works once. Sending it
 * again replaces the token (the older link stops working) and the expiry.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    /** Stored lower-cased: one invite waits per address. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'fulfilment' | 'support'>().notNull(),
    invitedBy: uuid('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invites_token_key').on(t.tokenHash),
    uniqueIndex('staff_invites_email_key').on(t.email),
    index('staff_invites_expires_idx').on(t.expiresAt),
    check('staff_invites_role_check', sql`${t.role} in ('owner', 'manager', 'fulfilment', 'support')`),
  ],
);
