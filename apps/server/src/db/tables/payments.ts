import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { timestamps } from './columns';

/**
 * A business's connected payment account (Stripe Connect, or the offline provider that stands in
 * for it), with the state last read from the provider.
 */
export const paymentAccounts = pgTable('payment_accounts', {
  business_id: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** 'stripe' or 'offline'. */
  provider: text('provider').notNull(),
  account_id: text('account_id').notNull().unique(),
  details_submitted: boolean('details_submitted').notNull().default(false),
  charges_enabled: boolean('charges_enabled').notNull().default(false),
  payouts_enabled: boolean('payouts_enabled').notNull().default(false),
  /** `created` of the last Stripe `account.updated` event applied; older events are ignored. */
  state_event_created: timestamp('state_event_created', { withTimezone: true }),
  ...timestamps,
});

/**
 * Every Stripe webhook event applied, by Stripe's id: recorded in the transaction that applies
 * it, so an event delivered many times changes our state once.
 */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** When Stripe created the event (its `created`), which orders events about one object. */
    created: timestamp('created', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    /** What the event changed, or why it changed nothing. */
    outcome: text('outcome'),
  },
  (t) => [index('stripe_events_received_idx').on(t.received_at)],
);
