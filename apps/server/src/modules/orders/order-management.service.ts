import {
  canCancel,
  canRefundLine,
  commissionOf,
  formatCents,
  isVisibleOrderStatus,
  ORDER_STATUSES,
  orderStatusLabel,
  parseTrackingNumber,
  percentToMillionths,
  statusAfterRefund,
  transitionProblem,
  VISIBLE_ORDER_STATUSES,
  type BuyerKind,
  type Cents,
  type FulfillmentMode,
  type OrderStatus,
  type PaymentMethod,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import type { Db } from '../../db/client';
import {
  businesses,
  checkouts,
  ledgerEntries,
  orderEvents,
  orderLines,
  orders,
  products,
} from '../../db/schema';
import type { RequestContext, Viewer } from '../../graphql/context';
import { badInput, forbidden, notFound } from '../../graphql/errors';
import { managesBusiness, requireViewer } from '../../graphql/guards';
import { containsPattern, type Page } from '../admin/admin.service';
import { workplaceIdsOfUsers } from '../businesses/businesses.service';
import { PaymentProviderError } from '../payments/payment-provider';
import {
  planCancellation,
  planRefund,
  refundStateWithoutLedger,
  type OrderMoney,
  type RefundPlan,
  type RefundState,
} from './ledger';
import {
  queueOrderStatusEmail,
  queuePartialRefundEmail,
  type OrderEmailContext,
} from './order-emails';
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
  fulfillmentMode: FulfillmentMode;
  fulfillmentAddress: OrderAddress | null;
  /** The producer's pickup hours as it records them now; null unless a pickup order. */
  pickupHours: string | null;
  trackingNumber: string | null;
  billingAddress: OrderAddress;
  subtotalCents: Cents;
  taxAndFeesCents: Cents;
  /** The producer's tax + fees rate in percent when the order was placed, e.g. "8.8750". */
  taxRate: string;
  totalCents: Cents;
  refundedCents: Cents;
  /** 'invoice': the buyer pays the producer directly, by `invoiceDueOn` (YYYY-MM-DD). */
  paymentMethod: PaymentMethod;
  invoiceTermsDays: number | null;
  invoiceDueOn: string | null;
  /** The viewer works at the order's business (or is an admin). */
  viewerIsSeller: boolean;
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

const REFUND_FAILED_MESSAGE =
  'The payment service could not refund the buyer, so nothing was changed. Please try again in a few minutes.';

function refundFailed(): GraphQLError {
  return new GraphQLError(REFUND_FAILED_MESSAGE, { extensions: { code: 'REFUND_FAILED' } });
}

const noSuchOrder = () => notFound('There is no order with that number.');

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
    ctx.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.order_id, ids))
      .orderBy(asc(orderLines.id)),
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
      fulfillmentMode: order.fulfillment_mode,
      fulfillmentAddress: order.fulfillment_address,
      pickupHours: order.fulfillment_mode === 'pickup' ? businessPickupHours : null,
      trackingNumber: order.tracking_number,
      billingAddress: order.billing_address,
      subtotalCents: order.subtotal_cents,
      taxAndFeesCents: order.tax_and_fees_cents,
      taxRate: order.tax_rate,
      totalCents: order.total_cents,
      refundedCents: order.refunded_cents,
      paymentMethod: order.payment_method,
      invoiceTermsDays: order.invoice_terms_days,
      invoiceDueOn: order.invoice_due_on,
      viewerIsSeller,
      money: viewerIsSeller ? moneyOf(order, sums.get(order.id), refundedSubtotal) : null,
      lines: lines.map((line) => ({
        id: line.id,
        productId: line.product_id,
        productName: line.product_name,
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
async function reread(ctx: OrdersContext, orderId: number): Promise<OrderView> {
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
async function orderForSeller(ctx: OrdersContext, orderId: number): Promise<OrderRow> {
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

function parseReason(reason: string | null | undefined): string | null {
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

interface LockedOrder {
  order: OrderRow;
  lines: (typeof orderLines.$inferSelect)[];
  money: OrderMoney;
  state: RefundState;
  /** How many refunds were made before: numbers this one, for its idempotency keys. */
  refundCount: number;
  chargeId: string | null;
  /** The payout transfer at the provider, once it was made. */
  transferId: string | null;
}

/**
 * Reads the order for a refund with its row locked until the transaction ends, so that two
 * refunds of one order run one after the other and the second sees what the first did.
 */
async function lockForRefund(db: Db, orderId: number): Promise<LockedOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw noSuchOrder();
  // One statement after another: they share the transaction's connection.
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.order_id, orderId))
    .orderBy(asc(orderLines.id));
  const entries = await db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount_cents,
      reference: ledgerEntries.provider_reference,
      orderId: ledgerEntries.order_id,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.checkout_id, order.checkout_id),
        or(eq(ledgerEntries.order_id, orderId), eq(ledgerEntries.kind, 'charge')),
      ),
    );
  const [checkout] = await db
    .select({ chargeId: checkouts.provider_charge_id })
    .from(checkouts)
    .where(eq(checkouts.id, order.checkout_id));
  const sum = (kind: (typeof entries)[number]['kind']) =>
    entries
      .filter((entry) => entry.kind === kind && entry.orderId === orderId)
      .reduce((total, entry) => total + entry.amount, 0);
  const chargeEntry = entries.find((entry) => entry.kind === 'charge');
  const transferEntry = entries.find(
    (entry) => entry.kind === 'transfer' && entry.orderId === orderId,
  );
  const money: OrderMoney = {
    orderId,
    subtotal: order.subtotal_cents,
    taxRate: percentToMillionths(order.tax_rate),
    total: order.total_cents,
    commission: order.commission_cents,
    payout: order.payout_cents,
  };
  const refundedSubtotal = lines.reduce(
    (total, line) => total + line.unit_price_cents * line.refunded_quantity,
    0,
  );
  return {
    order,
    lines,
    money,
    // An invoice order has no ledger: what it took off the invoice is on the order itself.
    state:
      order.payment_method === 'invoice'
        ? refundStateWithoutLedger(money, refundedSubtotal, order.refunded_cents)
        : {
            refundedSubtotal,
            refunded: sum('refund'),
            commissionReversed: sum('commission_reversal'),
            transferReversed: sum('transfer_reversal'),
          },
    refundCount: entries.filter((entry) => entry.kind === 'refund' && entry.orderId === orderId)
      .length,
    chargeId: checkout?.chargeId ?? chargeEntry?.reference ?? null,
    transferId: transferEntry?.reference ?? null,
  };
}

