import { graphql } from '../graphql';

/** The figures of a period, shared by the producer's and the marketplace's insights. */
export const SALES_TOTALS_FIELDS = graphql(`
  fragment SalesTotalsFields on SalesTotals {
    grossCents
    refundedCents
    netCents
    commissionCents
    orders
    averageOrderCents
    cancelledOrders
    cancelledCents
  }
`);

/** One part of the sales (a state, a source, a kind of buyer). */
export const INSIGHT_SLICE_FIELDS = graphql(`
  fragment InsightSliceFields on InsightSlice {
    key
    label
    orders
    grossCents
    netCents
  }
`);
