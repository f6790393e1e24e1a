import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder';
import '../modules/tags/tags.schema';
import '../modules/businesses/businesses.schema';
import '../modules/accounts/accounts.schema';
import '../modules/businesses/business-stats.schema';
import '../modules/tags/tags.admin.schema';
import '../modules/banners/banners.schema';
import '../modules/wholesale/wholesale.schema';
import '../modules/admin/admin.schema';
import '../modules/products/products.schema';
import '../modules/orders/orders.schema';
import '../modules/orders/order-management.schema';
import '../modules/cart/cart.schema';

export const schema: GraphQLSchema = builder.toSchema();

/** The SDL committed as apps/server/schema.graphql. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
