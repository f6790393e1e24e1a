import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, products } from '../../db/tables';
import { CheckoutRefused } from './checkout-answer';
import { refusalOf, soldOutMessage, type PricedLine } from './checkout-pricing';

/**
 * The stock a checkout holds, and its undo: the hold is taken in the transaction that creates
 * the orders, and given back when their payment fails (or never comes). Both lock products in
 * product order, so that two checkouts that share products never wait on each other in a circle.
 */

/**
 * Holds the stock of every line that counts stock, with conditional updates in the caller's
 * transaction; returns the products held. A line whose stock ran out meanwhile, or whose product
 * is no longer sold, refuses the whole cart (CheckoutRefused), and the rollback holds nothing.
 */
export async function holdStock(db: Db, lines: readonly PricedLine[]): Promise<Set<number>> {
  const held = new Set<number>();
  for (const line of [...lines].sort((a, b) => a.product.id - b.product.id)) {
    if (line.product.stock_count === null) continue;
    const [taken] = await db
      .update(products)
      .set({ stock_count: sql`${products.stock_count} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.product.id),
          eq(products.status, 'published'),
          gte(products.stock_count, line.quantity),
        ),
      )
      .returning({ id: products.id });
    if (taken) {
      held.add(line.product.id);
      continue;
    }
    const [current] = await db
      .select({ status: products.status, stock: products.stock_count })
      .from(products)
      .where(eq(products.id, line.product.id));
    // The seller stopped counting stock meanwhile: nothing to hold.
    if (current?.status === 'published' && current.stock === null) continue;
    throw new CheckoutRefused(
      refusalOf([
        current?.status === 'published'
          ? {
              code: 'SOLD_OUT',
              field: `lines.${line.index}.quantity`,
              message: soldOutMessage(line.product.name, current.stock ?? 0),
            }
          : {
              code: 'BAD_USER_INPUT',
              field: `lines.${line.index}.productId`,
              message: 'This product is no longer sold. Remove it from your cart.',
            },
      ]),
    );
  }
  return held;
}

/**
 * Gives back what the lines of these orders held (those marked `stock_reserved`), in the
 * caller's transaction. Call it once per order, when it leaves 'awaiting_payment' unpaid.
 */
export async function releaseStock(db: Db, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const held = await db
    .select({ productId: orderLines.product_id, quantity: orderLines.quantity })
    .from(orderLines)
    .where(and(inArray(orderLines.order_id, [...orderIds]), eq(orderLines.stock_reserved, true)))
    .orderBy(asc(orderLines.product_id));
  for (const { productId, quantity } of held) {
    if (productId === null) continue;
    await db
      .update(products)
      .set({ stock_count: sql`${products.stock_count} + ${quantity}` })
      .where(and(eq(products.id, productId), sql`${products.stock_count} is not null`));
  }
}
