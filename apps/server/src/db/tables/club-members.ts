import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { HOLD_REASONS, MEMBERSHIP_STATUSES, RELEASE_OUTCOMES } from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { users } from './accounts';
import { clubCadenceEnum, clubs, clubTiers } from './clubs';
import { timestamps } from './columns';
import { checkouts, fulfillmentModeEnum, orders } from './orders';
import { products } from './products';

export const membershipStatusEnum = pgEnum('membership_status', MEMBERSHIP_STATUSES);
export const clubHoldReasonEnum = pgEnum('club_hold_reason', HOLD_REASONS);

/** A buyer's membership of a club: tier, how releases reach them, the card they are charged on. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    club_id: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    tier_id: integer('tier_id')
      .notNull()
      .references(() => clubTiers.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: membershipStatusEnum('status').notNull().default('active'),
    /** A paused membership becomes active again on this day. */
    paused_until: date('paused_until', { mode: 'string' }),
    fulfillment_mode: fulfillmentModeEnum('fulfillment_mode').notNull(),
    /** Where releases go (delivery, shipping); null for pickup. */
    address: jsonb('address').$type<OrderAddress>(),
    contact_phone: text('contact_phone').notNull(),
    /** The saved card at the payment provider (Stripe's customer and PaymentMethod). */
    card_customer_id: text('card_customer_id').notNull(),
    card_payment_method_id: text('card_payment_method_id').notNull(),
    card_brand: text('card_brand').notNull(),
    card_last4: text('card_last4').notNull(),
    card_exp_month: integer('card_exp_month').notNull(),
    card_exp_year: integer('card_exp_year').notNull(),
    /** The member's separate consent to automatic renewal, and the words they agreed to. */
    renewal_consent_at: timestamp('renewal_consent_at', { withTimezone: true }).notNull(),
    renewal_terms: text('renewal_terms').notNull(),
    joined_on: date('joined_on', { mode: 'string' }).notNull(),
    /** A product subscriber's cadence, counted from `joined_on` (null in a club). */
    cadence: clubCadenceEnum('cadence'),
    /** A product subscriber's next order, whose release exists (null in a club). */
    next_charge_on: date('next_charge_on', { mode: 'string' }),
    /** The last day the yearly renewal reminder was sent (joined_on until the first). */
    reminded_on: date('reminded_on', { mode: 'string' }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    /** Why, when the producer paused or cancelled it for the member, or the member said. */
    status_reason: text('status_reason'),
    ...timestamps,
  },
  (t) => [
    // One live membership per buyer and club; a cancelled one may be followed by a new one.
    uniqueIndex('memberships_one_live_idx')
      .on(t.club_id, t.user_id)
      .where(sql`${t.status} <> 'cancelled'`),
    index('memberships_user_idx').on(t.user_id),
    index('memberships_club_status_idx').on(t.club_id, t.status),
    check(
      'memberships_address_unless_pickup',
      sql`(${t.fulfillment_mode} = 'pickup') = (${t.address} is null)`,
    ),
    check(
      'memberships_subscription_schedule',
      sql`(${t.cadence} is null) = (${t.next_charge_on} is null)`,
    ),
    check(
      'memberships_paused_until',
      sql`(${t.status} = 'paused') = (${t.paused_until} is not null)`,
    ),
  ],
);

/** A release's life: a draft is the producer's alone; scheduled ones run on their charge date. */
export const clubReleaseStatusEnum = pgEnum('club_release_status', [
  'draft',
  'scheduled',
  'running',
  'done',
]);

/** One club shipment: what each tier receives, and when members are charged. */
export const clubReleases = pgTable(
  'club_releases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    club_id: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    charge_on: date('charge_on', { mode: 'string' }).notNull(),
    status: clubReleaseStatusEnum('status').notNull().default('draft'),
    notice_sent_at: timestamp('notice_sent_at', { withTimezone: true }),
    prechecked_at: timestamp('prechecked_at', { withTimezone: true }),
    run_finished_at: timestamp('run_finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('club_releases_club_date_idx').on(t.club_id, t.charge_on),
    index('club_releases_due_idx')
      .on(t.charge_on)
      .where(sql`${t.status} in ('scheduled', 'running')`),
  ],
);

