import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BEVERAGE_TYPES, PRICE_CHANNELS, PRODUCT_STATUSES } from '@bevy/core';
import { businesses } from './businesses';
import { timestamps } from './columns';

export const beverageTypeEnum = pgEnum('beverage_type', BEVERAGE_TYPES);

export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES);

export const priceChannelEnum = pgEnum('price_channel', PRICE_CHANNELS);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Stable per-business key, used to make seeding idempotent and for readable URLs. */
    handle: text('handle').notNull(),
    name: text('name').notNull(),
    short_description: text('short_description').notNull().default(''),
    bottle_image_url: text('bottle_image_url'),
    beverage_type: beverageTypeEnum('beverage_type').notNull(),
    /** 'Produced By': the maker's name as shown on the tile; defaults to the business name. */
    produced_by: text('produced_by').notNull(),
    abv: numeric('abv', { precision: 4, scale: 1 }),
    varietal: text('varietal'),
    closure_style: text('closure_style'),
    format: text('format'),
    vintage: integer('vintage'),
    volume_ml: integer('volume_ml'),
    status: productStatusEnum('status').notNull().default('draft'),
    /** Units on hand; null means the seller does not count stock. */
    stock_count: integer('stock_count'),
    /** Sold only to active members of the producer's clubs (shown to everyone, with a badge). */
    members_only: boolean('members_only').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_business_handle_unique').on(t.business_id, t.handle),
    index('products_status_idx').on(t.status),
    check('products_abv_range', sql`${t.abv} >= 0 and ${t.abv} <= 100`),
    check('products_volume_positive', sql`${t.volume_ml} > 0`),
    check('products_vintage_range', sql`${t.vintage} between 1800 and 2100`),
    check('products_stock_not_negative', sql`${t.stock_count} >= 0`),
  ],
);

export const priceTiers = pgTable(
  'price_tiers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    channel: priceChannelEnum('channel').notNull(),
    price_per_unit: integer('price_per_unit').notNull(),
    minimum_unit_count_for_price: integer('minimum_unit_count_for_price').notNull().default(1),
  },
  (t) => [
    uniqueIndex('price_tiers_product_channel_min_unique').on(
      t.product_id,
      t.channel,
      t.minimum_unit_count_for_price,
    ),
    check('price_tiers_price_positive', sql`${t.price_per_unit} > 0`),
    check('price_tiers_minimum_positive', sql`${t.minimum_unit_count_for_price} >= 1`),
  ],
);
