import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** 'marketing' mail is rate-limited and carries unsubscribe headers; the rest never stops. */
    category: text('category')
      .$type<'transactional' | 'marketing'>()
      .notNull()
      .default('transactional'),
    /** Extra headers (List-Unsubscribe…), and a Message-ID kept the same if it is sent again. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    message_id: text('message_id'),
    /** The campaign message this is, so the relay can record what the mail server said. */
    campaign_recipient_id: integer('campaign_recipient_id'),
    /**
     * Until when a relay run has claimed it: another run takes it only after, so a process that
     * died mid-batch holds up its unsent messages this long, and nothing is sent twice meanwhile.
     */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    /** The run holding the lease, so that a run whose lease ran out sends nothing more. */
    lease_owner: text('lease_owner'),
    /** Why the mail server refused it for good ('refused'). */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.created_at),
    index('mail_outbox_queued_idx')
      .on(t.category, t.id)
      .where(sql`${t.transport} = 'queued'`),
  ],
);
