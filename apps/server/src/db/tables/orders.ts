import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  FULFILLMENT_MODES,
  LEDGER_ENTRY_KINDS,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  type CheckoutAnswer,
  type PaymentProviderKind,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { users } from './accounts';
import { businesses } from './businesses';
import { timestamps } from './columns';
import { priceChannelEnum, products } from './products';

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
    /** A buyer's cart, or a club release charged to a saved card (decision 019). */
    origin: text('origin').$type<'cart' | 'club'>().notNull().default('cart'),
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
    /** The channel the buyer came by (utm_source or referring site), normalized; null if direct. */
    source: text('source'),
    source_medium: text('source_medium'),
    source_campaign: text('source_campaign'),
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
    // Insights' new and returning customers: has the buyer a counted order before the range?
    // And the range's buyers with their net, read from the index alone (decision 026).
    index('orders_business_buyer_idx').on(t.business_id, t.buyer_id, t.created_at, t.status),
    index('orders_business_buyers_idx').on(
      t.business_id,
      t.created_at,
      t.buyer_id,
      t.status,
      t.total_cents,
      t.refunded_cents,
    ),
    // The marketplace's active buyers over a range, from the index alone.
    index('orders_created_buyer_idx').on(t.created_at, t.buyer_id, t.status),
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
    // An order's entries of a kind: its transfer reversals are summed for every payout sent.
    index('ledger_entries_order_idx').on(t.order_id, t.kind),
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
