import type { BusinessInsights, SalesTotals } from './api/insights';

const totals = (overrides: Partial<SalesTotals> = {}): SalesTotals => ({
  grossCents: 0,
  refundedCents: 0,
  netCents: 0,
  commissionCents: 0,
  orders: 0,
  averageOrderCents: 0,
  cancelledOrders: 0,
  cancelledCents: 0,
  ...overrides,
});

/** A producer's month as the API answers it, for component tests. */
export function sampleInsights(overrides: Partial<BusinessInsights> = {}): BusinessInsights {
  return {
    range: {
      from: '2026-10-29',
      to: '2026-11-27',
      previousFrom: '2026-09-29',
      previousTo: '2026-10-28',
    },
    totals: totals({
      grossCents: 1_250_000,
      refundedCents: 50_000,
      netCents: 1_200_000,
      commissionCents: 100_000,
      orders: 48,
      averageOrderCents: 25_000,
    }),
    previousTotals: totals({
      grossCents: 1_000_000,
      refundedCents: 100_000,
      netCents: 900_000,
      orders: 40,
      averageOrderCents: 22_500,
    }),
    salesOverTime: [
      {
        period: '2026-11-26',
        label: 'Nov 26',
        grossCents: 40_000,
        refundedCents: 0,
        netCents: 40_000,
        orders: 2,
        previousNetCents: 10_000,
      },
      {
        period: '2026-11-27',
        label: 'Nov 27',
        grossCents: 65_000,
        refundedCents: 5_000,
        netCents: 60_000,
        orders: 3,
        previousNetCents: 0,
      },
    ],
    topProducts: [
      {
        productId: 7,
        name: 'Estate Pinot Noir',
        units: 30,
        refundedUnits: 1,
        revenueCents: 900_000,
      },
      {
        productId: 8,
        name: '=Riesling, "dry"',
        units: 12,
        refundedUnits: 0,
        revenueCents: 300_000,
      },
    ],
    customers: {
      newCustomers: 20,
      returningCustomers: 8,
      newNetCents: 700_000,
      returningNetCents: 500_000,
    },
    fulfillment: [
      { key: 'pickup', label: 'Pickup', orders: 10, grossCents: 250_000, netCents: 240_000 },
      { key: 'delivery', label: 'Delivery', orders: 0, grossCents: 0, netCents: 0 },
      { key: 'shipping', label: 'Shipping', orders: 38, grossCents: 1_000_000, netCents: 960_000 },
    ],
    byState: [
      { key: 'OR', label: 'Oregon', orders: 30, grossCents: 800_000, netCents: 780_000 },
      { key: 'WA', label: 'Washington', orders: 18, grossCents: 450_000, netCents: 420_000 },
    ],
    bySource: [
      { key: '', label: 'Direct', orders: 48, grossCents: 1_250_000, netCents: 1_200_000 },
    ],
    byBuyerKind: [
      { key: 'retail', label: 'Retail', orders: 40, grossCents: 1_000_000, netCents: 960_000 },
      { key: 'wholesale', label: 'Wholesale', orders: 8, grossCents: 250_000, netCents: 240_000 },
    ],
    clubs: {
      activeMembers: 120,
      joined: 9,
      cancelled: 3,
      involuntaryChurn: 1,
      churnRate: 0.0345,
      recoveredPayments: 2,
      recoveredCents: 18_000,
      averageTenureDays: 400.4,
    },
    events: [
      {
        eventId: 1,
        name: 'Harvest dinner',
        startsAt: '2026-11-14T01:00:00.000Z',
        sold: 45,
        capacity: 60,
        sellThrough: 0.75,
        revenueCents: 450_000,
      },
      {
        eventId: 2,
        name: 'Open cellar',
        startsAt: '2026-11-20T18:00:00.000Z',
        sold: 80,
        capacity: null,
        sellThrough: null,
        revenueCents: 0,
      },
    ],
    campaigns: [],
    ...overrides,
  };
}

export const emptyTotals = totals;
