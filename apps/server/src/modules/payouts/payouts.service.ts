import {
  commissionOf,
  isIsoDate,
  VISIBLE_ORDER_STATUSES,
  type Cents,
  type OrderStatus,
  type PaymentMethod,
} from '@bevy/core';
import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, orderLines, orders } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { requireMember, requireViewer } from '../../platform/access';
import { findBusinessBySlug, listWorkplaces } from '../businesses/index';

/**
 * What producers earn, read from the ledger: per paid order its total, the commission we kept
 * (commission − its reversals), what was refunded, and the net payout (transfer − its
 * reversals). By the ledger's invariant, total − commission − refunds = net for every card order.
 *
 * An invoice order moves no money through us: the buyer pays the producer directly, and the
 * producer owes us the commission on what the invoice still asks for. Its row shows that owed
 * commission, what was taken off the invoice as refunded, and a net of 0.
 */

export interface PayoutOrderRow {
  orderId: number;
  number: string;
  createdAt: Date;
  status: OrderStatus;
  totalCents: Cents;
  /** Kept from a card order; owed by the producer on an invoice order. */
  commissionCents: Cents;
  refundedCents: Cents;
  netCents: Cents;
  payoutStatus: (typeof orders.$inferSelect)['payout_status'];
  paymentMethod: PaymentMethod;
  invoiceDueOn: string | null;
}

export interface PayoutFigures {
  /** Totals of all the orders, card and invoice. */
  grossSalesCents: Cents;
  /** Commission kept from card orders. */
  commissionCents: Cents;
  /** Refunded to buyers' cards, or taken off their invoices. */
  refundsCents: Cents;
  /** Paid out to the producer through the marketplace (card orders). */
  netCents: Cents;
  /** What buyers owe the producer directly: invoice totals less what was taken off. */
  invoicedCents: Cents;
  /** Commission the producer owes on its invoice orders. */
  invoiceCommissionOwedCents: Cents;
}

export interface BusinessPayouts extends PayoutFigures {
  businessId: number;
  businessName: string;
  businessSlug: string;
  orders: PayoutOrderRow[];
}

export interface BusinessMonthFigures extends PayoutFigures {
  businessId: number;
  businessName: string;
  businessSlug: string;
  /** The calendar month, UTC, as "2026-11". */
  month: string;
  ordersCount: number;
}

/** What reading payouts needs. */
type PayoutsContext = Pick<ServiceContext, 'db' | 'viewer'>;

