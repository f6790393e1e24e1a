import { INSIGHT_INTERVALS } from '@bevy/core';
import { builder } from '../../graphql/builder';
import { businessInsights } from './business-insights.service';
import { marketplaceInsights } from './marketplace-insights.service';
import {
  INSIGHT_LIMITS,
  type BusinessInsights,
  type CampaignRevenue,
  type ClubInsights,
  type CustomerMix,
  type EventSellThrough,
  type InsightSlice,
  type MarketplaceInsights,
  type MarketplacePoint,
  type ProductFigure,
  type RangeView,
  type SalesPoint,
  type SalesTotals,
} from './insights.types';

/** Sales figures over a range of UTC days, for a producer and for the marketplace (decision 026). */

const InsightIntervalType = builder.enumType('InsightInterval', {
  description: 'DAY, WEEK (starting on Monday) or MONTH (the calendar month).',
  values: INSIGHT_INTERVALS,
});

const RangeType = builder.objectRef<RangeView>('InsightsRange');
RangeType.implement({
  description: 'The days asked for and the previous period: as many days, ending the day before.',
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    previousFrom: t.exposeString('previousFrom'),
    previousTo: t.exposeString('previousTo'),
  }),
});

const SalesTotalsType = builder.objectRef<SalesTotals>('SalesTotals');
SalesTotalsType.implement({
  description:
    'Counted orders are all but cancelled, unpaid and failed ones; refunded orders stay in gross. Cents.',
  fields: (t) => ({
    grossCents: t.exposeFloat('grossCents', { description: 'Totals of the counted orders.' }),
    refundedCents: t.exposeFloat('refundedCents', { description: 'Refunds on those orders.' }),
    netCents: t.exposeFloat('netCents', { description: 'Gross − refunded.' }),
    commissionCents: t.exposeFloat('commissionCents', {
      description: 'The marketplace’s commission on them, less reversals (invoice orders: owed).',
    }),
    orders: t.exposeInt('orders'),
    averageOrderCents: t.exposeFloat('averageOrderCents', {
      description: 'Net / orders; 0 when there are none.',
    }),
    cancelledOrders: t.exposeInt('cancelledOrders', { description: 'Not in gross.' }),
    cancelledCents: t.exposeFloat('cancelledCents'),
  }),
});

const SalesPointType = builder.objectRef<SalesPoint>('SalesPoint');
SalesPointType.implement({
  fields: (t) => ({
    period: t.exposeString('period', { description: 'First day of the bucket, YYYY-MM-DD.' }),
    label: t.exposeString('label', { description: '"Nov 27", "Week of Nov 23", "Nov 2026".' }),
    grossCents: t.exposeFloat('grossCents'),
    refundedCents: t.exposeFloat('refundedCents'),
    netCents: t.exposeFloat('netCents'),
    orders: t.exposeInt('orders'),
    previousNetCents: t.exposeFloat('previousNetCents', {
      description: 'Net of the same days in the previous period (each day shifted by its length).',
    }),
  }),
});

const MarketplacePointType = builder.objectRef<MarketplacePoint>('MarketplacePoint');
MarketplacePointType.implement({
  fields: (t) => ({
    period: t.exposeString('period'),
    label: t.exposeString('label'),
    grossCents: t.exposeFloat('grossCents'),
    refundedCents: t.exposeFloat('refundedCents'),
    commissionCents: t.exposeFloat('commissionCents'),
    wholesaleCents: t.exposeFloat('wholesaleCents', { description: 'Gross of wholesale orders.' }),
    orders: t.exposeInt('orders'),
    previousGrossCents: t.exposeFloat('previousGrossCents'),
  }),
});

const InsightSliceType = builder.objectRef<InsightSlice>('InsightSlice');
InsightSliceType.implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    orders: t.exposeInt('orders'),
    grossCents: t.exposeFloat('grossCents'),
    netCents: t.exposeFloat('netCents'),
  }),
});

