import { gql } from 'urql';

/** An address as an order keeps it. */
export interface OrderAddress {
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface OrderLine {
  id: number;
  productId: number | null;
  productName: string;
  /** The product's bottle image now; null without one or once the product was deleted. */
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  refundedQuantity: number;
  lineTotalCents: number;
}

export interface OrderEvent {
  fromStatus: string | null;
  toStatus: string;
  toStatusLabel: string;
  note: string | null;
  createdAt: string;
}

/** What a row of an order list shows. */
export interface OrderSummary {
  id: number;
  number: string;
  status: string;
  statusLabel: string;
  createdAt: string;
  businessId: number;
  businessName: string;
  businessSlug: string;
  contactName: string;
  fulfillmentMode: string;
  totalCents: number;
  refundedCents: number;
}

/** A buyer's order in their list, with what "Order again" needs. */
export interface MyOrder extends OrderSummary {
  lines: Pick<OrderLine, 'id' | 'productId' | 'productName' | 'quantity'>[];
}

export interface Order extends OrderSummary {
  buyerKind: string;
  contactEmail: string;
  contactPhone: string;
  /** The licensed business a wholesale buyer bought for; null for retail orders. */
  buyingBusiness: string | null;
  fulfillmentAddress: OrderAddress | null;
  pickupHours: string | null;
  trackingNumber: string | null;
  billingAddress: OrderAddress;
  subtotalCents: number;
  taxAndFeesCents: number;
  /** The delivery or shipping fee (in the total; untaxed). */
  fulfillmentFeeCents: number;
  /** The tax + fees rate in percent when the order was placed, e.g. "8.8750". */
  taxRate: string;
  /** "card", or "invoice": the buyer pays the producer directly by `invoiceDueOn` (YYYY-MM-DD). */
  paymentMethod: string;
  invoiceTermsDays: number | null;
  invoiceDueOn: string | null;
  /** When the producer marked the invoice paid (ISO 8601); null until then. */
  invoicePaidAt: string | null;
  /** The viewer is a seller and the invoice is still owed. */
  canMarkInvoicePaid: boolean;
  /**
   * Null unless the viewer works at the order's business (or is an admin); for an invoice order,
   * the commission the producer owes.
   */
  commissionCents: number | null;
  payoutCents: number | null;
  payoutStatus: string | null;
  viewerIsSeller: boolean;
  /** The statuses the viewer may move the order to now, cancellation aside. */
  nextStatuses: string[];
  canCancel: boolean;
  /** The viewer is the buyer and may still cancel (the producer has not accepted). */
  buyerCanCancel: boolean;
  lines: OrderLine[];
  events: OrderEvent[];
}

export interface OrderPage<Row> {
  total: number;
  orders: Row[];
}

const ORDER_SUMMARY_FIELDS = gql`
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
  }
`;

const ADDRESS_FIELDS = gql`
  fragment OrderAddressFields on OrderAddress {
    name
    line1
    line2
    city
    state
    zip
  }
`;

const ORDER_FIELDS = gql`
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
  ${ORDER_SUMMARY_FIELDS}
  ${ADDRESS_FIELDS}
`;

export const BUSINESS_ORDERS = gql`
  query BusinessOrders(
    $status: String
    $businessId: Int
    $search: String
    $limit: Int
    $offset: Int
  ) {
    businessOrders(
      status: $status
      businessId: $businessId
      search: $search
      limit: $limit
      offset: $offset
    ) {
      total
      orders {
        ...OrderSummaryFields
      }
    }
  }
  ${ORDER_SUMMARY_FIELDS}
`;

export interface BusinessOrdersData {
  businessOrders: OrderPage<OrderSummary>;
}

export const MY_ORDERS = gql`
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
  ${ORDER_SUMMARY_FIELDS}
`;

export interface MyOrdersData {
  myOrders: OrderPage<MyOrder>;
}

export const ORDER = gql`
  query Order($id: Int!) {
    order(id: $id) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export interface OrderData {
  order: Order | null;
}

export const ADVANCE_ORDER = gql`
  mutation AdvanceOrder($id: Int!, $to: String!, $trackingNumber: String) {
    advanceOrder(id: $id, to: $to, trackingNumber: $trackingNumber) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export const CANCEL_ORDER = gql`
  mutation CancelOrder($id: Int!, $reason: String) {
    cancelOrder(id: $id, reason: $reason) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export const CANCEL_MY_ORDER = gql`
  mutation CancelMyOrder($id: Int!, $reason: String) {
    cancelMyOrder(id: $id, reason: $reason) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export const MARK_INVOICE_PAID = gql`
  mutation MarkInvoicePaid($id: Int!) {
    markInvoicePaid(id: $id) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export const REFUND_ORDER_LINE = gql`
  mutation RefundOrderLine($orderId: Int!, $lineId: Int!, $quantity: Int!, $reason: String) {
    refundOrderLine(orderId: $orderId, lineId: $lineId, quantity: $quantity, reason: $reason) {
      ...OrderFields
    }
  }
  ${ORDER_FIELDS}
`;
