import {
  commissionOf,
  VISIBLE_ORDER_STATUSES,
  type BuyerKind,
  type Cents,
  type FulfillmentMode,
  type OrderStatus,
  type OrderSource,
  type PaymentMethod,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  clubReleases,
  clubs,
  clubShipments,
  orderEvents,
  orders,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { managesBusiness } from '../../platform/access';
import type { Page } from '../../platform/paging';
import { orderLineRows } from './order-line-rows';
import { ledgerSumsOf, type LedgerSums } from '../payouts/index';

/**
 * Orders as sellers and buyers see them: the views the lists, the detail and the CSV export
 * show, read from the order rows, their lines, history and (for sellers) ledger. Orders awaiting
 * payment or whose payment failed are never shown: they are not orders yet.
 */

/** What reading orders needs. */
export type OrdersContext = Pick<ServiceContext, 'db' | 'viewer'>;

export type OrderRow = typeof orders.$inferSelect;

export interface OrderLineView {
  id: number;
  productId: number | null;
  productName: string;
  /** The product's bottle image now; null without one, or once the product was deleted. */
  imageUrl: string | null;
  unitPriceCents: Cents;
  quantity: number;
  refundedQuantity: number;
  lineTotalCents: Cents;
}

export interface OrderEventView {
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  createdAt: Date;
}

/** The producer's side of an order's money, from the ledger; only for its sellers. */
export interface OrderMoneyView {
  /**
   * Commission kept: the commission less what refunds reversed of it. For an invoice order, the
   * commission the producer owes on what the invoice still asks for.
   */
  commissionCents: Cents;
  /** The payout less what refunds took back of it; 0 for an invoice order (nothing paid out). */
  payoutCents: Cents;
  payoutStatus: OrderRow['payout_status'];
}

export interface OrderView {
  id: number;
  number: string;
  status: OrderStatus;
  createdAt: Date;
  businessId: number;
  businessName: string;
  businessSlug: string;
  buyerKind: BuyerKind;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** The licensed business a wholesale buyer bought for; null for retail orders. */
  buyingBusiness: string | null;
  fulfillmentMode: FulfillmentMode;
  fulfillmentAddress: OrderAddress | null;
  /** The producer's pickup hours as it records them now; null unless a pickup order. */
  pickupHours: string | null;
  trackingNumber: string | null;
  billingAddress: OrderAddress;
  subtotalCents: Cents;
  taxAndFeesCents: Cents;
  /** The delivery or shipping fee (decision 014). */
  fulfillmentFeeCents: Cents;
  /** The producer's tax + fees rate in percent when the order was placed, e.g. "8.8750". */
  taxRate: string;
  totalCents: Cents;
  refundedCents: Cents;
  /** 'invoice': the buyer pays the producer directly, by `invoiceDueOn` (YYYY-MM-DD). */
  paymentMethod: PaymentMethod;
  invoiceTermsDays: number | null;
  invoiceDueOn: string | null;
  /** When the producer marked the invoice paid; null until then and for card orders. */
  invoicePaidAt: Date | null;
  /** The viewer works at the order's business (or is an admin). */
  viewerIsSeller: boolean;
  /** The viewer is the order's buyer. */
  viewerIsBuyer: boolean;
  /** Null unless the viewer is a seller of the order. */
  money: OrderMoneyView | null;
  /** "Cellar Club: Spring release" for a club release's order; null for a cart's. */
  clubRelease: string | null;
  /** The channel the buyer came by; null when direct, unknown, or the viewer is not a seller. */
  source: OrderSource | null;
  lines: OrderLineView[];
  events: OrderEventView[];
}

export interface OrderPage {
  total: number;
  orders: OrderView[];
}

/** Only orders that were paid (or placed on invoice) are orders to their buyer and seller. */
export const isVisible = inArray(orders.status, [...VISIBLE_ORDER_STATUSES]);

const orderSelection = {
  order: orders,
  businessName: businesses.name,
  businessSlug: businesses.slug,
  businessPickupHours: businesses.pickup_hours,
};

export type SelectedOrder = {
  order: OrderRow;
  businessName: string;
  businessSlug: string;
  businessPickupHours: string | null;
};

/**
 * What a seller sees of an order's money: from its ledger entries, or for an invoice order (which
 * has none) the commission owed on the subtotal its lines still ask for.
 */
export function moneyOf(
  order: OrderRow,
  sums: LedgerSums = {},
  refundedSubtotal: Cents = 0,
): OrderMoneyView {
  if (order.payment_method === 'invoice') {
    return {
      commissionCents: commissionOf(order.subtotal_cents - refundedSubtotal),
      payoutCents: 0,
      payoutStatus: order.payout_status,
    };
  }
  return {
    commissionCents: (sums.commission ?? 0) - (sums.commission_reversal ?? 0),
    payoutCents: (sums.transfer ?? 0) - (sums.transfer_reversal ?? 0),
    payoutStatus: order.payout_status,
  };
}

/** The order's attribution, as checkout stored it. */
function sourceOf(order: OrderRow): OrderSource | null {
  if (!order.source) return null;
  return { source: order.source, medium: order.source_medium, campaign: order.source_campaign };
}

/** Whether the viewer works at each business (admins at all of them). */
async function sellerOf(ctx: OrdersContext, businessIds: number[]): Promise<Set<number>> {
  const unique = [...new Set(businessIds)];
  const answers = await Promise.all(unique.map((id) => managesBusiness(ctx, id)));
  return new Set(unique.filter((_, index) => answers[index]));
}

/** The club release each of these orders was placed for, by order. */
async function clubReleasesOf(db: Db, orderIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ orderId: clubShipments.order_id, club: clubs.name, release: clubReleases.title })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .innerJoin(clubs, eq(clubs.id, clubReleases.club_id))
    .where(inArray(clubShipments.order_id, orderIds));
  return new Map(rows.map((row) => [row.orderId!, `${row.club}: ${row.release}`]));
}

