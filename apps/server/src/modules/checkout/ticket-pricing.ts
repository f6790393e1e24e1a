import { formatCents, membersOnlyMessage, type Cents } from '@bevy/core';
import type { PlaceOrderInput } from '@bevy/core/checkout-schemas';
import type { CartProblem } from './checkout-pricing';

/**
 * Prices a cart's event tickets from the database, as checkout-pricing prices its products:
 * the viewer's price (members pay the member price), the type's sales window, its per-order limit
 * and who may buy it. Whether seats are left is decided under the event's lock (seat-holds.ts).
 */

/** A ticket type as checkout reads it, with what it needs of its event. */
export interface CatalogTicketType {
  id: number;
  name: string;
  price_cents: number;
  member_price_cents: number | null;
  members_only: boolean;
  capacity: number | null;
  per_order_limit: number;
  sales_start_at: Date | null;
  sales_end_at: Date | null;
  withdrawn: boolean;
  event: {
    id: number;
    business_id: number;
    title: string;
    status: 'scheduled' | 'cancelled';
    visibility: 'public' | 'unlisted' | 'members';
    starts_at: Date;
    capacity: number;
  };
}

export interface PricedTicketLine {
  /** The line's position in the request's `tickets`, for field errors. */
  index: number;
  type: CatalogTicketType;
  quantity: number;
  unitPrice: Cents;
  lineTotal: Cents;
  /** One per ticket; null where none was given. */
  attendeeNames: (string | null)[];
}

/** How an order line names a ticket: "Harvest Dinner: General admission". */
export function ticketLineName(type: CatalogTicketType): string {
  return `${type.event.title}: ${type.name}`;
}

export function priceTicketLine(
  line: PlaceOrderInput['tickets'][number],
  index: number,
  type: CatalogTicketType | undefined,
  memberAt: ReadonlySet<number>,
  producerName: string,
  now: Date,
  /** Events whose presale the buyer accepted an invitation to. */
  presaleEvents: ReadonlySet<number> = new Set(),
): PricedTicketLine | CartProblem {
  const field = `tickets.${index}`;
  const bad = (at: string, message: string): CartProblem => ({
    code: 'BAD_USER_INPUT',
    field: `${field}.${at}`,
    message,
  });
  if (!type || type.withdrawn || type.event.status === 'cancelled') {
    return bad('ticketTypeId', 'These tickets are no longer sold. Remove them from your cart.');
  }
  const name = ticketLineName(type);
  const isMember = memberAt.has(type.event.business_id);
  if ((type.members_only || type.event.visibility === 'members') && !isMember) {
    return bad('ticketTypeId', membersOnlyMessage(name, producerName));
  }
  if (type.sales_start_at && type.sales_start_at > now && !presaleEvents.has(type.event.id)) {
    return bad('ticketTypeId', `${name} is not on sale yet.`);
  }
  if ((type.sales_end_at ?? type.event.starts_at) <= now) {
    return bad('ticketTypeId', `Sales of ${name} have ended.`);
  }
  if (line.quantity > type.per_order_limit) {
    return bad('quantity', `An order holds at most ${type.per_order_limit} of ${name}.`);
  }
  const unitPrice =
    isMember && type.member_price_cents !== null ? type.member_price_cents : type.price_cents;
  if (line.unitPrice !== null && line.unitPrice !== undefined && line.unitPrice !== unitPrice) {
    return {
      code: 'PRICE_CHANGED',
      field: `${field}.unitPrice`,
      message: `The price of ${name} is now ${formatCents(unitPrice)} each. Review your cart.`,
    };
  }
  const names = line.attendeeNames ?? [];
  return {
    index,
    type,
    quantity: line.quantity,
    unitPrice,
    lineTotal: unitPrice * line.quantity,
    attendeeNames: Array.from({ length: line.quantity }, (_, at) => names[at] ?? null),
  };
}
