import {
  commissionOf,
  isVisibleOrderStatus,
  ORDER_STATUSES,
  parseTrackingNumber,
  transitionProblem,
  VISIBLE_ORDER_STATUSES,
  type BuyerKind,
  type Cents,
  type FulfillmentMode,
  type OrderStatus,
  type PaymentMethod,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Db } from '../../db/client';
import { businesses, orderEvents, orders } from '../../db/schema';
import type { RequestContext, Viewer } from '../../graphql/context';
import { badInput, forbidden, notFound } from '../../graphql/errors';
import { managesBusiness, requireViewer } from '../../graphql/guards';
import { containsPattern, type Page } from '../admin/admin.service';
import { workplaceIdsOfUsers } from '../businesses/businesses.service';
import { queueOrderStatusEmail, type OrderEmailContext } from './order-emails';
import { orderLineRows } from './order-line-rows';
import { ledgerSumsOf, type LedgerSums } from './ledger-sums';

/**
 * Orders after checkout: the lists and the detail that sellers and buyers see, the seller's
 * workflow (placed → accepted → fulfilment step → completed), cancellation and line refunds.
 * Orders awaiting payment or whose payment failed are never shown: they are not orders yet.
 */

/** What reading orders needs; GraphQL requests also bring their loaders. */
export type OrdersContext = Pick<RequestContext, 'db' | 'viewer'> & {
  loaders?: Pick<RequestContext['loaders'], 'workplaceIdsOfUser'>;
};

/** What changing orders needs: refunds go through the payment provider. */
export type OrderChangeContext = OrdersContext &
  Pick<RequestContext, 'payments' | 'log'> &
  Pick<OrderEmailContext, 'config'>;

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
  lines: OrderLineView[];
  events: OrderEventView[];
}

export interface OrderPage {
  total: number;
  orders: OrderView[];
}

const SEARCH_MAX_LENGTH = 200;
const REASON_MAX_LENGTH = 500;

const isVisible = inArray(orders.status, [...VISIBLE_ORDER_STATUSES]);

/** An illegal move of an order: nothing was changed. */
export function invalidTransition(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'INVALID_TRANSITION' } });
}

export const noSuchOrder = () => notFound('There is no order with that number.');

// ---------------------------------------------------------------------------------------------
// Reading

const orderSelection = {
  order: orders,
  businessName: businesses.name,
  businessSlug: businesses.slug,
  businessPickupHours: businesses.pickup_hours,
};

