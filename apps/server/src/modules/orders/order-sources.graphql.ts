import { orderSourceLabel, type OrderSource } from '@bevy/core';
import { builder } from '../../graphql/builder';
import {
  salesBySource,
  SALES_BY_SOURCE_DEFAULT_DAYS,
  SALES_BY_SOURCE_MAX_ROWS,
  type SourceSales,
} from './order-sources.service';

/** Where orders came from: the field on Order, and the producer's summary by source. */

export const OrderSourceType = builder.objectRef<OrderSource>('OrderSource');
OrderSourceType.implement({
  description: 'The channel a buyer came by, as its labels were recorded at checkout.',
  fields: (t) => ({
    source: t.exposeString('source', { description: 'e.g. "facebook", "email", "example.com".' }),
    medium: t.exposeString('medium', { nullable: true, description: 'e.g. "social", "referral".' }),
    campaign: t.exposeString('campaign', { nullable: true }),
    label: t.string({
      description: 'For people: "facebook (social)".',
      resolve: (source) => orderSourceLabel(source),
    }),
  }),
});

const SourceSalesType = builder.objectRef<SourceSales>('SourceSales');
SourceSalesType.implement({
  description: 'A producer’s retail orders from one source.',
  fields: (t) => ({
    source: t.exposeString('source', {
      nullable: true,
      description: 'Null for orders with no known source (direct, or before attribution).',
    }),
    orderCount: t.exposeInt('orderCount'),
    salesCents: t.exposeInt('salesCents', {
      description: 'What the buyers paid, less refunds.',
    }),
  }),
});

builder.queryFields((t) => ({
  salesBySource: t.field({
    type: [SourceSalesType],
    description:
      `The business’s retail orders (not cancelled or refunded) of the last \`days\` days ` +
      `(default ${SALES_BY_SOURCE_DEFAULT_DAYS}) by source, biggest sales first, at most ` +
      `${SALES_BY_SOURCE_MAX_ROWS}. For people who work at the business and admins; FORBIDDEN ` +
      'for anyone else, BAD_USER_INPUT for days outside 1–366.',
    args: {
      businessId: t.arg.int({ required: true }),
      days: t.arg.int(),
    },
    extensions: { maxItems: SALES_BY_SOURCE_MAX_ROWS },
    resolve: (_root, args, ctx) => salesBySource(ctx, args),
  }),
}));
