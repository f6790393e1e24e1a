import { timestamp } from 'drizzle-orm/pg-core';

/** created_at and updated_at, as most tables have them. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