/** The products a tier receives in a release. */
export const clubReleaseItems = pgTable(
  'club_release_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    release_id: integer('release_id')
      .notNull()
      .references(() => clubReleases.id, { onDelete: 'cascade' }),
    tier_id: integer('tier_id')
      .notNull()
      .references(() => clubTiers.id, { onDelete: 'cascade' }),
    /** Null once the producer deletes the product: members are then asked to swap it. */
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('club_release_items_unique').on(t.release_id, t.tier_id, t.product_id),
    check('club_release_items_quantity', sql`${t.quantity} between 1 and 48`),
  ],
);

export const clubShipmentOutcomeEnum = pgEnum('club_shipment_outcome', RELEASE_OUTCOMES);

/** A member's line of a release after their changes. */
export interface ShipmentLine {
  productId: number;
  quantity: number;
}

/**
 * One member's part of one release (decision 019): made when the member changes it, or at the
 * run; unique per release and membership, so a rerun never makes a second one.
 */
export const clubShipments = pgTable(
  'club_shipments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    release_id: integer('release_id')
      .notNull()
      .references(() => clubReleases.id, { onDelete: 'cascade' }),
    membership_id: integer('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    outcome: clubShipmentOutcomeEnum('outcome').notNull().default('pending'),
    /** The member's own lines; null while they take their tier's contents. */
    lines: jsonb('lines').$type<ShipmentLine[]>(),
    /** When the member chose to skip this release (a pause skips without it). */
    skipped_at: timestamp('skipped_at', { withTimezone: true }),
    hold_reasons: clubHoldReasonEnum('hold_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::club_hold_reason[]`),
    checkout_id: uuid('checkout_id').references(() => checkouts.id),
    order_id: integer('order_id').references(() => orders.id),
    amount_cents: integer('amount_cents'),
    /** Tries at the card so far. */
    tries: integer('tries').notNull().default(0),
    first_declined_on: date('first_declined_on', { mode: 'string' }),
    next_try_on: date('next_try_on', { mode: 'string' }),
    decline_code: text('decline_code'),
    decline_message: text('decline_message'),
    /** A 'charging' shipment whose lease has passed was left by a process that died: any may resume it. */
    lease_until: timestamp('lease_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('club_shipments_release_member_idx').on(t.release_id, t.membership_id),
    uniqueIndex('club_shipments_order_idx').on(t.order_id),
    index('club_shipments_release_outcome_idx').on(t.release_id, t.outcome),
    index('club_shipments_retry_idx')
      .on(t.next_try_on)
      .where(sql`${t.outcome} = 'retrying'`),
    index('club_shipments_membership_idx').on(t.membership_id),
  ],
);

export const clubChargeTryStatusEnum = pgEnum('club_charge_try_status', [
  'asking',
  'succeeded',
  'declined',
]);

/** Each try at a member's card for a shipment, written before the provider is asked. */
export const clubChargeTries = pgTable(
  'club_charge_tries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shipment_id: integer('shipment_id')
      .notNull()
      .references(() => clubShipments.id, { onDelete: 'cascade' }),
    try_number: integer('try_number').notNull(),
    /** clubChargeKey(release, membership, try): the provider answers a repeat as the first. */
    idempotency_key: text('idempotency_key').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    status: clubChargeTryStatusEnum('status').notNull().default('asking'),
    payment_id: text('payment_id'),
    charge_id: text('charge_id'),
    decline_code: text('decline_code'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answered_at: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('club_charge_tries_key_idx').on(t.idempotency_key),
    uniqueIndex('club_charge_tries_shipment_try_idx').on(t.shipment_id, t.try_number),
    // At most one success per shipment, whatever happens.
    uniqueIndex('club_charge_tries_one_success_idx')
      .on(t.shipment_id)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);
