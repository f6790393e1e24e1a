import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CHECK_IN_RESULTS, EVENT_VISIBILITIES } from '@bevy/core';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';
import { orderLines, orders } from './orders';

export const eventVisibilityEnum = pgEnum('event_visibility', EVENT_VISIBILITIES);
/** A cancelled event keeps its page, saying so; its tickets are refunded. */
export const eventStatusEnum = pgEnum('event_status', ['scheduled', 'cancelled']);
/**
 * 'held' while its order awaits payment, until `hold_expires_at`; 'valid' once paid;
 * 'released' when the payment failed or never came; 'refunded' and 'cancelled' end it.
 */
export const ticketStatusEnum = pgEnum('ticket_status', [
  'held',
  'valid',
  'released',
  'refunded',
  'cancelled',
]);
export const checkInResultEnum = pgEnum('check_in_result', CHECK_IN_RESULTS);

/** An event a producer runs (decision 020): where, when, how many, and who may come. */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Its public address, /events/{url_key}: random, so an unlisted event cannot be guessed. */
    url_key: text('url_key').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image_path: text('image_path'),
    venue_name: text('venue_name'),
    venue_line1: text('venue_line1').notNull(),
    venue_city: text('venue_city').notNull(),
    venue_state: text('venue_state').notNull(),
    venue_zip: text('venue_zip').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The venue's IANA zone: every time of the event is shown in it. */
    time_zone: text('time_zone').notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Seats shared by all its ticket types. */
    capacity: integer('capacity').notNull(),
    adults_only: boolean('adults_only').notNull().default(true),
    /** Buyers refund until this many days before the start; null: no refunds. */
    refund_days_before: integer('refund_days_before'),
    visibility: eventVisibilityEnum('visibility').notNull().default('public'),
    status: eventStatusEnum('status').notNull().default('scheduled'),
    reminder_sent_at: timestamp('reminder_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('events_url_key_idx').on(t.url_key),
    index('events_business_idx').on(t.business_id, t.starts_at),
    index('events_starts_idx').on(t.starts_at),
    check('events_capacity_positive', sql`${t.capacity} > 0`),
    check('events_end_after_start', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/** A kind of ticket to an event, with its own price, seats and sales window. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    price_cents: integer('price_cents').notNull(),
    /** What active members of the producer's clubs pay; null: the price. */
    member_price_cents: integer('member_price_cents'),
    members_only: boolean('members_only').notNull().default(false),
    /** Seats of this type; null: only the event's capacity limits it. */
    capacity: integer('capacity'),
    per_order_limit: integer('per_order_limit').notNull().default(10),
    sales_start_at: timestamp('sales_start_at', { withTimezone: true }),
    /** Null: until the event starts. */
    sales_end_at: timestamp('sales_end_at', { withTimezone: true }),
    /** A type that sold tickets is withdrawn rather than deleted. */
    withdrawn: boolean('withdrawn').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('ticket_types_event_idx').on(t.event_id, t.position),
    check('ticket_types_price_not_negative', sql`${t.price_cents} >= 0`),
    check('ticket_types_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** One seat: bought in an order's line, admitted once at the door by its code. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket_type_id: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    order_line_id: integer('order_line_id').references(() => orderLines.id, {
      onDelete: 'set null',
    }),
    buyer_id: integer('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** 130 random bits in Crockford base32: what the QR code holds. */
    code: text('code').notNull(),
    attendee_name: text('attendee_name'),
    price_cents: integer('price_cents').notNull(),
    status: ticketStatusEnum('status').notNull().default('held'),
    /** While 'held': when the seat goes back on sale unless the order is paid. */
    hold_expires_at: timestamp('hold_expires_at', { withTimezone: true }),
    checked_in_at: timestamp('checked_in_at', { withTimezone: true }),
    checked_in_by: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_code_idx').on(t.code),
    index('tickets_event_status_idx').on(t.event_id, t.status),
    index('tickets_order_idx').on(t.order_id),
    index('tickets_buyer_idx').on(t.buyer_id),
  ],
);

/**
 * Every scan at the door, once per scanner's nonce: a repeat of the same scan gets the answer it
 * got the first time, and the log shows who scanned what, when, and on which device.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: serial('id').primaryKey(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket_id: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** Made by the scanner once per scan; unique, so a resent scan is the same scan. */
    nonce: text('nonce').notNull(),
    code: text('code').notNull(),
    result: checkInResultEnum('result').notNull(),
    staff_id: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    device: text('device'),
    /** When the scanner read the code: earlier than created_at for a scan queued offline. */
    scanned_at: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** Scanned offline, and another scan had admitted the ticket first: shown to the producer. */
    conflict: boolean('conflict').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_ins_nonce_idx').on(t.nonce),
    index('check_ins_event_idx').on(t.event_id, t.created_at),
  ],
);

/** Buyers waiting for a sold-out ticket type, first come first offered. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: serial('id').primaryKey(),
    ticket_type_id: integer('ticket_type_id')
      .notNull()
      .references(() => ticketTypes.id, { onDelete: 'cascade' }),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    /** 'waiting', then 'offered' (seats held for them until offer_expires_at), 'bought' or 'expired'. */
    status: text('status').notNull().default('waiting'),
    offer_key: text('offer_key'),
    offer_expires_at: timestamp('offer_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_offer_key_idx').on(t.offer_key),
    index('waitlist_type_idx').on(t.ticket_type_id, t.status, t.id),
    uniqueIndex('waitlist_user_type_idx')
      .on(t.ticket_type_id, t.user_id)
      .where(sql`${t.status} in ('waiting', 'offered')`),
  ],
);
