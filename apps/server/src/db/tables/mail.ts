import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every email the marketplace sends; without SMTP this outbox is where they are read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body'),
    /** 'outbox' (kept here only), 'queued' (to send over SMTP after commit) or 'smtp' (sent). */
    transport: text('transport').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.created_at)],
);
