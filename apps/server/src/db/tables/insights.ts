import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { fulfillmentModeEnum } from './orders';
import { priceChannelEnum } from './products';

/*
 * Insights read daily sums instead of every order (100,000 orders answer within 200 ms). Database
 * triggers on orders and order lines mark a (business, UTC day) dirty; the insights service
 * recomputes dirty days from the orders before it reads, so the sums are never stale.
 */

/** One producer's sales on one UTC day, by buyer kind, fulfilment, buyer's state and source. */
export const salesDaily = pgTable(
  'sales_daily',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    buyer_kind: priceChannelEnum('buyer_kind').notNull(),
    fulfillment_mode: fulfillmentModeEnum('fulfillment_mode').notNull(),
    /** Two-letter state of the delivery address, else of the billing address. */
    state: text('state').notNull(),
    /** The order's normalized source; '' for direct. */
    source: text('source').notNull(),
    orders: integer('orders').notNull(),
    gross_cents: bigint('gross_cents', { mode: 'number' }).notNull(),
    refunded_cents: bigint('refunded_cents', { mode: 'number' }).notNull(),
    commission_cents: bigint('commission_cents', { mode: 'number' }).notNull(),
    cancelled_orders: integer('cancelled_orders').notNull(),
    cancelled_cents: bigint('cancelled_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.business_id, t.day, t.buyer_kind, t.fulfillment_mode, t.state, t.source],
    }),
    index('sales_daily_day_idx').on(t.day),
  ],
);

/** Units and revenue of each product a producer sold on one UTC day. */
export const productSalesDaily = pgTable(
  'product_sales_daily',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** The product's id, or its name for lines whose product was deleted. */
    product_key: text('product_key').notNull(),
    product_id: integer('product_id'),
    product_name: text('product_name').notNull(),
    units: integer('units').notNull(),
    revenue_cents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    refunded_units: integer('refunded_units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.day, t.product_key] }),
    index('product_sales_daily_day_idx').on(t.day),
  ],
);

/**
 * (business, day) pairs whose orders changed since their sums were computed. Repeats are allowed:
 * a unique key would make concurrent checkouts of one producer wait on each other's marks.
 */
export const insightDirtyDays = pgTable(
  'insight_dirty_days',
  {
    business_id: integer('business_id').notNull(),
    day: date('day').notNull(),
  },
  (t) => [index('insight_dirty_days_business_idx').on(t.business_id, t.day)],
);
