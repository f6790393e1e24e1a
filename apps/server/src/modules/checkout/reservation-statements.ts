import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { driverErrorOf } from '../../db/errors';
import { checkouts, orderEvents, orderLines, orders } from '../../db/tables';
import { preparedSql } from './prepared';
import { stockHoldOf } from './stock-holds';

/**
 * The statements of a reservation. Usually one does it all (`reserveAtOnce`); a cart that it
 * cannot reserve whole (stock that ran out meanwhile, a checkout released meanwhile) or that
 * holds seats is reserved step by step in a transaction, which says why (checkout-reservation).
 */

/** A row of an order created: one per producer. */
export interface CreatedOrder {
  id: number;
  number: string;
  business_id: number;
}

/** The checkout, if still 'processing', with the amount to charge for it. */
const liveCheckout = sql`live as (
      update ${checkouts} set amount_cents = ${sql.placeholder('amount')},
        updated_at = ${sql.placeholder('now')}
      where ${checkouts.id} = ${sql.placeholder('checkoutId')} and ${checkouts.status} = 'processing'
      returning ${checkouts.id})`;

/** The stock of the products `wanted`, taken only while the checkout is live. */
const heldStock = sql`held as (${stockHoldOf(sql.placeholder('wanted'), sql`exists (select 1 from live)`)})`;

/**
 * Under the checkout's lock, its stock held: a checkout the sweeper released meanwhile (its
 * request took minutes to get here) holds nothing, and the same key may start again. The
 * checkout's row (the one without a product) says whether it was still live; then one row per
 * product whose stock it took.
 */
export const holdStatement = preparedSql(
  'checkout_hold',
  () => sql`with ${liveCheckout}, ${heldStock}
    select exists (select 1 from live) as live, null::int as id
    union all select true, id from held`,
);

/** The orders (one per producer, in the order given), their product lines and first events. */
const newOrders = sql`new_orders as (
      insert into ${orders} (checkout_id, business_id, buyer_id, buyer_kind, status,
        fulfillment_mode, fulfillment_address, contact_name, contact_email, contact_phone,
        buying_business, billing_address, tax_rate, subtotal_cents, tax_and_fees_cents,
        fulfillment_fee_cents, total_cents, commission_cents, payout_cents, payment_method,
        invoice_terms_days, invoice_due_on, age_confirmed_at, source, source_medium,
        source_campaign)
      select ${sql.placeholder('checkoutId')}::uuid, o.business_id, b.buyer_id, b.buyer_kind,
        'awaiting_payment', o.fulfillment_mode, o.fulfillment_address, b.contact_name,
        b.contact_email, b.contact_phone, b.buying_business, b.billing_address, o.tax_rate,
        o.subtotal_cents, o.tax_and_fees_cents, o.fulfillment_fee_cents, o.total_cents,
        o.commission_cents, o.payout_cents, o.payment_method, o.invoice_terms_days,
        o.invoice_due_on, b.age_confirmed_at, b.source, b.source_medium, b.source_campaign
      from json_to_record(${sql.placeholder('buyer')}::json) as b(buyer_id int,
          buyer_kind price_channel, contact_name text, contact_email text, contact_phone text,
          buying_business text, billing_address jsonb, age_confirmed_at timestamptz,
          source text, source_medium text, source_campaign text),
        json_to_recordset(${sql.placeholder('orders')}::json) as o(business_id int,
          fulfillment_mode fulfillment_mode, fulfillment_address jsonb, tax_rate numeric,
          subtotal_cents int, tax_and_fees_cents int, fulfillment_fee_cents int, total_cents int,
          commission_cents int, payout_cents int, payment_method payment_method,
          invoice_terms_days int, invoice_due_on date, at int)
      order by o.at
      returning ${orders.id}, ${orders.number}, ${orders.business_id}),
    new_lines as (
      insert into ${orderLines} (order_id, product_id, product_name, channel, tier_minimum,
        unit_price_cents, quantity, line_total_cents, stock_reserved)
      select o.id, l.product_id, l.product_name, l.channel, l.tier_minimum, l.unit_price_cents,
        l.quantity, l.line_total_cents, l.stock_reserved
      from json_to_recordset(${sql.placeholder('lines')}::json) as l(
          business_id int, product_id int, product_name text, channel price_channel,
          tier_minimum int, unit_price_cents int, quantity int, line_total_cents int,
          stock_reserved boolean, at int)
        join new_orders o on o.business_id = l.business_id
      order by l.at),
    new_events as (
      insert into ${orderEvents} (order_id, from_status, to_status, actor_user_id, note)
      select o.id, null, 'awaiting_payment', ${sql.placeholder('buyerId')}::int, 'Checkout started'
      from new_orders o order by o.id)`;

/** The orders, their lines and first events, in one statement: one row per order created. */
export const ordersStatement = preparedSql(
  'checkout_orders',
  () => sql`with ${newOrders} select id, number, business_id from new_orders`,
);

/** What abort_unless (migration 0029) raises: the statement that called it changed nothing. */
const ABORTED = 'BV001';

/**
 * The whole reservation in one statement, so in one round trip and one commit, and the stock's
 * row locks are held only while it runs: the checkout still live, every product's stock taken
 * (`counted`: one row per product that counts stock), the orders created. Anything less aborts
 * the statement, which then leaves nothing behind.
 */
const reserveAtOnceStatement = preparedSql(
  'checkout_reserve',
  () => sql`with ${liveCheckout}, ${heldStock}, ${newOrders},
    whole as (select abort_unless(exists (select 1 from live)
        and (select count(*) from held) = ${sql.placeholder('counted')}::int,
      'The checkout was released or its stock taken meanwhile.') as done)
    select id, number, business_id from new_orders where (select done from whole)`,
);

/**
 * The reservation in one statement: its orders, or null when it could not be made whole and
 * made nothing (the caller then reserves step by step, to learn why).
 */
export async function reserveAtOnce(
  db: Db,
  values: Record<string, unknown> & { counted: number },
): Promise<CreatedOrder[] | null> {
  try {
    return rowsOf<CreatedOrder>(await reserveAtOnceStatement(db, values));
  } catch (error) {
    if (driverErrorOf(error)?.code === ABORTED) return null;
    throw error;
  }
}
