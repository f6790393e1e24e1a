import { and, eq, isNull, notInArray } from 'drizzle-orm';
import { orderEvents, orders } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import { invalidTransition, orderForSeller, type OrderChangeContext } from './order-change-rules';
import { reread } from './order-reads.service';
import type { OrderView } from './order-views';

/**
 * Invoice orders are paid to the producer directly, outside the marketplace; the producer
 * records when the money came, so that they and the buyer can see what is still owed.
 */

/** An invoice still owed: on an invoice order that is neither cancelled, refunded nor paid. */
export function invoiceOpen(
  order: Pick<OrderView, 'paymentMethod' | 'status' | 'invoicePaidAt'>,
): boolean {
  return (
    order.paymentMethod === 'invoice' &&
    order.invoicePaidAt === null &&
    order.status !== 'cancelled' &&
    order.status !== 'refunded'
  );
}

/** Why the invoice of `order` cannot be marked paid, or null when it can. */
function markPaidProblem(order: typeof orders.$inferSelect): string | null {
  if (order.payment_method !== 'invoice') return 'Only an invoice order can be marked paid.';
  if (order.invoice_paid_at) return 'This invoice is marked paid already.';
  if (order.status === 'cancelled' || order.status === 'refunded') {
    return 'Nothing is owed on a cancelled or refunded order.';
  }
  return null;
}

/** The producer records that the buyer paid the invoice; the order's history says who and when. */
export async function markInvoicePaid(
  ctx: OrderChangeContext,
  input: { id: number },
): Promise<OrderView> {
  const viewer = requireViewer(ctx);
  const order = await orderForSeller(ctx, input.id);
  const problem = markPaidProblem(order);
  if (problem) throw invalidTransition(problem);
  await ctx.db.transaction(async (tx) => {
    // Conditional, so that of two clicks at once only one records it.
    const marked = await tx
      .update(orders)
      .set({ invoice_paid_at: new Date(), updated_at: new Date() })
      .where(
        and(
          eq(orders.id, order.id),
          isNull(orders.invoice_paid_at),
          // Cancelled meanwhile (by the buyer, say): nothing is owed any more.
          notInArray(orders.status, ['cancelled', 'refunded']),
        ),
      )
      .returning({ id: orders.id });
    if (marked.length === 0) {
      const [now] = await tx.select().from(orders).where(eq(orders.id, order.id));
      throw invalidTransition(
        (now && markPaidProblem(now)) ?? 'The order changed meanwhile. Reload it and try again.',
      );
    }
    await tx.insert(orderEvents).values({
      order_id: order.id,
      from_status: order.status,
      to_status: order.status,
      actor_user_id: viewer.id,
      note: 'Invoice marked paid',
    });
  });
  return reread(ctx, order.id);
}