type SelectedOrder = {
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

/** Whether the viewer works at each business (admins at all of them). */
async function sellerOf(ctx: OrdersContext, businessIds: number[]): Promise<Set<number>> {
  const unique = [...new Set(businessIds)];
  const answers = await Promise.all(unique.map((id) => managesBusiness(ctx, id)));
  return new Set(unique.filter((_, index) => answers[index]));
}

/** Full views of orders, in the order given: lines, history and (for sellers) money. */
async function viewsOf(
  ctx: OrdersContext,
  selected: SelectedOrder[],
  options: { events?: boolean } = {},
): Promise<OrderView[]> {
  if (selected.length === 0) return [];
  const ids = selected.map(({ order }) => order.id);
  const [lineRows, eventRows, sums, sellers] = await Promise.all([
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

/** The businesses whose orders the viewer may list: null for an admin (all of them). */
async function sellerScope(ctx: OrdersContext, viewer: Viewer): Promise<Set<number> | null> {
  if (viewer.isAdmin) return null;
  if (ctx.loaders) return ctx.loaders.workplaceIdsOfUser.load(viewer.id);
  const [ids] = await workplaceIdsOfUsers(ctx.db, [viewer.id]);
  return ids ?? new Set();
}

export interface BusinessOrderFilters {
  status?: string | null;
  businessId?: number | null;
  search?: string | null;
}

/** The condition that picks the viewer's businesses' orders matching the filters. */
async function businessOrdersWhere(
  ctx: OrdersContext,
  filters: BusinessOrderFilters,
): Promise<SQL | undefined | false> {
  const viewer = requireViewer(ctx);
  const conditions: (SQL | undefined)[] = [isVisible];
  const status = filters.status?.trim();
  if (status) {
    if (!isVisibleOrderStatus(status)) {
      throw badInput(`Choose a status among: ${VISIBLE_ORDER_STATUSES.join(', ')}.`, 'status');
    }
    conditions.push(eq(orders.status, status));
  }
  if (filters.businessId !== null && filters.businessId !== undefined) {
    if (!(await managesBusiness(ctx, filters.businessId))) {
      throw forbidden('Only people who work at this business can see its orders.');
    }
    conditions.push(eq(orders.business_id, filters.businessId));
  } else {
    const scope = await sellerScope(ctx, viewer);
    if (scope?.size === 0) return false;
    if (scope) conditions.push(inArray(orders.business_id, [...scope]));
  }
  const search = filters.search?.trim().slice(0, SEARCH_MAX_LENGTH) ?? '';
  if (search) {
    const pattern = containsPattern(search);
    // "BV-100042", "bv100042" and "100042" all find order BV-100042.
    const digits = /^(?:bv)?-?\s*(\d+)$/i.exec(search)?.[1];
    conditions.push(
      or(
        ilike(orders.number, pattern),
        digits ? ilike(orders.number, containsPattern(digits)) : undefined,
        ilike(orders.contact_name, pattern),
        ilike(orders.contact_email, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Orders with their business's name, newest first; a page of them when `page` is given. */
function selectOrders(db: Db, where: SQL | undefined, page?: Page) {
  const query = db
    .select(orderSelection)
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.business_id))
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id));
  return page ? query.offset(page.offset).limit(page.limit) : query;
}

async function pageOf(ctx: OrdersContext, where: SQL | undefined, page: Page): Promise<OrderPage> {
  const [rows, [total]] = await Promise.all([
    selectOrders(ctx.db, where, page),
    ctx.db.select({ n: count() }).from(orders).where(where),
  ]);
  return { total: total?.n ?? 0, orders: await viewsOf(ctx, rows) };
}

/** Orders of the businesses the viewer works at (all of them for an admin), newest first. */
export async function listBusinessOrders(
  ctx: OrdersContext,
  input: BusinessOrderFilters & Page,
): Promise<OrderPage> {
  const where = await businessOrdersWhere(ctx, input);
  return where === false ? { total: 0, orders: [] } : pageOf(ctx, where, input);
}

/** Every order the filters match, for the CSV export: no paging, no history. */
export async function exportBusinessOrders(
  ctx: OrdersContext,
  filters: BusinessOrderFilters,
): Promise<OrderView[]> {
  const where = await businessOrdersWhere(ctx, filters);
  if (where === false) return [];
  return viewsOf(ctx, await selectOrders(ctx.db, where), { events: false });
}

/** The viewer's own purchases, newest first. */
export async function listMyOrders(ctx: OrdersContext, page: Page): Promise<OrderPage> {
  const viewer = requireViewer(ctx);
  return pageOf(ctx, and(eq(orders.buyer_id, viewer.id), isVisible), page);
}

/**
 * The order, for its buyer or a seller of its business; null for anyone else, as if it did not
 * exist, so that nobody learns of orders that are not theirs.
 */
export async function findOrderForViewer(
  ctx: OrdersContext,
  orderId: number,
): Promise<OrderView | null> {
  const viewer = ctx.viewer;
  if (!viewer) return null;
  const [row] = await selectOrders(ctx.db, and(eq(orders.id, orderId), isVisible));
  if (!row) return null;
  if (row.order.buyer_id !== viewer.id && !(await managesBusiness(ctx, row.order.business_id))) {
    return null;
  }
  const [view] = await viewsOf(ctx, [row]);
  return view ?? null;
}

/** The seller's view after a change. */
export async function reread(ctx: OrdersContext, orderId: number): Promise<OrderView> {
  const view = await findOrderForViewer(ctx, orderId);
  if (!view) throw noSuchOrder();
  return view;
}

// ---------------------------------------------------------------------------------------------
// Changing

/**
 * The order a seller is about to change. Anyone who may not see it gets NOT_FOUND, as for an
 * order that does not exist; its buyer gets FORBIDDEN.
 */
export async function orderForSeller(ctx: OrdersContext, orderId: number): Promise<OrderRow> {
  const viewer = requireViewer(ctx);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), isVisible));
  if (!order) throw noSuchOrder();
  if (!(await managesBusiness(ctx, order.business_id))) {
    if (order.buyer_id === viewer.id) {
      throw forbidden('Only the producer can change an order. Contact them about it.');
    }
    throw noSuchOrder();
  }
  return order;
}

export function parseReason(reason: string | null | undefined): string | null {
  const trimmed = reason?.trim() ?? '';
  if (trimmed.length > REASON_MAX_LENGTH) {
    throw badInput(`Write the reason in at most ${REASON_MAX_LENGTH} characters.`, 'reason');
  }
  return trimmed || null;
}

function parseStatus(value: string): OrderStatus {
  const status = ORDER_STATUSES.find((candidate) => candidate === value);
  if (!status) throw badInput(`There is no order status "${value.slice(0, 40)}".`, 'to');
  return status;
}

/**
 * Moves an order one step through the workflow. The update is conditional on the status the
 * decision was made from, so of two clicks at once only one moves it; the other is refused.
 */
export async function advanceOrder(
  ctx: OrderChangeContext,
  input: { id: number; to: string; trackingNumber?: string | null },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const to = parseStatus(input.to);
  const order = await orderForSeller(ctx, input.id);
  if (to === 'cancelled') {
    throw invalidTransition('Cancel the order with “Cancel order”, which also refunds the buyer.');
  }
  const refuseFrom = (from: OrderStatus) => {
    const problem = transitionProblem(from, to, order.fulfillment_mode);
    if (problem) throw invalidTransition(problem);
  };
  refuseFrom(order.status);
  let trackingNumber: string | null = null;
  if (to === 'shipped') {
    const parsed = parseTrackingNumber(input.trackingNumber);
    if (!parsed.ok) throw badInput(parsed.message, 'trackingNumber');
    trackingNumber = parsed.value;
  }
  const moved = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [updated] = await db
      .update(orders)
      .set({
        status: to,
        ...(trackingNumber ? { tracking_number: trackingNumber } : {}),
        updated_at: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (!updated) return false;
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: to,
      actor_user_id: viewer.id,
      note: trackingNumber ? `Tracking number ${trackingNumber}` : null,
    });
    await queueOrderStatusEmail({ db, config: ctx.config }, order.id);
    return true;
  });
  if (!moved) {
    // Someone else moved it meanwhile: refuse as from where it is now.
    const [now] = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.id));
    refuseFrom(now?.status ?? order.status);
    throw invalidTransition('The order changed meanwhile. Reload it and try again.');
  }
  return reread(ctx, order.id);
}