/**
 * Pays a refund back and records it, inside the transaction that locked the order.
 *
 * The provider is called while the order's row is locked: a second refund of the same order waits
 * and then plans from what this one recorded, so the two can never refund more than was paid.
 * Holding a lock across a network call is the price; refunds are rare, made by hand. Each call
 * carries an idempotency key made of the order and the refund's number, so if the transaction
 * fails after the provider said yes (nothing recorded), a retry plans the same refund under the
 * same key and the provider answers with the refund it already made instead of paying twice.
 * If the provider fails, the transaction rolls back: REFUND_FAILED and nothing recorded.
 */
async function payBack(
  db: Db,
  ctx: OrderChangeContext,
  locked: LockedOrder,
  plan: RefundPlan,
  reason: string | null,
): Promise<void> {
  const { order } = locked;
  const sequence = locked.refundCount + 1;
  const keyOf = (what: string) => `bevy-${what}-${order.checkout_id}-${order.id}-${sequence}`;
  const reverseAtProvider = order.payout_status === 'transferred' && locked.transferId !== null;
  let refundId: string | null = null;
  let reversalId: string | null = null;
  try {
    if (!locked.chargeId) throw new PaymentProviderError('The order has no recorded charge.');
    if (plan.refund > 0) {
      refundId = await ctx.payments.refundCharge({
        chargeId: locked.chargeId,
        amountCents: plan.refund,
        idempotencyKey: keyOf('refund'),
        reason,
      });
    }
    if (reverseAtProvider && plan.transferReversal > 0) {
      reversalId = await ctx.payments.reverseTransfer({
        transferId: locked.transferId!,
        amountCents: plan.transferReversal,
        idempotencyKey: keyOf('transfer-reversal'),
      });
    }
  } catch (error) {
    ctx.log.error(
      { err: error, orderId: order.id, refundId, sequence },
      refundId
        ? 'the buyer was refunded but the payout could not be reversed; nothing recorded, a retry reuses the same keys'
        : 'refunding the buyer failed; nothing recorded',
    );
    throw refundFailed();
  }
  const referenceOf = { refund: refundId, transfer_reversal: reversalId } as Record<
    string,
    string | null
  >;
  if (plan.movements.length > 0) {
    await db.insert(ledgerEntries).values(
      plan.movements.map((movement) => ({
        checkout_id: order.checkout_id,
        order_id: order.id,
        business_id: order.business_id,
        kind: movement.kind,
        amount_cents: movement.amountCents,
        provider_reference: referenceOf[movement.kind] ?? null,
      })),
    );
  }
}

