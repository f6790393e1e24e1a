import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';

export const wholesaleStatusEnum = pgEnum('wholesale_status', ['pending', 'approved', 'rejected']);

/** A buyer's request for wholesale access, with their license, reviewed by an admin. */
export const wholesaleApplications = pgTable(
  'wholesale_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_name: text('business_name').notNull(),
    license_type: text('license_type').notNull(),
    license_number: text('license_number').notNull(),
    issuing_state: text('issuing_state').notNull(),
    license_expires_on: date('license_expires_on').notNull(),
    /** Stored outside the public web folder; served to admins only. */
    document_path: text('document_path').notNull(),
    document_name: text('document_name').notNull(),
    document_type: text('document_type').notNull(),
    status: wholesaleStatusEnum('status').notNull().default('pending'),
    rejection_reason: text('rejection_reason'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    /** The producer whose trade invitation brought the applicant, shown to the reviewer. */
    vouched_by_business_id: integer('vouched_by_business_id').references(() => businesses.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
  },
  (t) => [
    index('wholesale_applications_user_idx').on(t.user_id),
    index('wholesale_applications_status_idx').on(t.status, t.created_at),
    // At most one application waits for review per user.
    uniqueIndex('wholesale_applications_one_pending')
      .on(t.user_id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
