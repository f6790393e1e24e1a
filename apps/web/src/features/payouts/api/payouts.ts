import { graphql } from '../../../lib/graphql';

/**
 * A business's ledger over a date range; an order's `paymentMethod` is "card", or "invoice" when
 * the buyer pays the producer directly, by `invoiceDueOn`.
 */
export const BUSINESS_PAYOUTS = graphql(`
  query BusinessPayouts($slug: String!, $from: String, $to: String) {
    businessPayouts(slug: $slug, from: $from, to: $to) {
      businessId
      businessName
      businessSlug
      grossSalesCents
      commissionCents
      refundsCents
      netCents
      invoicedCents
      invoiceCommissionOwedCents
      orders {
        orderId
        number
        createdAt
        status
        statusLabel
        totalCents
        commissionCents
        refundedCents
        netCents
        payoutStatus
        paymentMethod
        invoiceDueOn
      }
    }
  }
`);
