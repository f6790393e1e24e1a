import { INSIGHT_SLICE_FIELDS, SALES_TOTALS_FIELDS } from '../../../lib/api/insights';
import { graphql, type ResultOf, type VariablesOf } from '../../../lib/graphql';

/** A producer's figures for a range, with the same number of days before it to compare. */
export const BUSINESS_INSIGHTS = graphql(
  `
    query BusinessInsights(
      $slug: String!
      $from: String!
      $to: String!
      $interval: InsightInterval!
    ) {
      businessInsights(slug: $slug, from: $from, to: $to, interval: $interval) {
        range {
          from
          to
          previousFrom
          previousTo
        }
        totals {
          ...SalesTotalsFields
        }
        previousTotals {
          ...SalesTotalsFields
        }
        salesOverTime {
          period
          label
          grossCents
          refundedCents
          netCents
          orders
          previousNetCents
        }
        topProducts {
          productId
          name
          units
          refundedUnits
          revenueCents
        }
        customers {
          newCustomers
          returningCustomers
          newNetCents
          returningNetCents
        }
        fulfillment {
          ...InsightSliceFields
        }
        byState {
          ...InsightSliceFields
        }
        bySource {
          ...InsightSliceFields
        }
        byBuyerKind {
          ...InsightSliceFields
        }
        clubs {
          activeMembers
          joined
          cancelled
          involuntaryChurn
          churnRate
          recoveredPayments
          recoveredCents
          averageTenureDays
        }
        events {
          eventId
          name
          startsAt
          sold
          capacity
          sellThrough
          revenueCents
        }
        campaigns {
          campaignId
          subject
          sentAt
          recipients
          clicks
          orders
          revenueCents
        }
      }
    }
  `,
  [SALES_TOTALS_FIELDS, INSIGHT_SLICE_FIELDS],
);

export type BusinessInsights = ResultOf<typeof BUSINESS_INSIGHTS>['businessInsights'];
export type BusinessInsightsVariables = VariablesOf<typeof BUSINESS_INSIGHTS>;
export type SalesTotals = BusinessInsights['totals'];
export type SalesPoint = BusinessInsights['salesOverTime'][number];
export type ProductFigure = BusinessInsights['topProducts'][number];
export type CustomerMix = BusinessInsights['customers'];
export type ClubInsights = BusinessInsights['clubs'];
export type EventSellThrough = BusinessInsights['events'][number];
export type CampaignRevenue = BusinessInsights['campaigns'][number];
