import { randomUUID } from 'node:crypto';
import { commissionOf } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';

/**
 * Orders written straight into the tables at chosen days (as old orders, imports or other code
 * paths would be), and the "SQL totals": plain queries over orders and their lines that the
 * insights must equal.
 */

export interface DirectOrder {
  businessId: number;
  buyerId: number;
  /** When it was placed (UTC). */
  at: string;
  status?: string;
  buyerKind?: 'retail' | 'wholesale';
  mode?: 'pickup' | 'delivery' | 'ship';
  /** The state of the delivery address (delivery, ship) and of the billing address. */
  state?: string;
  billingState?: string;
  source?: string | null;
  invoice?: boolean;
  /** [product id or null, name, unit cents, quantity, refunded quantity]. */
  lines: [number | null, string, number, number, number?][];
}

/** Inserts a paid order with its checkout, lines and (card orders) commission ledger entries. */
export async function insertOrderAt(db: Db, spec: DirectOrder): Promise<number> {
  const subtotal = spec.lines.reduce((sum, [, , price, quantity]) => sum + price * quantity, 0);
  const refundedSubtotal = spec.lines.reduce(
    (sum, [, , price, , back]) => sum + price * (back ?? 0),
    0,
  );
  const tax = Math.round(subtotal * 0.1);
  const total = subtotal + tax;
  const refunded =
    refundedSubtotal === 0 ? 0 : refundedSubtotal + Math.round(refundedSubtotal * 0.1);
  const commission = commissionOf(subtotal);
  const reversal = commission - commissionOf(subtotal - refundedSubtotal);
  const checkoutId = randomUUID();
  const mode = spec.mode ?? 'pickup';
  const address = (state: string) => ({ line1: '1 Main St', city: 'Town', state, zip: '97211' });
  await db.execute(sql`
    insert into checkouts (id, buyer_id, idempotency_key, request_fingerprint, status, amount_cents,
      payment_provider, transfer_group, created_at, updated_at)
    values (${checkoutId}, ${spec.buyerId}, ${checkoutId}, 'direct', 'paid', ${total}, 'offline',
      ${checkoutId}, ${spec.at}, ${spec.at})`);
  const invoice = spec.invoice ?? false;
  const [order] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into orders (checkout_id, business_id, buyer_id, buyer_kind, status, fulfillment_mode,
        fulfillment_address, contact_name, contact_email, contact_phone, billing_address, tax_rate,
        subtotal_cents, tax_and_fees_cents, total_cents, commission_cents, payout_cents,
        refunded_cents, payment_method, invoice_terms_days, invoice_due_on, age_confirmed_at,
        source, created_at, updated_at)
      values (${checkoutId}, ${spec.businessId}, ${spec.buyerId}, ${spec.buyerKind ?? 'retail'},
        ${spec.status ?? 'completed'}, ${mode},
        ${mode === 'pickup' ? null : JSON.stringify(address(spec.state ?? 'OR'))}::jsonb,
        'Direct Buyer', 'direct@bevy.example', '(503) 555-0100',
        ${JSON.stringify(address(spec.billingState ?? spec.state ?? 'OR'))}::jsonb, '10.0000',
        ${subtotal}, ${tax}, ${total}, ${commission}, ${total - commission}, ${refunded},
        ${invoice ? 'invoice' : 'card'}, ${invoice ? 30 : null},
        ${invoice ? spec.at.slice(0, 10) : null}, ${spec.at}, ${spec.source ?? null},
        ${spec.at}, ${spec.at})
      returning id`),
  );
  for (const [productId, name, price, quantity, back] of spec.lines) {
    await db.execute(sql`
      insert into order_lines (order_id, product_id, product_name, channel, tier_minimum,
        unit_price_cents, quantity, line_total_cents, stock_reserved, refunded_quantity)
      values (${order!.id}, ${productId}, ${name}, ${spec.buyerKind ?? 'retail'}, 1, ${price},
        ${quantity}, ${price * quantity}, false, ${back ?? 0})`);
  }
  if (!invoice) {
    await db.execute(sql`
      insert into ledger_entries (checkout_id, order_id, business_id, kind, amount_cents, created_at)
      values (${checkoutId}, ${order!.id}, ${spec.businessId}, 'commission', ${commission}, ${spec.at})`);
    if (reversal > 0) {
      await db.execute(sql`
        insert into ledger_entries (checkout_id, order_id, business_id, kind, amount_cents)
        values (${checkoutId}, ${order!.id}, ${spec.businessId}, 'commission_reversal', ${reversal})`);
    }
  }
  return order!.id;
}

/** A producer's orders (or all, businessId null) placed from `from` to `to` inclusive, UTC. */
function within(businessId: number | null, from: string, to: string) {
  return sql`(${businessId}::int is null or o.business_id = ${businessId})
    and o.created_at >= ${`${from}T00:00:00Z`}::timestamptz
    and o.created_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
}

