import {
  and,
  asc,
  eq,
  inArray,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { orderLines, products } from '../../db/tables';
import { CheckoutRefused } from './checkout-answer';
import { refusalOf, soldOutMessage, type PricedLine } from './checkout-pricing';

/**
 * The stock a checkout holds, and its undo: the hold is taken in the transaction that creates
 * the orders, and given back when their payment fails (or never comes). Both lock products in
 * product order, so that two checkouts that share products never wait on each other in a circle.
 */

/** The lines that count stock, one per product, in product order: the order locks are taken in. */
export function countedLines(lines: readonly PricedLine[]): PricedLine[] {
  const counted = lines
    .filter((line) => line.product.stock_count !== null)
    .sort((a, b) => a.product.id - b.product.id);
  if (counted.some((line, at) => at > 0 && counted[at - 1]!.product.id === line.product.id)) {
    throw new Error('Stock is held for one line per product.');
  }
  return counted;
}

/** What the lines that count stock want, as the JSON array that `stockHoldOf` reads. */
export function stockWanted(lines: readonly PricedLine[]): string {
  return JSON.stringify(
    countedLines(lines).map((line) => ({ id: line.product.id, quantity: line.quantity })),
  );
}

/**
 * The statement that takes the stock `wanted` (stockWanted's JSON), returning the products it
 * took from: only if there is enough of each, and only if `onlyIf` holds (checked before any
 * lock). The products are locked in product order first, with the lock the update itself takes
 * (no key update): a plain "for update" would also wait on the key-share locks that inserting
 * order lines takes on their products, and a club run, which places its orders before holding,
 * then deadlocked with another run of the same release. The products are found by an array
 * for the reason given at producer-payouts' sentPayoutsStatement.
 */
export function stockHoldOf(wanted: SQLWrapper | Placeholder, onlyIf: SQL = sql`true`): SQL {
  return sql`update ${products} set stock_count = ${products.stock_count} - wanted.quantity
    from (select ${products.id} as id from ${products}
        where ${products.id} = any(array(select id
            from json_to_recordset(${wanted}::json) as w(id int)))
          and ${onlyIf}
        order by ${products.id} for no key update) as locked,
      json_to_recordset(${wanted}::json) as wanted(id int, quantity int)
    where ${products.id} = locked.id and ${products.id} = wanted.id
      and ${products.status} = 'published' and ${products.stock_count} >= wanted.quantity
    returning ${products.id} as id`;
}

/** `stockHoldOf` the lines' stock; null when none of them counts stock. */
function stockHold(lines: readonly PricedLine[]): SQL | null {
  if (countedLines(lines).length === 0) return null;
  return stockHoldOf(sql`${stockWanted(lines)}`);
}

/**
 * What a stock hold took (stockHold's rows), or the refusal of the whole cart (CheckoutRefused)
 * when a line's stock ran out meanwhile, or its product is no longer sold: the caller's rollback
 * then holds nothing. Returns the products held.
 */
export async function checkStockHeld(
  db: Db,
  lines: readonly PricedLine[],
  taken: readonly { id: number }[],
): Promise<Set<number>> {
  const held = new Set(taken.map((row) => row.id));
  const missed = countedLines(lines).filter((line) => !held.has(line.product.id));
  if (missed.length === 0) return held;
  const current = new Map(
    (
      await db
        .select({ id: products.id, status: products.status, stock: products.stock_count })
        .from(products)
        .where(
          inArray(
            products.id,
            missed.map((line) => line.product.id),
          ),
        )
    ).map((row) => [row.id, row]),
  );
  for (const line of missed) {
    const now = current.get(line.product.id);
    // The seller stopped counting stock meanwhile: nothing to hold.
    if (now?.status === 'published' && now.stock === null) continue;
    throw new CheckoutRefused(
      refusalOf([
        now?.status === 'published'
          ? {
              code: 'SOLD_OUT',
              field: `lines.${line.index}.quantity`,
              message: soldOutMessage(line.product.name, now.stock ?? 0),
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
 * Holds the stock of every line that counts stock (one line per product), in one statement in
 * the caller's transaction; returns the products held. A line whose stock ran out meanwhile, or
 * whose product is no longer sold, refuses the whole cart (CheckoutRefused), and the rollback
 * holds nothing.
 */
export async function holdStock(db: Db, lines: readonly PricedLine[]): Promise<Set<number>> {
  const hold = stockHold(lines);
  return checkStockHeld(db, lines, hold ? rowsOf<{ id: number }>(await db.execute(hold)) : []);
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
