import { graphql } from '../../../lib/graphql';

export const DASHBOARD_BUSINESSES = graphql(`
  query DashboardBusinesses {
    me {
      id
      works_at {
        id
        name
        slug
        productCount
        publishedProductCount
      }
    }
  }
`);

/** This calendar month's figures per business; `month` reads like "2026-11". */
export const MONTH_FIGURES = graphql(`
  query BusinessMonthFigures {
    businessMonthFigures {
      businessId
      businessName
      businessSlug
      month
      ordersCount
      grossSalesCents
      commissionCents
      refundsCents
      netCents
    }
  }
`);
