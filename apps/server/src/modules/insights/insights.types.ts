import type { Cents } from '@bevy/core';

/** What the insights services answer; the GraphQL types expose these one to one. */

export interface RangeView {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
}

export interface SalesTotals {
  grossCents: Cents;
  refundedCents: Cents;
  netCents: Cents;
  commissionCents: Cents;
  orders: number;
  averageOrderCents: number;
  cancelledOrders: number;
  cancelledCents: Cents;
}

export interface SalesPoint {
  period: string;
  label: string;
  grossCents: Cents;
  refundedCents: Cents;
  netCents: Cents;
  orders: number;
  previousNetCents: Cents;
}

export interface MarketplacePoint {
  period: string;
  label: string;
  grossCents: Cents;
  refundedCents: Cents;
  commissionCents: Cents;
  wholesaleCents: Cents;
  orders: number;
  previousGrossCents: Cents;
}

export interface InsightSlice {
  key: string;
  label: string;
  orders: number;
  grossCents: Cents;
  netCents: Cents;
}

export interface ProductFigure {
  productId: number | null;
  name: string;
  units: number;
  refundedUnits: number;
  revenueCents: Cents;
}

export interface CustomerMix {
  newCustomers: number;
  returningCustomers: number;
  newNetCents: Cents;
  returningNetCents: Cents;
}

export interface ClubInsights {
  activeMembers: number;
  joined: number;
  cancelled: number;
  involuntaryChurn: number;
  churnRate: number;
  recoveredPayments: number;
  recoveredCents: Cents;
  averageTenureDays: number;
}

export interface EventSellThrough {
  eventId: number;
  name: string;
  startsAt: Date;
  sold: number;
  capacity: number | null;
  sellThrough: number | null;
  revenueCents: Cents;
}

export interface CampaignRevenue {
  campaignId: number;
  subject: string;
  sentAt: Date | null;
  recipients: number;
  clicks: number;
  orders: number;
  revenueCents: Cents;
}

export interface BusinessInsights {
  range: RangeView;
  totals: SalesTotals;
  previousTotals: SalesTotals;
  salesOverTime: SalesPoint[];
  topProducts: ProductFigure[];
  customers: CustomerMix;
  fulfillment: InsightSlice[];
  byState: InsightSlice[];
  bySource: InsightSlice[];
  byBuyerKind: InsightSlice[];
  clubs: ClubInsights;
  events: EventSellThrough[];
  campaigns: CampaignRevenue[];
}

export interface MarketplaceInsights {
  range: RangeView;
  totals: SalesTotals;
  previousTotals: SalesTotals;
  activeProducers: number;
  activeBuyers: number;
  wholesaleShare: number;
  salesOverTime: MarketplacePoint[];
  byState: InsightSlice[];
  byBeverageType: InsightSlice[];
  byBuyerKind: InsightSlice[];
}

/** The most rows of each list, so a request's cost is bounded (graphql-limits). */
export const INSIGHT_LIMITS = {
  buckets: 731,
  topProducts: 10,
  slices: 60,
  events: 100,
  campaigns: 100,
} as const;