/** The sum of an order's ledger entries of one kind, 0 when there are none. */
const sumOf = (kind: (typeof ledgerEntries.$inferSelect)['kind']) =>
  sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.kind} = ${kind}), 0)::int`;

/** Paid orders of the businesses created in [from, until), newest first, with their money. */
async function payoutRows(
  db: Db,
  businessIds: number[],
  period: { from?: Date; until?: Date },
): Promise<(PayoutOrderRow & { businessId: number })[]> {
  if (businessIds.length === 0) return [];
  const conditions: SQL[] = [
    inArray(orders.business_id, businessIds),
    inArray(orders.status, [...VISIBLE_ORDER_STATUSES]),
  ];
  if (period.from) conditions.push(gte(orders.created_at, period.from));
  if (period.until) conditions.push(lt(orders.created_at, period.until));
  const rows = await db
    .select({
      orderId: orders.id,
      businessId: orders.business_id,
      number: orders.number,
      createdAt: orders.created_at,
      status: orders.status,
      totalCents: orders.total_cents,
      subtotalCents: orders.subtotal_cents,
      refundedCents: orders.refunded_cents,
      payoutStatus: orders.payout_status,
      paymentMethod: orders.payment_method,
      invoiceDueOn: orders.invoice_due_on,
      refundedSubtotal: sql<number>`(
        select coalesce(sum(${orderLines.unit_price_cents} * ${orderLines.refunded_quantity}), 0)
        from ${orderLines} where ${orderLines.order_id} = ${orders.id})::int`,
      commission: sumOf('commission'),
      commissionReversal: sumOf('commission_reversal'),
      refund: sumOf('refund'),
      transfer: sumOf('transfer'),
      transferReversal: sumOf('transfer_reversal'),
    })
    .from(orders)
    .leftJoin(ledgerEntries, eq(ledgerEntries.order_id, orders.id))
    .where(and(...conditions))
    .groupBy(orders.id)
    .orderBy(desc(orders.created_at), desc(orders.id));
  return rows.map((row) => {
    const common = {
      orderId: row.orderId,
      businessId: row.businessId,
      number: row.number,
      createdAt: row.createdAt,
      status: row.status,
      totalCents: row.totalCents,
      payoutStatus: row.payoutStatus,
      paymentMethod: row.paymentMethod,
      invoiceDueOn: row.invoiceDueOn,
    };
    return row.paymentMethod === 'invoice'
      ? {
          ...common,
          commissionCents: commissionOf(row.subtotalCents - Number(row.refundedSubtotal)),
          refundedCents: row.refundedCents,
          netCents: 0,
        }
      : {
          ...common,
          commissionCents: Number(row.commission) - Number(row.commissionReversal),
          refundedCents: Number(row.refund),
          netCents: Number(row.transfer) - Number(row.transferReversal),
        };
  });
}

/**
 * The sums over orders. For every period: gross − refunds − commission − invoiced = net, card
 * orders giving the commission and net, invoice orders what is invoiced.
 */
function figuresOf(rows: readonly PayoutOrderRow[]): PayoutFigures {
  return rows.reduce<PayoutFigures>(
    (sum, row) => {
      const invoice = row.paymentMethod === 'invoice';
      return {
        grossSalesCents: sum.grossSalesCents + row.totalCents,
        commissionCents: sum.commissionCents + (invoice ? 0 : row.commissionCents),
        refundsCents: sum.refundsCents + row.refundedCents,
        netCents: sum.netCents + row.netCents,
        invoicedCents: sum.invoicedCents + (invoice ? row.totalCents - row.refundedCents : 0),
        invoiceCommissionOwedCents:
          sum.invoiceCommissionOwedCents + (invoice ? row.commissionCents : 0),
      };
    },
    {
      grossSalesCents: 0,
      commissionCents: 0,
      refundsCents: 0,
      netCents: 0,
      invoicedCents: 0,
      invoiceCommissionOwedCents: 0,
    },
  );
}

function dayStart(value: string | null | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  if (!isIsoDate(value.trim())) throw badInput('Write the date as YYYY-MM-DD.', field);
  return new Date(`${value.trim()}T00:00:00Z`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A business's payouts ledger: its paid orders from `from` to `to` (inclusive, UTC days). */
export async function businessPayouts(
  ctx: PayoutsContext,
  input: { slug: string; from?: string | null; to?: string | null },
): Promise<BusinessPayouts> {
  requireViewer(ctx);
  const business = await findBusinessBySlug(ctx, input.slug.trim());
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(ctx, business.id);
  const from = dayStart(input.from, 'from');
  const to = dayStart(input.to, 'to');
  if (from && to && to < from) throw badInput('The end date is before the start date.', 'to');
  const rows = await payoutRows(ctx.db, [business.id], {
    from,
    until: to && new Date(to.getTime() + DAY_MS),
  });
  return {
    businessId: business.id,
    businessName: business.name,
    businessSlug: business.slug,
    ...figuresOf(rows),
    orders: rows,
  };
}

/** This calendar month (UTC) so far, for each business the viewer works at, by name. */
export async function businessMonthFigures(
  ctx: PayoutsContext,
  now: Date = new Date(),
): Promise<BusinessMonthFigures[]> {
  const viewer = requireViewer(ctx);
  const workplaces = await listWorkplaces(ctx, viewer.id);
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const until = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const rows = await payoutRows(
    ctx.db,
    workplaces.map((business) => business.id),
    { from, until },
  );
  const month = from.toISOString().slice(0, 7);
  return workplaces.map((business) => {
    const own = rows.filter((row) => row.businessId === business.id);
    return {
      businessId: business.id,
      businessName: business.name,
      businessSlug: business.slug,
      month,
      ordersCount: own.length,
      ...figuresOf(own),
    };
  });
}
