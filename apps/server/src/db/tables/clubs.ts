import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CLUB_CADENCES, CLUB_PRICE_BASES } from '@bevy/core';
import { businesses } from './businesses';
import { timestamps } from './columns';
import { products } from './products';

export const clubCadenceEnum = pgEnum('club_cadence', CLUB_CADENCES);
export const clubPriceBasisEnum = pgEnum('club_price_basis', CLUB_PRICE_BASES);
/** A draft is the producer's alone; an open club takes members; a closed one keeps its members. */
export const clubStatusEnum = pgEnum('club_status', ['draft', 'open', 'closed']);

/** A membership a producer runs (decision 019): its schedule, discount and terms. */
export const clubs = pgTable(
  'clubs',
  {
    id: serial('id').primaryKey(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Its address under the business: /business/{business}/clubs/{slug}. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image_path: text('image_path'),
    /**
     * Set on a product subscription: buyers subscribe to `product_id`, each at one of these
     * cadences, and its releases are made for them (decision 019). The product may be deleted
     * later; its subscribers are then asked to swap, as in a club.
     */
    subscription_cadences: clubCadenceEnum('subscription_cadences').array(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    cadence: clubCadenceEnum('cadence').notNull(),
    /** The first release, which a scheduled cadence counts from; null on release dates. */
    first_release_on: date('first_release_on', { mode: 'string' }),
    member_discount_bp: integer('member_discount_bp').notNull().default(0),
    notice_days: integer('notice_days').notNull().default(7),
    cutoff_days: integer('cutoff_days').notNull().default(2),
    skips_per_year: integer('skips_per_year').notNull().default(0),
    minimum_releases: integer('minimum_releases').notNull().default(0),
    offers_pickup: boolean('offers_pickup').notNull().default(true),
    offers_delivery: boolean('offers_delivery').notNull().default(false),
    offers_shipping: boolean('offers_shipping').notNull().default(false),
    status: clubStatusEnum('status').notNull().default('draft'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('clubs_business_slug_idx').on(t.business_id, t.slug),
    uniqueIndex('clubs_product_idx')
      .on(t.product_id)
      .where(sql`${t.product_id} is not null`),
    check(
      'clubs_subscription_product',
      sql`${t.product_id} is null or ${t.subscription_cadences} is not null`,
    ),
    check('clubs_discount_range', sql`${t.member_discount_bp} between 0 and 5000`),
    check('clubs_cutoff_within_notice', sql`${t.cutoff_days} between 1 and ${t.notice_days}`),
    check(
      'clubs_schedule_start',
      sql`${t.cadence} = 'release_dates' or ${t.first_release_on} is not null`,
    ),
  ],
);

/** A club's tiers: how many bottles a release holds, and how it is priced. */
export const clubTiers = pgTable(
  'club_tiers',
  {
    id: serial('id').primaryKey(),
    club_id: integer('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bottles: integer('bottles').notNull(),
    price_basis: clubPriceBasisEnum('price_basis').notNull(),
    fixed_price_cents: integer('fixed_price_cents'),
    /** Its place in the club's list of tiers. */
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('club_tiers_club_name_idx').on(t.club_id, sql`lower(${t.name})`),
    check('club_tiers_bottles_positive', sql`${t.bottles} > 0`),
    check(
      'club_tiers_fixed_price',
      sql`(${t.price_basis} = 'fixed') = (${t.fixed_price_cents} is not null)`,
    ),
  ],
);
