import type { FulfillmentMode } from '@bevy/core';

/**
 * The fields /success shows of an order, asked for in the same words of the checkout's answer
 * (PlacedOrder) and of an order read back (Order).
 */
export const PLACED_ORDER_FIELDS = `
  id
  number
  businessName
  businessSlug
  fulfillmentMode
  fulfillmentAddress { name line1 line2 city state zip }
  subtotalCents
  taxAndFeesCents
  fulfillmentFeeCents
  totalCents
  paymentMethod
  invoiceTermsDays
  invoiceDueOn
  lines { productId productName unitPriceCents quantity lineTotalCents }
`;

/** An address of an order, as the API returns it. */
export interface PlacedOrderAddress {
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
}

/** What /success shows of each order: the placeOrder answer, or the orders read back by id. */
export interface PlacedOrderSummary {
  id: number;
  number: string;
  businessName: string;
  businessSlug: string;
  fulfillmentMode: FulfillmentMode;
  fulfillmentAddress: PlacedOrderAddress | null;
  subtotalCents: number;
  taxAndFeesCents: number;
  /** The delivery or shipping fee; 0 for pickup and free delivery or shipping. */
  fulfillmentFeeCents: number;
  totalCents: number;
  /** "card" (in the checkout's one charge) or "invoice" (paid to the producer by the due date). */
  paymentMethod: string;
  invoiceTermsDays: number | null;
  /** YYYY-MM-DD, for invoice orders. */
  invoiceDueOn: string | null;
  lines: {
    productId: number | null;
    productName: string;
    /** The product's image, when the order is read back (the checkout's answer has none). */
    imageUrl?: string | null;
    unitPriceCents: number;
    quantity: number;
    lineTotalCents: number;
  }[];
}

export interface PlacedCheckout {
  id: string;
  amountCents: number;
  orders: PlacedOrderSummary[];
}

/** What checkout hands to /success: the answer, and the cart's ids it bought (to remove). */
export interface SuccessState {
  checkout: PlacedCheckout;
  bought?: string[];
  /** The bought products' images by product id, as the cart held them. */
  images?: Record<string, string | null>;
}

const MAX_INT = 2 ** 31 - 1;

/** "/success?orders=12,13" → [12, 13]; anything that is not a list of ids gives none. */
export function orderIdsOf(search: string): number[] {
  const text = new URLSearchParams(search).get('orders') ?? '';
  if (!/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,99}$/.test(text)) return [];
  const ids = text.split(',').map(Number);
  // Ids are GraphQL Ints: a larger number is no order of ours.
  if (ids.some((id) => id > MAX_INT)) return [];
  return [...new Set(ids)];
}

export function formatOrderAddress(address: PlacedOrderAddress): string {
  return [address.line1, address.line2, address.city, `${address.state} ${address.zip}`]
    .filter(Boolean)
    .join(', ');
}
