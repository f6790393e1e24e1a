import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_RADIUS_MILES,
  FEE_LIMITS,
  INVOICE_TERMS_DAYS,
  type DeliveryFeeBand,
  type ShippingRate,
} from '@bevy/core';
import { users } from './accounts';
import { timestamps } from './columns';

/**
 * A check that a jsonb column holds at most FEE_LIMITS.maxBands bands, each an object with a whole
 * `reach` from 1 to `maxReach` and a whole `fee_cents` within FEE_LIMITS.maxFeeCents (decision 014).
 */
function feeBandsCheck(column: AnyPgColumn, reach: string, maxReach: number) {
  const whole = (key: string, min: number, max: number) =>
    `@.${key}.type() == "number" && @.${key} == @.${key}.floor() && @.${key} >= ${min} && @.${key} <= ${max}`;
  const path = `$[*] ? (!(${whole(reach, 1, maxReach)} && ${whole('fee_cents', 0, FEE_LIMITS.maxFeeCents)}))`;
  return sql`jsonb_typeof(${column}) = 'array' and jsonb_array_length(${column}) <= ${sql.raw(String(FEE_LIMITS.maxBands))} and not jsonb_path_exists(${column}, ${sql.raw(`'${path}'`)})`;
}

export const businesses = pgTable(
  'businesses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    license_info: text('license_info'),
    international_phone_number: text('international_phone_number'),
    stripe_account_id: text('stripe_account_id'),
    hero_img_url: text('hero_img_url'),
    logo_img_url: text('logo_img_url'),
    website: text('website'),
    twitter: text('twitter'),
    instagram: text('instagram'),
    facebook: text('facebook'),
    linkedin: text('linkedin'),
    /** 'Tax + Fees Percent Rate', an exact decimal percentage such as 8.875. */
    sales_tax_rate: numeric('sales_tax_rate', { precision: 7, scale: 4 }).notNull().default('0'),
    fulfillment_allow_pickup_retail: boolean('fulfillment_allow_pickup_retail')
      .notNull()
      .default(true),
    fulfillment_allow_pickup_wholesale: boolean('fulfillment_allow_pickup_wholesale')
      .notNull()
      .default(false),
    fulfillment_deliver_retail: boolean('fulfillment_deliver_retail').notNull().default(false),
    fulfillment_deliver_wholesale: boolean('fulfillment_deliver_wholesale')
      .notNull()
      .default(false),
    fulfillment_ship_retail: boolean('fulfillment_ship_retail').notNull().default(false),
    fulfillment_ship_wholesale: boolean('fulfillment_ship_wholesale').notNull().default(false),
    fulfillment_deliver_retail_radius_miles: integer('fulfillment_deliver_retail_radius_miles'),
    fulfillment_deliver_wholesale_radius_miles: integer(
      'fulfillment_deliver_wholesale_radius_miles',
    ),
    /** Postal codes of the US states the business is licensed to ship to (the original's sellToStates). */
    ship_to_states: text('ship_to_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When buyers can pick up orders, free text that may span lines (e.g. 'Thu–Sun 11am–5pm'). */
    pickup_hours: text('pickup_hours'),
    /** Days approved wholesale buyers get to pay an invoice ("Net 30"); null: card only. */
    wholesale_invoice_terms_days: integer('wholesale_invoice_terms_days'),
    /** Delivery and shipping fees and minimums (decision 014; FulfillmentFees in @bevy/core). */
    delivery_fee_bands: jsonb('delivery_fee_bands')
      .$type<DeliveryFeeBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    delivery_minimum_cents: integer('delivery_minimum_cents').notNull().default(0),
    shipping_rates: jsonb('shipping_rates')
      .$type<ShippingRate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    shipping_extra_per_dozen_cents: integer('shipping_extra_per_dozen_cents').notNull().default(0),
    shipping_surcharge_cents: integer('shipping_surcharge_cents').notNull().default(0),
    shipping_surcharge_states: text('shipping_surcharge_states')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    free_shipping_over_cents: integer('free_shipping_over_cents'),
    ...timestamps,
  },
  (t) => [
    check(
      'businesses_sales_tax_rate_range',
      sql`${t.sales_tax_rate} >= 0 and ${t.sales_tax_rate} <= 100`,
    ),
    check(
      'businesses_retail_radius_range',
      sql`${t.fulfillment_deliver_retail_radius_miles} between 1 and 100`,
    ),
    check(
      'businesses_wholesale_radius_range',
      sql`${t.fulfillment_deliver_wholesale_radius_miles} between 1 and 100`,
    ),
    check('businesses_pickup_hours_length', sql`char_length(${t.pickup_hours}) <= 300`),
    check(
      'businesses_invoice_terms_days',
      sql`${t.wholesale_invoice_terms_days} in (${sql.raw(INVOICE_TERMS_DAYS.join(', '))})`,
    ),
    check(
      'businesses_delivery_fee_bands',
      feeBandsCheck(t.delivery_fee_bands, 'within_miles', DELIVERY_RADIUS_MILES.max),
    ),
    check(
      'businesses_shipping_rates',
      feeBandsCheck(t.shipping_rates, 'up_to_bottles', FEE_LIMITS.maxBottles),
    ),
    check(
      'businesses_fee_amounts',
      sql`${t.delivery_minimum_cents} between 0 and ${sql.raw(String(FEE_LIMITS.maxMinimumCents))} and ${t.shipping_extra_per_dozen_cents} between 0 and ${sql.raw(String(FEE_LIMITS.maxFeeCents))} and ${t.shipping_surcharge_cents} between 0 and ${sql.raw(String(FEE_LIMITS.maxFeeCents))}`,
    ),
    check(
      'businesses_free_shipping_over',
      sql`${t.free_shipping_over_cents} between 1 and ${sql.raw(String(FEE_LIMITS.maxThresholdCents))}`,
    ),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    street_number: text('street_number'),
    route: text('route'),
    locality: text('locality'),
    administrative_area_level_1: text('administrative_area_level_1'),
    administrative_area_level_2: text('administrative_area_level_2'),
    country: text('country').notNull().default('US'),
    postal_code: text('postal_code'),
    google_place_id: text('google_place_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    ...timestamps,
  },
  (t) => [index('addresses_business_idx').on(t.business_id)],
);

/** Business membership: the original's `works_at`. */
export const businessMembers = pgTable(
  'business_members',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.business_id] }),
    index('business_members_business_idx').on(t.business_id),
  ],
);
