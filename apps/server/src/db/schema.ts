import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BEVERAGE_TYPES,
  DELIVERY_RADIUS_MILES,
  FEE_LIMITS,
  FULFILLMENT_MODES,
  INVOICE_TERMS_DAYS,
  LEDGER_ENTRY_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRICE_CHANNELS,
  PRODUCT_STATUSES,
  type DeliveryFeeBand,
  type ShippingRate,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import type { CheckoutAnswer } from '../modules/orders/checkout-answer';
import type { PaymentProviderKind } from '../modules/payments/payment-provider';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const beverageTypeEnum = pgEnum('beverage_type', BEVERAGE_TYPES);
export const productStatusEnum = pgEnum('product_status', PRODUCT_STATUSES);
export const priceChannelEnum = pgEnum('price_channel', PRICE_CHANNELS);

/**
 * Tags, as in the original: a category ('Business Type', 'Beverage Type', ...) is itself a tag
 * that `categorizes` other tags; a tag is `categorizedBy` its category.
 */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    categorized_by_id: integer('categorized_by_id').references((): AnyPgColumn => tags.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [unique('tags_category_name_unique').on(t.categorized_by_id, t.name).nullsNotDistinct()],
);

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

export const businessTags = pgTable(
  'business_tags',
  {
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.tag_id] })],
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

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower case); unique. */
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    is_admin: boolean('is_admin').notNull().default(false),
    date_of_birth: date('date_of_birth').notNull(),
    /** Last day of approved wholesale access (the licence expiry); null when not approved. */
    wholesale_access_expires_on: date('wholesale_access_expires_on'),
    /** The expiry date a 30-day reminder was sent for, so each expiry is announced once. */
    wholesale_reminder_sent_for: date('wholesale_reminder_sent_for'),
    /** A disabled account cannot log in and has no sessions. */
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

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

export const banners = pgTable('banners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  /** Style of the banner: info, success, warning or error. */
  type: text('type').notNull().default('info'),
  lines: jsonb('lines').$type<string[]>().notNull(),
  link_url: text('link_url'),
  link_title: text('link_title'),
  dismissible: boolean('dismissible').notNull().default(true),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    user_agent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Every log-in attempt, for the per-account and per-address limits. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.created_at),
    index('login_attempts_ip_idx').on(t.ip, t.created_at),
  ],
);

/** One-time password reset links; only the token's SHA-256 is stored. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: text('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

export const wholesaleStatusEnum = pgEnum('wholesale_status', ['pending', 'approved', 'rejected']);

/** A buyer's request for wholesale access, with their licence, reviewed by an admin. */
export const wholesaleApplications = pgTable(
  'wholesale_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    business_name: text('business_name').notNull(),
    license_type: text('license_type').notNull(),
    license_number: text('license_number').notNull(),
    issuing_state: text('issuing_state').notNull(),
    license_expires_on: date('license_expires_on').notNull(),
    /** Stored outside the public web folder; served to admins only. */
    document_path: text('document_path').notNull(),
    document_name: text('document_name').notNull(),
    document_type: text('document_type').notNull(),
    status: wholesaleStatusEnum('status').notNull().default('pending'),
    rejection_reason: text('rejection_reason'),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('wholesale_applications_user_idx').on(t.user_id),
    index('wholesale_applications_status_idx').on(t.status, t.created_at),
    // At most one application waits for review per user.
    uniqueIndex('wholesale_applications_one_pending')
      .on(t.user_id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const fulfillmentModeEnum = pgEnum('fulfillment_mode', FULFILLMENT_MODES);

/** How far one payment attempt got; 'refused' means the cart was turned down before any charge. */
export const checkoutStatusEnum = pgEnum('checkout_status', [
  'processing',
  'paid',
  'payment_failed',
  'refused',
]);

/**
 * An order's life: 'awaiting_payment' holds its stock while the card is charged, and ends in
 * 'placed' or 'payment_failed'; the seller's workflow starts at 'placed'.
 */
export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);

/** Whether the producer's share has left for their connected account. */
export const payoutStatusEnum = pgEnum('payout_status', [
  'not_due',
  'held',
  'transferred',
  'reversed',
]);

/**
 * How an order is paid: by card in the checkout's one charge, or by invoice, which the buyer pays
 * the producer directly (no money moves through the marketplace for it).
 */
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);

/** Money movements; amounts are always positive, the kind says which way they go. */
export const ledgerEntryKindEnum = pgEnum('ledger_entry_kind', LEDGER_ENTRY_KINDS);

