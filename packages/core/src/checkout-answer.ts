import type { OrderAddress } from './checkout-schemas';
import type { FulfillmentMode } from './fulfillment';
import type { PaymentMethod } from './invoice-terms';
import type { Cents } from './money';
import type { OrderStatus } from './orders';

/**
 * What placing an order answers, stored with the checkout (`checkouts.answer`) so that a repeat
 * of the same request (same buyer, same idempotency key) gets exactly the same answer.
 */

export interface PlacedOrderLineView {
  productId: number;
  productName: string;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
}

export interface PlacedOrderView {
  id: number;
  number: string;
  businessId: number;
  businessName: string;
  businessSlug: string;
  status: OrderStatus;
  fulfillmentMode: FulfillmentMode;
  /** Where the goods go, or for pickup where they are collected (null if the producer has none). */
  fulfillmentAddress: OrderAddress | null;
  subtotalCents: Cents;
  taxAndFeesCents: Cents;
  /**
   * The delivery or shipping fee (decision 014); absent from answers stored before fees, which
   * had none.
   */
  fulfillmentFeeCents?: Cents;
  totalCents: Cents;
  /** 'invoice': the buyer pays the producer directly by the due date; 'card': in the charge. */
  paymentMethod: PaymentMethod;
  invoiceTermsDays: number | null;
  /** YYYY-MM-DD, for invoice orders. */
  invoiceDueOn: string | null;
  lines: PlacedOrderLineView[];
  /** Event tickets bought from this producer; absent from answers stored before tickets. */
  tickets?: PlacedTicketLineView[];
}

export interface PlacedTicketLineView {
  ticketTypeId: number;
  /** "Harvest Dinner: General admission". */
  name: string;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
}

export interface PaidCheckoutView {
  id: string;
  /** The card charge: the totals of the orders paid by card, 0 when every order is on invoice. */
  amountCents: Cents;
  orders: PlacedOrderView[];
}

/** Expected refusals, each with a code the client acts on. */
export type CheckoutErrorCode =
  /** Something in the request must change: a field error. */
  | 'BAD_USER_INPUT'
  /** Not enough stock for a line. */
  | 'SOLD_OUT'
  /** The cart showed other prices or another total than the server's. */
  | 'PRICE_CHANGED'
  /** The card was declined; the cart is kept and nothing was charged. */
  | 'PAYMENT_DECLINED'
  /** The payment service failed; nothing is left placed. */
  | 'PAYMENT_FAILED'
  /** Too many declined payments lately (card testing); nothing was tried. */
  | 'TOO_MANY_DECLINES';

export interface CheckoutRefusal {
  code: CheckoutErrorCode;
  message: string;
  /** The field of the first problem, as in `fromZodError`. */
  field?: string;
  /** Every problem by field path ("lines.0.quantity"), as in `fromZodError`. */
  fields?: Record<string, string>;
  /** The provider's reason for a decline ("insufficient_funds"). */
  declineCode?: string;
}

export type CheckoutAnswer =
  { ok: true; checkout: PaidCheckoutView } | { ok: false; refusal: CheckoutRefusal };