/** The order's columns after a refund: what it refunded in all, and where its payout stands. */
function refundedColumns(locked: LockedOrder, next: RefundState) {
  return {
    refunded_cents: next.refunded,
    // Nothing of an invoice order was paid out, so nothing is reversed.
    payout_status:
      locked.order.payment_method === 'card' && next.transferReversed >= locked.order.payout_cents
        ? ('reversed' as const)
        : locked.order.payout_status,
    updated_at: new Date(),
  };
}

/**
 * Gives the buyer back `plan.refund`: through the payment provider for a card order; for an
 * invoice order by taking it off what they owe the producer (no provider, no ledger entries),
 * which the order's history then says: the note is returned. A card refund shows in the money.
 */
async function giveBack(
  db: Db,
  ctx: OrderChangeContext,
  locked: LockedOrder,
  plan: RefundPlan,
  reason: string | null,
): Promise<string | null> {
  if (locked.order.payment_method === 'invoice') {
    return `Invoice reduced by ${formatCents(plan.refund)}`;
  }
  await payBack(db, ctx, locked, plan, reason);
  return null;
}

/** Turns an unexpected error after the provider refunded into a loud log line. */
async function refundTransaction<T>(
  ctx: OrderChangeContext,
  orderId: number,
  run: (db: Db) => Promise<T>,
): Promise<T> {
  try {
    return await ctx.db.transaction((tx) => run(tx as unknown as Db));
  } catch (error) {
    if (!(error instanceof GraphQLError)) {
      ctx.log.error(
        { err: error, orderId },
        'a refund could not be recorded; if the provider refunded, a retry reuses its keys',
      );
    }
    throw error;
  }
}

/**
 * Cancels an order before fulfilment: refunds the buyer everything not yet refunded, reverses
 * the commission and the payout (planCancellation), and gives back the stock it held.
 */