/**
 * One buyer's payment attempt for a whole cart. The idempotency key, made by the client per
 * attempt, is unique per buyer; a repeat with the same request gets `answer` back.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    idempotency_key: text('idempotency_key').notNull(),
    /** SHA-256 of the request as understood (card number reduced to its last four digits). */
    request_fingerprint: text('request_fingerprint').notNull(),
    status: checkoutStatusEnum('status').notNull().default('processing'),
    /** The whole cart's charge, once priced. */
    amount_cents: integer('amount_cents'),
    currency: text('currency').notNull().default('usd'),
    payment_provider: text('payment_provider').$type<PaymentProviderKind>().notNull(),
    /** Stripe's payment intent (or the offline provider's stand-in). */
    provider_payment_id: text('provider_payment_id'),
    /** The charge that transfers are made from (`source_transaction`). */
    provider_charge_id: text('provider_charge_id'),
    /** Ties the charge and its transfers together at the provider. */
    transfer_group: text('transfer_group').notNull(),
    failure_code: text('failure_code'),
    /** What the buyer was answered, replayed to a repeat of the same request. */
    answer: jsonb('answer').$type<CheckoutAnswer>(),
    /**
     * Money the provider reports that our record does not match (a charge that succeeded after the
     * checkout was recorded as failed), for a person to refund or settle; null when all agrees.
     */
    reconciliation_note: text('reconciliation_note'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('checkouts_buyer_key_unique').on(t.buyer_id, t.idempotency_key),
    uniqueIndex('checkouts_transfer_group_unique').on(t.transfer_group),
    index('checkouts_provider_payment_idx').on(t.provider_payment_id),
    // The sweeper's question every few minutes: which checkouts are still processing, since when.
    index('checkouts_processing_idx')
      .on(t.updated_at)
      .where(sql`${t.status} = 'processing'`),
    index('checkouts_to_reconcile_idx')
      .on(t.updated_at)
      .where(sql`${t.reconciliation_note} is not null`),
    check('checkouts_amount_not_negative', sql`${t.amount_cents} >= 0`),
    check('checkouts_key_length', sql`length(${t.idempotency_key}) between 1 and 255`),
  ],
);

/** Human order numbers (BV-100001, ...), apart from the ids so they start high and stay short. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

/** What one producer sells in one checkout; amounts in whole cents (decision 009). */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    number: text('number')
      .notNull()
      .default(sql`('BV-' || nextval('order_number_seq')::text)`),
    checkout_id: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    business_id: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    buyer_id: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    /** Which price list the order was priced from. */
    buyer_kind: priceChannelEnum('buyer_kind').notNull(),
    status: orderStatusEnum('status').notNull(),
    fulfillment_mode: fulfillmentModeEnum('fulfillment_mode').notNull(),
    /** Where the goods go (delivery, shipping) or are collected (the producer's, for pickup). */
    fulfillment_address: jsonb('fulfillment_address').$type<OrderAddress>(),
    tracking_number: text('tracking_number'),
    contact_name: text('contact_name').notNull(),
    contact_email: text('contact_email').notNull(),
    contact_phone: text('contact_phone').notNull(),
    /** The licensed business a wholesale buyer bought for; null for retail orders. */
    buying_business: text('buying_business'),
    billing_address: jsonb('billing_address').$type<OrderAddress>().notNull(),
    /** The producer's tax + fees percent at the time of the order. */
    tax_rate: numeric('tax_rate', { precision: 7, scale: 4 }).notNull(),
    subtotal_cents: integer('subtotal_cents').notNull(),
    tax_and_fees_cents: integer('tax_and_fees_cents').notNull(),
    /** The delivery or shipping fee charged (decision 014); untaxed, no commission on it. */
    fulfillment_fee_cents: integer('fulfillment_fee_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    commission_cents: integer('commission_cents').notNull(),
    payout_cents: integer('payout_cents').notNull(),
    /** Sum of the refunds recorded in the ledger for this order. */
    refunded_cents: integer('refunded_cents').notNull().default(0),
    payout_status: payoutStatusEnum('payout_status').notNull().default('not_due'),
    payment_method: paymentMethodEnum('payment_method').notNull().default('card'),
    /** For invoice orders: the terms the producer offered when it was placed, and the due date. */
    invoice_terms_days: integer('invoice_terms_days'),
    invoice_due_on: date('invoice_due_on'),
    /** When the producer marked the invoice paid (the buyer pays them directly); null until then. */
    invoice_paid_at: timestamp('invoice_paid_at', { withTimezone: true }),
    /** When the buyer confirmed that they and any recipient are 21 or older. */
    age_confirmed_at: timestamp('age_confirmed_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.number),
    uniqueIndex('orders_checkout_business_unique').on(t.checkout_id, t.business_id),
    index('orders_business_idx').on(t.business_id, t.created_at),
    // The payout release's question: whose payouts are held (few, among all orders).
    index('orders_payout_held_idx')
      .on(t.business_id)
      .where(sql`${t.payout_status} = 'held'`),
    index('orders_buyer_idx').on(t.buyer_id, t.created_at),
    check(
      'orders_amounts_not_negative',
      sql`${t.subtotal_cents} >= 0 and ${t.tax_and_fees_cents} >= 0 and ${t.fulfillment_fee_cents} >= 0 and ${t.commission_cents} >= 0 and ${t.payout_cents} >= 0 and ${t.refunded_cents} >= 0`,
    ),
    check(
      'orders_total_adds_up',
      sql`${t.total_cents} = ${t.subtotal_cents} + ${t.tax_and_fees_cents} + ${t.fulfillment_fee_cents}`,
    ),
    check(
      'orders_payout_adds_up',
      sql`${t.payout_cents} = ${t.total_cents} - ${t.commission_cents}`,
    ),
    check('orders_refund_within_total', sql`${t.refunded_cents} <= ${t.total_cents}`),
    check(
      'orders_buying_business_length',
      sql`${t.buying_business} is null or char_length(${t.buying_business}) between 1 and 120`,
    ),
    check(
      'orders_invoice_terms',
      sql`(${t.payment_method} = 'invoice') = (${t.invoice_due_on} is not null and ${t.invoice_terms_days} is not null)`,
    ),
    // Nothing of an invoice order is paid out through the marketplace.
    check(
      'orders_invoice_not_paid_out',
      sql`${t.payment_method} = 'card' or ${t.payout_status} = 'not_due'`,
    ),
  ],
);

