import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Stored normalized (trimmed, lower case); unique. */
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    is_admin: boolean('is_admin').notNull().default(false),
    date_of_birth: date('date_of_birth').notNull(),
    /** Last day of approved wholesale access (the license expiry); null when not approved. */
    wholesale_access_expires_on: date('wholesale_access_expires_on'),
    /** The expiry date a 30-day reminder was sent for, so each expiry is announced once. */
    wholesale_reminder_sent_for: date('wholesale_reminder_sent_for'),
    /** A disabled account cannot log in and has no sessions. */
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    /**
     * When the person deleted their account: name, email and birth date were then replaced by
     * stand-ins, so the email can sign up again as a new person; orders keep pointing here.
     */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /** When a Global Privacy Control signal (`Sec-GPC: 1`) was first seen from this person. */
    gpc_opt_out_at: timestamp('gpc_opt_out_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Every log-in attempt, for the per-account and per-address limits. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/** One-time password reset links; only the token's SHA-256 is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: text('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Requests counted against abuse limits other than log-ins (password resets, sign-ups): one row
 * per request, by action and subject (`ip:<address>` or `email:<address>`).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_subject_idx').on(t.action, t.subject, t.created_at)],
);

/**
 * Sessions that ended (log-out, password reset, disabled account) within a search key's lifetime,
 * by the reference search keys carry: a key naming one of them no longer proves wholesale access.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    ref: text('ref').primaryKey(),
    ended_at: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ended_sessions_ended_idx').on(t.ended_at)],
);

/** A change of email waiting for its owner to open the link sent to the new address. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    /** SHA-256 of the token in the link. */
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalized like users.email. */
    new_email: text('new_email').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_change_requests_user_idx').on(t.user_id)],
);

/** A buyer's saved shipping and billing addresses, offered again at checkout. */
export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The buyer's own name for it ("Home", "Office"). */
    label: text('label').notNull(),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('saved_addresses_user_idx').on(t.user_id),
    uniqueIndex('saved_addresses_one_default')
      .on(t.user_id)
      .where(sql`${t.is_default}`),
  ],
);
