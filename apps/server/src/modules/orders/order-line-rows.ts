import { asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderLines, products } from '../../db/tables';

/**
 * The lines of these orders, in the order they were sold, each with its product's bottle image
 * as it is now (null without one, or once the product was deleted).
 */
export function orderLineRows(db: Db, orderIds: number[]) {
  return db
    .select({ ...getTableColumns(orderLines), image_url: products.bottle_image_url })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.product_id))
    .where(inArray(orderLines.order_id, orderIds))
    .orderBy(asc(orderLines.id));
}
