import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './builder';
import '../modules/tags/tags.graphql';
import '../modules/businesses/businesses.graphql';
import '../modules/accounts/accounts.graphql';
import '../modules/accounts/settings.graphql';
import '../modules/businesses/business-stats.graphql';
import '../modules/tags/tags-admin.graphql';
import '../modules/banners/banners.graphql';
import '../modules/wholesale/wholesale.graphql';
import '../modules/admin/admin.graphql';
import '../modules/products/products.graphql';
import '../modules/checkout/checkout.graphql';
import '../modules/orders/orders.graphql';
import '../modules/payouts/payouts.graphql';
import '../modules/cart/cart.graphql';
import '../modules/jobs/jobs.graphql';
import '../modules/clubs/clubs.graphql';
import '../modules/clubs/memberships.graphql';
import '../modules/events/events.graphql';
import '../modules/events/tickets.graphql';
import '../modules/marketing/marketing.graphql';
import '../modules/marketing/campaigns.graphql';
import '../modules/marketing/invitations.graphql';
import '../modules/clubs/club-admin.graphql';
import '../modules/privacy/requests.graphql';
import '../modules/insights/insights.graphql';
import '../modules/privacy/privacy.graphql';

export const schema: GraphQLSchema = builder.toSchema();

/** The SDL committed as apps/server/schema.graphql. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
