import { and, eq } from 'drizzle-orm';
import { orders } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, DomainError, forbidden } from '../../platform/domain-error';
import { managesBusiness, requireViewer } from '../../platform/access';
import type { OrderEmailContext } from './order-emails';
import { noSuchOrder } from './order-reads.service';
import { isVisible, type OrderRow, type OrdersContext } from './order-views';

/**
 * What every change of an order (its workflow, a cancellation, a refund, an invoice marked paid)
 * checks first: who may make it, and the refusals they share.
 */

/** What changing orders needs: refunds go through the payment provider. */
export type OrderChangeContext = OrdersContext &
  Pick<ServiceContext, 'payments' | 'log'> &
  Pick<OrderEmailContext, 'config'>;

const REASON_MAX_LENGTH = 500;

/** An illegal move of an order: nothing was changed. */
export function invalidTransition(message: string): DomainError {
  return new DomainError('INVALID_TRANSITION', message);
}
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
