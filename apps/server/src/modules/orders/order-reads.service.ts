import { isVisibleOrderStatus, normalizeSourceLabel, VISIBLE_ORDER_STATUSES } from '@bevy/core';
import { and, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../platform/context';
import { badInput, forbidden, notFound } from '../../platform/domain-error';
import { managesBusiness, requireViewer, workplaceIds } from '../../platform/access';
import { containsPattern, type Page } from '../../platform/paging';
import { orders } from '../../db/tables';
import {
  isVisible,
  selectOrders,
  viewsOf,
  type OrderPage,
  type OrdersContext,
  type OrderView,
} from './order-views';

/**
 * Reading orders: the lists sellers and buyers page through, the CSV export, and one order's
 * detail. Each shows only what the viewer may see: a seller the orders of the businesses they
 * work at (an admin all of them), a buyer their own purchases.
 */

const SEARCH_MAX_LENGTH = 200;

export const noSuchOrder = () => notFound('There is no order with that number.');

/** The businesses whose orders the viewer may list: null for an admin (all of them). */
async function sellerScope(ctx: OrdersContext, viewer: Viewer): Promise<Set<number> | null> {
  if (viewer.isAdmin) return null;
  return workplaceIds(ctx, viewer);
}

export interface BusinessOrderFilters {
  status?: string | null;
  businessId?: number | null;
  search?: string | null;
  /** A source label, or "direct" for orders without one. */
  source?: string | null;
}

/** Orders without a recorded source, in the source filter. */
const DIRECT_SOURCE = 'direct';

/** The condition for the source filter; a label no order can carry is refused. */
function sourceCondition(given: string | null | undefined): SQL | undefined {
  if (!given?.trim()) return undefined;
  const label = normalizeSourceLabel(given);
  if (!label) throw badInput('A source is a label of letters, digits, ".", "_" and "-".', 'source');
  return label === DIRECT_SOURCE ? isNull(orders.source) : eq(orders.source, label);
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
  conditions.push(sourceCondition(filters.source));
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
