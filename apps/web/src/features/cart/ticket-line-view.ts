import type { Cents, TicketCartLine } from '@bevy/core';
import type { CatalogTicket } from './cart-catalog';

/** Event tickets in the cart, priced from the catalog as it is now. */

/** Tickets of one type in the cart, priced now. */
export interface TicketLineView {
  /** The line as stored in the cart, for the cart's actions. */
  stored: TicketCartLine;
  /** "Harvest Barrel Tasting: General admission". */
  name: string;
  when: string;
  eventUrlKey: string;
  quantity: number;
  perOrderLimit: number;
  unitPrice: Cents | null;
  lineTotal: Cents | null;
  /** What stops checkout, in words; empty when nothing does. */
  problems: string[];
  /** The price when added, when it has changed since. */
  priceWas: Cents | null;
}

/** A ticket line priced now, with what stops checkout and what changed since it was added. */
export function priceTicketLine(
  stored: TicketCartLine,
  current: CatalogTicket | undefined,
): TicketLineView {
  const type = current?.ticketType;
  const view: TicketLineView = {
    stored,
    name: `${current?.event.title ?? stored.eventTitle}: ${type?.name ?? stored.typeName}`,
    when: current?.event.when ?? stored.when,
    eventUrlKey: current?.event.urlKey ?? stored.eventUrlKey,
    quantity: stored.quantity,
    perOrderLimit: type?.perOrderLimit ?? stored.quantity,
    unitPrice: null,
    lineTotal: null,
    problems: [],
    priceWas: null,
  };
  if (!type) {
    view.problems.push('No longer sold. Remove them to continue.');
    return view;
  }
  if (type.unavailableReason && type.unavailableReason !== 'Sold out') {
    view.problems.push(`${type.unavailableReason} Remove them to continue.`);
  } else if (type.seatsLeft < stored.quantity) {
    view.problems.push(
      type.seatsLeft === 0
        ? 'Sold out. Remove them to continue.'
        : `Only ${type.seatsLeft} left: lower the number of tickets.`,
    );
  }
  if (stored.quantity > type.perOrderLimit) {
    view.problems.push(`At most ${type.perOrderLimit} in one order.`);
  }
  view.unitPrice = type.viewerPriceCents;
  view.lineTotal = type.viewerPriceCents * stored.quantity;
  if (stored.unitPriceCents !== type.viewerPriceCents) view.priceWas = stored.unitPriceCents;
  return view;
}
