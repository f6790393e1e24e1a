import { INSIGHT_SLICE_FIELDS, SALES_TOTALS_FIELDS } from '../../../lib/api/insights';
import { graphql, type ResultOf } from '../../../lib/graphql';

/** The whole marketplace's figures for a range, with the same number of days before it. */
export const MARKETPLACE_INSIGHTS = graphql(
  `
    query MarketplaceInsights($from: String!, $to: String!, $interval: InsightInterval!) {
      marketplaceInsights(from: $from, to: $to, interval: $interval) {
        range {
          from
          to
        }
        totals {
          ...SalesTotalsFields
        }
        previousTotals {
          ...SalesTotalsFields
        }
        activeProducers
        activeBuyers
        wholesaleShare
        salesOverTime {
          period
          label
          grossCents
          refundedCents
          commissionCents
          wholesaleCents
          orders
          previousGrossCents
        }
        byState {
          ...InsightSliceFields
        }
        byBeverageType {
          ...InsightSliceFields
        }
        byBuyerKind {
          ...InsightSliceFields
        }
      }
    }
  `,
  [SALES_TOTALS_FIELDS, INSIGHT_SLICE_FIELDS],
);

export type MarketplaceInsights = ResultOf<typeof MARKETPLACE_INSIGHTS>['marketplaceInsights'];
export type MarketplacePoint = MarketplaceInsights['salesOverTime'][number];