const ProductFigureType = builder.objectRef<ProductFigure>('ProductFigure');
ProductFigureType.implement({
  fields: (t) => ({
    productId: t.exposeInt('productId', {
      nullable: true,
      description: 'Null once the product was deleted.',
    }),
    name: t.exposeString('name'),
    units: t.exposeInt('units', { description: 'Units sold in counted orders.' }),
    refundedUnits: t.exposeInt('refundedUnits'),
    revenueCents: t.exposeFloat('revenueCents', {
      description: 'Unit price × units kept (sold − refunded), before tax and fees.',
    }),
  }),
});

const CustomerMixType = builder.objectRef<CustomerMix>('CustomerMix');
CustomerMixType.implement({
  fields: (t) => ({
    newCustomers: t.exposeInt('newCustomers', {
      description: 'Buyers whose first counted order at this producer is in the range.',
    }),
    returningCustomers: t.exposeInt('returningCustomers', {
      description: 'Buyers with a counted order in the range and one before it.',
    }),
    newNetCents: t.exposeFloat('newNetCents'),
    returningNetCents: t.exposeFloat('returningNetCents'),
  }),
});

const ClubInsightsType = builder.objectRef<ClubInsights>('ClubInsights');
ClubInsightsType.implement({
  description: 'The producer’s clubs over the range; zeros when it has none.',
  fields: (t) => ({
    activeMembers: t.exposeInt('activeMembers', { description: 'At the end of the range.' }),
    joined: t.exposeInt('joined'),
    cancelled: t.exposeInt('cancelled', { description: 'Ended by the member or the producer.' }),
    involuntaryChurn: t.exposeInt('involuntaryChurn', {
      description: 'Ended because payment failed.',
    }),
    churnRate: t.exposeFloat('churnRate', {
      description: '(cancelled + involuntary) / members active at the start of the range, 0..1.',
    }),
    recoveredPayments: t.exposeInt('recoveredPayments', {
      description: 'Failed club charges later paid in the range.',
    }),
    recoveredCents: t.exposeFloat('recoveredCents'),
    averageTenureDays: t.exposeFloat('averageTenureDays', {
      description: 'Of the members active at the end of the range.',
    }),
  }),
});

const EventSellThroughType = builder.objectRef<EventSellThrough>('EventSellThrough');
EventSellThroughType.implement({
  fields: (t) => ({
    eventId: t.exposeInt('eventId'),
    name: t.exposeString('name'),
    startsAt: t.string({ description: 'ISO 8601', resolve: (e) => e.startsAt.toISOString() }),
    sold: t.exposeInt('sold'),
    capacity: t.exposeInt('capacity', { nullable: true, description: 'Null when unlimited.' }),
    sellThrough: t.exposeFloat('sellThrough', {
      nullable: true,
      description: 'Sold / capacity; null when unlimited.',
    }),
    revenueCents: t.exposeFloat('revenueCents'),
  }),
});

const CampaignRevenueType = builder.objectRef<CampaignRevenue>('CampaignRevenue');
CampaignRevenueType.implement({
  fields: (t) => ({
    campaignId: t.exposeInt('campaignId'),
    subject: t.exposeString('subject'),
    sentAt: t.string({ nullable: true, resolve: (c) => c.sentAt?.toISOString() ?? null }),
    recipients: t.exposeInt('recipients'),
    clicks: t.exposeInt('clicks'),
    orders: t.exposeInt('orders'),
    revenueCents: t.exposeFloat('revenueCents', {
      description: 'As the campaign report counts it: orders within 7 days of a click.',
    }),
  }),
});

const sliceLimit = { maxItems: INSIGHT_LIMITS.slices };

