import { graphql, type ResultOf } from '../../../lib/graphql';

/** What a row of an order list shows. */
export const ORDER_SUMMARY_FIELDS = graphql(`
  fragment OrderSummaryFields on Order {
    id
    number
    status
    statusLabel
    createdAt
    businessId
    businessName
    businessSlug
    contactName
    fulfillmentMode
    totalCents
    refundedCents
    clubRelease
    source {
      source
      label
    }
  }
`);

/** An address as an order keeps it. */
export const ORDER_ADDRESS_FIELDS = graphql(`
  fragment OrderAddressFields on OrderAddress {
    name
    line1
    line2
    city
    state
    zip
  }
`);

/** Everything the order page shows and acts on. */
export const ORDER_FIELDS = graphql(
  `
    fragment OrderFields on Order {
      ...OrderSummaryFields
      buyerKind
      contactEmail
      contactPhone
      buyingBusiness
      fulfillmentAddress {
        ...OrderAddressFields
      }
      pickupHours
      trackingNumber
      billingAddress {
        ...OrderAddressFields
      }
      subtotalCents
      taxAndFeesCents
      fulfillmentFeeCents
      taxRate
      paymentMethod
      invoiceTermsDays
      invoiceDueOn
      invoicePaidAt
      canMarkInvoicePaid
      commissionCents
      payoutCents
      payoutStatus
      viewerIsSeller
      nextStatuses
      canCancel
      buyerCanCancel
      lines {
        id
        productId
        productName
        imageUrl
        unitPriceCents
        quantity
        refundedQuantity
        lineTotalCents
      }
      events {
        fromStatus
        toStatus
        toStatusLabel
        note
        createdAt
      }
    }
  `,
  [ORDER_SUMMARY_FIELDS, ORDER_ADDRESS_FIELDS],
);

export const BUSINESS_ORDERS = graphql(
  `
    query BusinessOrders(
      $status: String
      $businessId: Int
      $search: String
      $source: String
      $limit: Int
      $offset: Int
    ) {
      businessOrders(
        status: $status
        businessId: $businessId
        search: $search
        source: $source
        limit: $limit
        offset: $offset
      ) {
        total
        orders {
          ...OrderSummaryFields
        }
      }
    }
  `,
  [ORDER_SUMMARY_FIELDS],
);

/** A producer's retail orders of the last 90 days by the channel they came by. */
export const SALES_BY_SOURCE = graphql(`
  query SalesBySource($businessId: Int!) {
    salesBySource(businessId: $businessId) {
      source
      orderCount
      salesCents
    }
  }
`);

/** A buyer's orders, with what "Order again" needs. */
export const MY_ORDERS = graphql(
  `
    query MyOrders($limit: Int, $offset: Int) {
      myOrders(limit: $limit, offset: $offset) {
        total
        orders {
          ...OrderSummaryFields
          lines {
            id
            productId
            productName
            quantity
          }
        }
      }
    }
  `,
  [ORDER_SUMMARY_FIELDS],
);

export const ORDER = graphql(
  `
    query Order($id: Int!) {
      order(id: $id) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export const ADVANCE_ORDER = graphql(
  `
    mutation AdvanceOrder($id: Int!, $to: String!, $trackingNumber: String) {
      advanceOrder(id: $id, to: $to, trackingNumber: $trackingNumber) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export const CANCEL_ORDER = graphql(
  `
    mutation CancelOrder($id: Int!, $reason: String) {
      cancelOrder(id: $id, reason: $reason) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export const CANCEL_MY_ORDER = graphql(
  `
    mutation CancelMyOrder($id: Int!, $reason: String) {
      cancelMyOrder(id: $id, reason: $reason) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export const MARK_INVOICE_PAID = graphql(
  `
    mutation MarkInvoicePaid($id: Int!) {
      markInvoicePaid(id: $id) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export const REFUND_ORDER_LINE = graphql(
  `
    mutation RefundOrderLine($orderId: Int!, $lineId: Int!, $quantity: Int!, $reason: String) {
      refundOrderLine(orderId: $orderId, lineId: $lineId, quantity: $quantity, reason: $reason) {
        ...OrderFields
      }
    }
  `,
  [ORDER_FIELDS],
);

export type OrderSummary = ResultOf<typeof ORDER_SUMMARY_FIELDS>;
export type OrderAddress = ResultOf<typeof ORDER_ADDRESS_FIELDS>;
export type Order = ResultOf<typeof ORDER_FIELDS>;
export type OrderLine = Order['lines'][number];
export type MyOrder = ResultOf<typeof MY_ORDERS>['myOrders']['orders'][number];
