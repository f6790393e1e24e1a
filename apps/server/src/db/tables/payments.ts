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

/**
 * The offline provider's saved cards, as Stripe's servers would keep them: never the number, only
 * what a later charge needs to answer as Stripe's test card would (its decline, if any).
 */
export const offlinePaymentMethods = pgTable('offline_payment_methods', {
  id: text('id').primaryKey(),
  customer_id: text('customer_id').notNull(),
  /** The key the card was saved with: the same request saves it once. */
  idempotency_key: text('idempotency_key').notNull().unique(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  exp_month: integer('exp_month').notNull(),
  exp_year: integer('exp_year').notNull(),
  /** Stripe's decline when this test card is charged (4000 0000 0000 0341 saves, then declines). */
  charge_decline_code: text('charge_decline_code'),
  charge_decline_message: text('charge_decline_message'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The offline provider's charges of saved cards, by idempotency key, so that every process (and a
 * rerun) gets the answer the first request got, and a card is charged at most once per key.
 */
export const offlineCharges = pgTable(
  'offline_charges',
  {
    idempotency_key: text('idempotency_key').primaryKey(),
    payment_method_id: text('payment_method_id')
      .notNull()
      .references(() => offlinePaymentMethods.id),
    amount_cents: integer('amount_cents').notNull(),
    payment_id: text('payment_id').notNull(),
    /** Null when declined. */
    charge_id: text('charge_id'),
    decline_code: text('decline_code'),
    decline_message: text('decline_message'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offline_charges_payment_method_idx').on(t.payment_method_id)],
);