const BusinessInsightsType = builder.objectRef<BusinessInsights>('BusinessInsights');
BusinessInsightsType.implement({
  fields: (t) => ({
    range: t.expose('range', { type: RangeType }),
    totals: t.expose('totals', { type: SalesTotalsType }),
    previousTotals: t.expose('previousTotals', { type: SalesTotalsType }),
    salesOverTime: t.expose('salesOverTime', {
      type: [SalesPointType],
      description: 'Every bucket of the range, zeros included.',
      extensions: { maxItems: INSIGHT_LIMITS.buckets },
    }),
    topProducts: t.expose('topProducts', {
      type: [ProductFigureType],
      description: 'The ten with the most revenue.',
      extensions: { maxItems: INSIGHT_LIMITS.topProducts },
    }),
    customers: t.expose('customers', { type: CustomerMixType }),
    fulfillment: t.expose('fulfillment', {
      type: [InsightSliceType],
      extensions: sliceLimit,
      description: 'pickup, delivery, shipping.',
    }),
    byState: t.expose('byState', {
      type: [InsightSliceType],
      extensions: sliceLimit,
      description: 'Delivery or shipping state, else billing state; most net first.',
    }),
    bySource: t.expose('bySource', {
      type: [InsightSliceType],
      extensions: sliceLimit,
      description: 'Key "" is Direct; most net first.',
    }),
    byBuyerKind: t.expose('byBuyerKind', {
      type: [InsightSliceType],
      extensions: sliceLimit,
      description: 'retail, wholesale.',
    }),
    clubs: t.expose('clubs', { type: ClubInsightsType }),
    events: t.expose('events', {
      type: [EventSellThroughType],
      description: 'Events starting in the range, soonest first.',
      extensions: { maxItems: INSIGHT_LIMITS.events },
    }),
    campaigns: t.expose('campaigns', {
      type: [CampaignRevenueType],
      description: 'Campaigns sent in the range, newest first.',
      extensions: { maxItems: INSIGHT_LIMITS.campaigns },
    }),
  }),
});

const MarketplaceInsightsType = builder.objectRef<MarketplaceInsights>('MarketplaceInsights');
MarketplaceInsightsType.implement({
  fields: (t) => ({
    range: t.expose('range', { type: RangeType }),
    totals: t.expose('totals', { type: SalesTotalsType }),
    previousTotals: t.expose('previousTotals', { type: SalesTotalsType }),
    activeProducers: t.exposeInt('activeProducers', {
      description: 'Producers with a counted order in the range.',
    }),
    activeBuyers: t.exposeInt('activeBuyers', {
      description: 'Distinct buyers with a counted order in the range.',
    }),
    wholesaleShare: t.exposeFloat('wholesaleShare', { description: 'Wholesale gross / gross.' }),
    salesOverTime: t.expose('salesOverTime', {
      type: [MarketplacePointType],
      extensions: { maxItems: INSIGHT_LIMITS.buckets },
    }),
    byState: t.expose('byState', { type: [InsightSliceType], extensions: sliceLimit }),
    byBeverageType: t.expose('byBeverageType', {
      type: [InsightSliceType],
      extensions: sliceLimit,
      description:
        'From the product sums: orders = units sold; gross and net = product revenue kept.',
    }),
    byBuyerKind: t.expose('byBuyerKind', { type: [InsightSliceType], extensions: sliceLimit }),
  }),
});

const rangeArgs = (t: Parameters<Parameters<typeof builder.queryFields>[0]>[0]) => ({
  from: t.arg.string({ required: true, description: 'YYYY-MM-DD (UTC), inclusive.' }),
  to: t.arg.string({ required: true, description: 'YYYY-MM-DD (UTC), inclusive; ≤ 731 days.' }),
  interval: t.arg({ type: InsightIntervalType, required: true }),
});

builder.queryFields((t) => ({
  businessInsights: t.field({
    type: BusinessInsightsType,
    description:
      'A producer’s sales, customers, clubs, events and campaigns over a range, always current. ' +
      'For its people and admins: FORBIDDEN for others, NOT_FOUND for an unknown slug, ' +
      'BAD_USER_INPUT for a bad range.',
    args: { slug: t.arg.string({ required: true }), ...rangeArgs(t) },
    resolve: (_root, args, ctx) => businessInsights(ctx, args),
  }),
  marketplaceInsights: t.field({
    type: MarketplaceInsightsType,
    description: 'The whole marketplace’s sales over a range. Admins only.',
    args: rangeArgs(t),
    resolve: (_root, args, ctx) => marketplaceInsights(ctx, args),
  }),
}));