/** Full views of orders, in the order given: lines, history and (for sellers) money. */
export async function viewsOf(
  ctx: OrdersContext,
  selected: SelectedOrder[],
  options: { events?: boolean } = {},
): Promise<OrderView[]> {
  if (selected.length === 0) return [];
  const ids = selected.map(({ order }) => order.id);
  const [lineRows, eventRows, sums, sellers, clubReleases] = await Promise.all([
    orderLineRows(ctx.db, ids),
    options.events === false
      ? Promise.resolve([])
      : ctx.db
          .select()
          .from(orderEvents)
          .where(
            and(
              inArray(orderEvents.order_id, ids),
              inArray(orderEvents.to_status, [...VISIBLE_ORDER_STATUSES]),
            ),
          )
          .orderBy(asc(orderEvents.created_at), asc(orderEvents.id)),
    ledgerSumsOf(ctx.db, ids),
    sellerOf(
      ctx,
      selected.map(({ order }) => order.business_id),
    ),
    clubReleasesOf(ctx.db, ids),
  ]);
  return selected.map(({ order, businessName, businessSlug, businessPickupHours }) => {
    const viewerIsSeller = sellers.has(order.business_id);
    const lines = lineRows.filter((line) => line.order_id === order.id);
    const refundedSubtotal = lines.reduce(
      (sum, line) => sum + line.unit_price_cents * line.refunded_quantity,
      0,
    );
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      createdAt: order.created_at,
      businessId: order.business_id,
      businessName,
      businessSlug,
      buyerKind: order.buyer_kind,
      contactName: order.contact_name,
      contactEmail: order.contact_email,
      contactPhone: order.contact_phone,
      buyingBusiness: order.buying_business,
      fulfillmentMode: order.fulfillment_mode,
      fulfillmentAddress: order.fulfillment_address,
      pickupHours: order.fulfillment_mode === 'pickup' ? businessPickupHours : null,
      trackingNumber: order.tracking_number,
      billingAddress: order.billing_address,
      subtotalCents: order.subtotal_cents,
      taxAndFeesCents: order.tax_and_fees_cents,
      fulfillmentFeeCents: order.fulfillment_fee_cents,
      taxRate: order.tax_rate,
      totalCents: order.total_cents,
      refundedCents: order.refunded_cents,
      paymentMethod: order.payment_method,
      invoiceTermsDays: order.invoice_terms_days,
      invoiceDueOn: order.invoice_due_on,
      invoicePaidAt: order.invoice_paid_at,
      viewerIsSeller,
      viewerIsBuyer: ctx.viewer?.id === order.buyer_id,
      money: viewerIsSeller ? moneyOf(order, sums.get(order.id), refundedSubtotal) : null,
      clubRelease: clubReleases.get(order.id) ?? null,
      source: viewerIsSeller ? sourceOf(order) : null,
      lines: lines.map((line) => ({
        id: line.id,
        productId: line.product_id,
        productName: line.product_name,
        imageUrl: line.image_url,
        unitPriceCents: line.unit_price_cents,
        quantity: line.quantity,
        refundedQuantity: line.refunded_quantity,
        lineTotalCents: line.line_total_cents,
      })),
      events: eventRows
        .filter((event) => event.order_id === order.id)
        .map((event) => ({
          fromStatus: event.from_status,
          toStatus: event.to_status,
          note: event.note,
          createdAt: event.created_at,
        })),
    };
  });
}

/** Orders with their business's name, newest first; a page of them when `page` is given. */
export function selectOrders(db: Db, where: SQL | undefined, page?: Page) {
  const query = db
    .select(orderSelection)
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}
