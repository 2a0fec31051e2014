/** Customers, admins and what signing in keeps: sessions, throttling, known devices. */
import type { AddressParts } from '@habi/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns.ts';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored lower-cased: sign-in matches case-insensitively. */
    email: text('email').notNull(),
    contactNumber: text('contact_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    shippingAddresses: text('shipping_addresses').array().notNull().default(sql`'{}'::text[]`),
    /** The parts of the saved addresses given as structured ones, by their text in the list. */
    shippingAddressParts: jsonb('shipping_address_parts')
      .$type<Record<string, AddressParts>>()
      .notNull()
      .default({}),
    /**
     * When the address was proven by a mailed link; null until then (and again after a change
     * until its link is followed). What belongs to an address, such as a newsletter welcome code,
     * is the account's only once it is set.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.email),
    index('customers_name_idx').on(t.name),
    // The back office's search by name, ILIKE '%…%' (pg_trgm).
    index('customers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    imageUrl: text('image_url').notNull().default(''),
    /**
     * What the staff member may do (packages/shared staff.ts). Admins from before roles became
     * owners: they could do everything (docs/decisions/017-staff-roles.md).
     */
    role: text('role').$type<'owner' | 'manager' | 'fulfilment' | 'support'>().notNull().default('owner'),
    /** Set while suspended: no sign-in, no session. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Set once removed: the row stays so what they did keeps a name, but it opens nothing. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('admins_username_key').on(sql`lower(${t.username})`),
    check('admins_role_check', sql`${t.role} in ('owner', 'manager', 'fulfilment', 'support')`),
  ],
);

/**
 * Server-side sessions: only the SHA-256 of the cookie's token is stored. The account's list of
 * sessions names one by `id`, shows the browser (`user_agent`), the client's network (an IPv4
 * /24 or IPv6 /48, never the whole address), when it started and when it was last seen.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: uuid('id').notNull().defaultRandom(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    network: text('network').notNull().default(''),
    lastSeenAt: instant('last_seen_at').defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sessions_id_key').on(t.id),
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_admin_idx').on(t.adminId),
  ],
);

/**
 * Links to set a new password, mailed on request: only the SHA-256 of the link's token is
 * stored. A link is deleted when used, so it works once; it works only while the account still
 * has the address it was mailed to.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('password_resets_customer_idx').on(t.customerId),
    index('password_resets_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Mailed links that verify an address: a new account's own (`verify`), or the new one a customer
 * changes to (`change`, which sets it when followed). The token is stored only as its SHA-256; a
 * followed link stays until it expires (`used_at` set) so following it again answers the same.
 * A newer link of the same purpose replaces the older.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'change'>().notNull(),
    /** The address the link proves: the account's at sign-up, or the new one. */
    email: text('email').notNull(),
    expiresAt: instant('expires_at'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_verifications_customer_idx').on(t.customerId),
    index('email_verifications_expires_idx').on(t.expiresAt),
    check('email_verifications_purpose_check', sql`${t.purpose} in ('verify', 'change')`),
  ],
);

/**
 * Sign-in throttling per key (an account from one client, a known device, or a client alone):
 * failures since the key was last quiet, and the attempts whose password check is running.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    /** No attempt starts before this: the wait the last failure earned (1970 when none). */
    blockedUntil: instant('blocked_until'),
    /** The failures are forgotten from this moment, a quiet period after the last one. */
    forgetAt: instant('forget_at'),
    inFlight: integer('in_flight').notNull(),
    /** In-flight attempts count until then only, so a crashed one cannot hold its slot. */
    inFlightUntil: instant('in_flight_until'),
  },
  (t) => [index('sign_in_throttle_forget_idx').on(t.forgetAt)],
);

/**
 * Sign-in attempts waiting for a slot on a throttle key that attempts in flight fill: they get
 * the slots in the order they came (`since`, then `id`), whichever instance runs them, so a
 * fresh attempt never takes a slot from one that has waited. A waiter renews `seen_until` each
 * time it looks; one that stops (its process died) no longer counts once that has passed.
 */
export const signInWaiters = pgTable(
  'sign_in_waiters',
  {
    key: text('key').notNull(),
    /** The waiting attempt: random, made by the attempt. */
    id: uuid('id').notNull(),
    since: instant('since').defaultNow(),
    seenUntil: instant('seen_until'),
  },
  (t) => [primaryKey({ columns: [t.key, t.id] }), index('sign_in_waiters_seen_idx').on(t.seenUntil)],
);

/** Sign-up attempts per client since it was last quiet. */
export const signUpThrottle = pgTable(
  'sign_up_throttle',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    blockedUntil: instant('blocked_until'),
    forgetAt: instant('forget_at'),
  },
  (t) => [index('sign_up_throttle_forget_idx').on(t.forgetAt)],
);

/**
 * Browsers that signed in to an account: only the SHA-256 of their cookie's token is stored.
 * A known device's sign-ins are throttled by its own failures alone.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('known_devices_token_key').on(t.tokenHash),
    index('known_devices_customer_idx').on(t.customerId),
    index('known_devices_admin_idx').on(t.adminId),
    index('known_devices_expires_idx').on(t.expiresAt),
  ],
);

/** A customer as read from the database: what the guards put on a request. */
export type CustomerRow = typeof customers.$inferSelect;
/** An admin as read from the database. */
export type AdminRow = typeof admins.$inferSelect;