export async function cancelOrder(
  ctx: OrderChangeContext,
  input: { id: number; reason?: string | null },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const reason = parseReason(input.reason);
  const checked = await orderForSeller(ctx, input.id);
  if (!canCancel(checked.status)) {
    throw invalidTransition(
      transitionProblem(checked.status, 'cancelled', checked.fulfillment_mode)!,
    );
  }
  await refundTransaction(ctx, checked.id, async (db) => {
    const locked = await lockForRefund(db, checked.id);
    const { order } = locked;
    if (!canCancel(order.status)) {
      throw invalidTransition(
        transitionProblem(order.status, 'cancelled', order.fulfillment_mode)!,
      );
    }
    const plan = planCancellation(locked.money, locked.state);
    const given = plan ? await giveBack(db, ctx, locked, plan, reason) : null;
    const next = plan?.next ?? locked.state;
    await db
      .update(orders)
      .set({ status: 'cancelled', ...refundedColumns(locked, next) })
      .where(eq(orders.id, order.id));
    await db
      .update(orderLines)
      .set({ refunded_quantity: sql`${orderLines.quantity}` })
      .where(eq(orderLines.order_id, order.id));
    // Units refunded before stay sold (they may have been handed over); the rest go back.
    for (const line of [...locked.lines].sort(
      (a, b) => (a.product_id ?? 0) - (b.product_id ?? 0),
    )) {
      const units = line.quantity - line.refunded_quantity;
      if (!line.stock_reserved || line.product_id === null || units <= 0) continue;
      await db
        .update(products)
        .set({ stock_count: sql`${products.stock_count} + ${units}` })
        .where(and(eq(products.id, line.product_id), sql`${products.stock_count} is not null`));
    }
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: 'cancelled',
      actor_user_id: viewer.id,
      note: [given, reason].filter(Boolean).join(': ') || null,
    });
    await queueOrderStatusEmail({ db, config: ctx.config }, order.id);
  });
  return reread(ctx, checked.id);
}

/** Refunds `quantity` units of one line: unit price × quantity and its share of tax + fees. */
export async function refundOrderLine(
  ctx: OrderChangeContext,
  input: { orderId: number; lineId: number; quantity: number; reason?: string | null },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const reason = parseReason(input.reason);
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
    throw badInput('Refund at least one unit.', 'quantity');
  }
  const checked = await orderForSeller(ctx, input.orderId);
  await refundTransaction(ctx, checked.id, async (db) => {
    const locked = await lockForRefund(db, checked.id);
    const { order } = locked;
    // A refunded order has no unit left: the line's own check below says so.
    if (order.status !== 'refunded' && !canRefundLine(order.status)) {
      throw invalidTransition(
        `An order that is ${orderStatusLabel(order.status)} cannot be refunded.`,
      );
    }
    const line = locked.lines.find((candidate) => candidate.id === input.lineId);
    if (!line) throw badInput('That line is not part of this order.', 'lineId');
    const left = line.quantity - line.refunded_quantity;
    if (input.quantity > left) {
      throw badInput(
        left === 0
          ? 'This line has been refunded in full already.'
          : `Only ${left} of this line can still be refunded.`,
        'quantity',
      );
    }
    const plan = planRefund(locked.money, locked.state, line.unit_price_cents * input.quantity);
    const given = await giveBack(db, ctx, locked, plan, reason);
    await db
      .update(orderLines)
      .set({ refunded_quantity: sql`${orderLines.refunded_quantity} + ${input.quantity}` })
      .where(eq(orderLines.id, line.id));
    const status = statusAfterRefund(
      order.status,
      locked.lines.map((candidate) => ({
        quantity: candidate.quantity,
        refundedQuantity:
          candidate.refunded_quantity + (candidate.id === line.id ? input.quantity : 0),
      })),
    );
    await db
      .update(orders)
      .set({ status, ...refundedColumns(locked, plan.next) })
      .where(eq(orders.id, order.id));
    const units = `${input.quantity} × ${line.product_name}`;
    const what = given
      ? `${given} for ${units}`
      : `Refunded ${units} (${formatCents(plan.refund)})`;
    await db.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: status,
      actor_user_id: viewer.id,
      note: reason ? `${what}: ${reason}` : what,
    });
    // The buyer hears of every refund: in full as the order's new status, in part on its own.
    const emailCtx = { db, config: ctx.config };
    if (status === 'refunded') await queueOrderStatusEmail(emailCtx, order.id);
    else
      await queuePartialRefundEmail(emailCtx, order.id, { what: units, amountCents: plan.refund });
  });
  return reread(ctx, checked.id);
}
