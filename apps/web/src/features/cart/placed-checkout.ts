import type { ResultOf } from '../../lib/graphql';
import type { PLACE_ORDER, PLACED_ORDER } from './api/checkout';

/** What handing over to /success reads of a cart line. */
interface CartLineView {
  id: string;
  product: { bottleImageUrl: string | null };
}

/** The checkout's answer: its id, what the card was charged, and the orders placed. */
export type PlacedCheckout = ResultOf<typeof PLACE_ORDER>['placeOrder'];

/** What /success shows of each order: the placeOrder answer, or the order read back by id. */
export type PlacedOrderSummary =
  PlacedCheckout['orders'][number] | NonNullable<ResultOf<typeof PLACED_ORDER>['order']>;

type PlacedOrderAddress = NonNullable<PlacedOrderSummary['fulfillmentAddress']>;

/** What checkout hands to /success: the answer, and the cart's ids it bought (to remove). */
export interface SuccessState {
  checkout: PlacedCheckout;
  bought?: string[];
  /** The ticket types bought, to remove from the cart too. */
  boughtTickets?: number[];
  /** The bought products' images by product id, as the cart held them. */
  images?: Record<string, string | null>;
}

/** What checkout hands over after placing: the answer, what was bought and its pictures. */
export function successStateOf(
  checkout: PlacedCheckout,
  view: {
    groups: readonly {
      lines: readonly CartLineView[];
      tickets?: readonly { stored: { ticketTypeId: number } }[];
    }[];
  },
): SuccessState {
  const lines = view.groups.flatMap((group) => group.lines);
  return {
    checkout,
    bought: lines.map((line) => line.id),
    boughtTickets: view.groups.flatMap((group) =>
      (group.tickets ?? []).map((line) => line.stored.ticketTypeId),
    ),
    images: Object.fromEntries(lines.map((line) => [line.id, line.product.bottleImageUrl])),
  };
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