/** A product as it was sold: name and unit price are copies, so later edits do not change it. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    product_name: text('product_name').notNull(),
    channel: priceChannelEnum('channel').notNull(),
    /** The minimum count of the tier the quantity reached. */
    tier_minimum: integer('tier_minimum').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    line_total_cents: integer('line_total_cents').notNull(),
    /** Whether the product counted stock when sold, so a failed payment gives back what it took. */
    stock_reserved: boolean('stock_reserved').notNull(),
    refunded_quantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.order_id),
    index('order_lines_product_idx').on(t.product_id),
    check('order_lines_unit_price_not_negative', sql`${t.unit_price_cents} >= 0`),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_total_adds_up',
      sql`${t.line_total_cents} = ${t.unit_price_cents} * ${t.quantity}`,
    ),
    check(
      'order_lines_refund_within_quantity',
      sql`${t.refunded_quantity} between 0 and ${t.quantity}`,
    ),
  ],
);

/** Every change of an order's status: who moved it, when, and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: orderStatusEnum('from_status'),
    to_status: orderStatusEnum('to_status').notNull(),
    /** Null when the system moved it (a payment outcome). */
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.order_id, t.created_at)],
);

/**
 * The money of each checkout: one charge, then per order its commission and the transfer of its
 * payout; refunds and their reversals later. For every checkout, charge − refunds = transfers −
 * transfer reversals + commission − commission reversals.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    checkout_id: uuid('checkout_id')
      .notNull()
      .references(() => checkouts.id),
    /** Null only for the charge, which is for the whole cart. */
    order_id: integer('order_id').references(() => orders.id),
    business_id: integer('business_id').references(() => businesses.id),
    kind: ledgerEntryKindEnum('kind').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** The provider's id for this movement; null while it has not been made (a held payout). */
    provider_reference: text('provider_reference'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_checkout_idx').on(t.checkout_id),
    index('ledger_entries_business_idx').on(t.business_id, t.created_at),
    // The database itself refuses a second charge for a checkout or a second payout of an order.
    uniqueIndex('ledger_entries_one_charge')
      .on(t.checkout_id)
      .where(sql`${t.kind} = 'charge'`),
    uniqueIndex('ledger_entries_one_transfer')
      .on(t.order_id)
      .where(sql`${t.kind} = 'transfer'`),
    uniqueIndex('ledger_entries_one_commission')
      .on(t.order_id)
      .where(sql`${t.kind} = 'commission'`),
    check('ledger_entries_amount_not_negative', sql`${t.amount_cents} >= 0`),
    check(
      'ledger_entries_order_unless_charge',
      sql`(${t.kind} = 'charge') = (${t.order_id} is null)`,
    ),
  ],
);

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
 * Requests counted against abuse limits other than log-ins (password resets, sign-ups): one row
 * per request, by action and subject (`ip:<address>` or `email:<address>`).
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_subject_idx').on(t.action, t.subject, t.created_at)],
);

/**
 * Sessions that ended (log-out, password reset, disabled account) within a search key's lifetime,
 * by the reference search keys carry: a key naming one of them no longer proves wholesale access.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    ref: text('ref').primaryKey(),
    ended_at: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ended_sessions_ended_idx').on(t.ended_at)],
);