const COUNTED = sql.raw(`o.status not in ('awaiting_payment', 'payment_failed', 'cancelled')`);

export interface SqlTotals {
  grossCents: number;
  refundedCents: number;
  commissionCents: number;
  orders: number;
  cancelledOrders: number;
  cancelledCents: number;
}

/** The totals straight from orders and the ledger, commission as payouts reads it. */
export async function sqlTotals(
  db: Db,
  businessId: number | null,
  from: string,
  to: string,
): Promise<SqlTotals> {
  const [row] = rowsOf<Record<keyof SqlTotals, string | number>>(
    await db.execute(sql`
      select
        coalesce(sum(o.total_cents) filter (where ${COUNTED}), 0) as "grossCents",
        coalesce(sum(o.refunded_cents) filter (where ${COUNTED}), 0) as "refundedCents",
        coalesce(sum(case when o.payment_method = 'invoice'
            then round((o.subtotal_cents - (select coalesce(sum(l.unit_price_cents * l.refunded_quantity), 0)
              from order_lines l where l.order_id = o.id)) * 0.08)
            else (select coalesce(sum(amount_cents) filter (where kind = 'commission'), 0)
              - coalesce(sum(amount_cents) filter (where kind = 'commission_reversal'), 0)
              from ledger_entries le where le.order_id = o.id) end) filter (where ${COUNTED}), 0)
          as "commissionCents",
        count(*) filter (where ${COUNTED}) as orders,
        count(*) filter (where o.status = 'cancelled') as "cancelledOrders",
        coalesce(sum(o.total_cents) filter (where o.status = 'cancelled'), 0) as "cancelledCents"
      from orders o
      where ${within(businessId, from, to)}`),
  );
  return Object.fromEntries(
    Object.entries(row!).map(([key, value]) => [key, Number(value)]),
  ) as unknown as SqlTotals;
}

/** Counted orders grouped by one expression: key → [orders, gross, net]. */
export async function sqlGroups(
  db: Db,
  businessId: number | null,
  from: string,
  to: string,
  key: 'state' | 'source' | 'mode' | 'kind',
): Promise<Record<string, [number, number, number]>> {
  const expression = {
    state: sql.raw(`upper(case when o.fulfillment_mode = 'pickup' then o.billing_address->>'state'
      else coalesce(o.fulfillment_address->>'state', o.billing_address->>'state') end)`),
    source: sql.raw(`coalesce(o.source, '')`),
    mode: sql.raw(
      `case o.fulfillment_mode when 'ship' then 'shipping' else o.fulfillment_mode::text end`,
    ),
    kind: sql.raw(`o.buyer_kind::text`),
  }[key];
  const rows = rowsOf<{ key: string; orders: string; gross: string; net: string }>(
    await db.execute(sql`
      select ${expression} as key, count(*) as orders, sum(o.total_cents) as gross,
        sum(o.total_cents - o.refunded_cents) as net
      from orders o where ${within(businessId, from, to)} and ${COUNTED}
      group by 1`),
  );
  return Object.fromEntries(
    rows.map((row) => [row.key, [Number(row.orders), Number(row.gross), Number(row.net)]]),
  );
}

/** Per product: [units, refunded units, revenue kept], over counted orders. */
export async function sqlProducts(
  db: Db,
  businessId: number,
  from: string,
  to: string,
): Promise<Record<string, [number, number, number]>> {
  const rows = rowsOf<{ name: string; units: string; back: string; revenue: string }>(
    await db.execute(sql`
      select l.product_name as name, sum(l.quantity) as units, sum(l.refunded_quantity) as back,
        sum(l.unit_price_cents * (l.quantity - l.refunded_quantity)) as revenue
      from orders o join order_lines l on l.order_id = o.id
      where ${within(businessId, from, to)} and ${COUNTED}
      group by l.product_name`),
  );
  return Object.fromEntries(
    rows.map((row) => [row.name, [Number(row.units), Number(row.back), Number(row.revenue)]]),
  );
}
