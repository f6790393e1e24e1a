import { EVENT_LIMITS } from './events';

/**
 * Event tickets in the cart: kept beside its products in the browser, each line a ticket type
 * with its quantity, optional attendee names, and the event as it was when added (for showing
 * the cart before the catalog answers). Prices and seats are the server's, asked for again on
 * the cart page and decided at checkout.
 */

export interface TicketCartLine {
  ticketTypeId: number;
  quantity: number;
  /** One per ticket at most; '' where no name was given. */
  attendeeNames: string[];
  typeName: string;
  eventTitle: string;
  eventUrlKey: string;
  /** As the event page said it, e.g. "Saturday, December 12, 2026, 6:00 PM – 9:00 PM PT". */
  when: string;
  businessId: number;
  businessName: string;
  businessSlug: string;
  /** What the buyer saw, in cents; the cart shows a change when the server's differs. */
  unitPriceCents: number;
}

export type TicketCartAction =
  | { type: 'add'; line: TicketCartLine }
  | { type: 'set'; ticketTypeId: number; quantity: number }
  | { type: 'names'; ticketTypeId: number; attendeeNames: string[] }
  | { type: 'remove'; ticketTypeId: number };

/** Tickets of one type a cart may hold: the most any type sells in one order. */
export const MAX_TICKETS_PER_LINE = EVENT_LIMITS.perOrderLimit;
export const MAX_TICKET_LINES = 20;

const clampQuantity = (quantity: number) =>
  Math.min(Math.max(Math.trunc(quantity), 1), MAX_TICKETS_PER_LINE);

function withNames(names: readonly string[], quantity: number): string[] {
  return names.slice(0, quantity).map((name) => name.slice(0, EVENT_LIMITS.attendeeName));
}

/**
 * The ticket lines after an action: add puts a new type at the end or adds its quantity to the
 * line already there (up to MAX_TICKETS_PER_LINE); set and names change one line; remove drops
 * it. An action on a line that is not there, or that would make nothing new, returns the same
 * array, so a store can tell that nothing changed.
 */
export function ticketCartReducer(
  lines: readonly TicketCartLine[],
  action: TicketCartAction,
): readonly TicketCartLine[] {
  switch (action.type) {
    case 'add': {
      const existing = lines.find((line) => line.ticketTypeId === action.line.ticketTypeId);
      if (!existing) {
        if (lines.length >= MAX_TICKET_LINES || !Number.isFinite(action.line.quantity)) {
          return lines;
        }
        const quantity = clampQuantity(action.line.quantity);
        return [
          ...lines,
          {
            ...action.line,
            quantity,
            attendeeNames: withNames(action.line.attendeeNames, quantity),
          },
        ];
      }
      const quantity = clampQuantity(existing.quantity + action.line.quantity);
      return lines.map((line) =>
        line === existing ? { ...action.line, quantity, attendeeNames: line.attendeeNames } : line,
      );
    }
    case 'set': {
      const existing = lines.find((line) => line.ticketTypeId === action.ticketTypeId);
      if (!existing || !Number.isFinite(action.quantity)) return lines;
      const quantity = clampQuantity(action.quantity);
      if (quantity === existing.quantity) return lines;
      return lines.map((line) =>
        line === existing
          ? { ...line, quantity, attendeeNames: withNames(line.attendeeNames, quantity) }
          : line,
      );
    }
    case 'names': {
      const existing = lines.find((line) => line.ticketTypeId === action.ticketTypeId);
      if (!existing) return lines;
      return lines.map((line) =>
        line === existing
          ? { ...line, attendeeNames: withNames(action.attendeeNames, line.quantity) }
          : line,
      );
    }
    case 'remove':
      return lines.some((line) => line.ticketTypeId === action.ticketTypeId)
        ? lines.filter((line) => line.ticketTypeId !== action.ticketTypeId)
        : lines;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, max = 500): value is string =>
  typeof value === 'string' && value.length <= max;
const isWhole = (value: unknown, min: number, max: number): value is number =>
  Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

/** One stored line, clean, or null when anything in it is missing or malformed. */
function readLine(value: unknown): TicketCartLine | null {
  if (!isRecord(value)) return null;
  const { ticketTypeId, quantity, attendeeNames, businessId, unitPriceCents } = value;
  const texts = ['typeName', 'eventTitle', 'eventUrlKey', 'when', 'businessName', 'businessSlug'];
  if (
    !isWhole(ticketTypeId, 1, 2_147_483_647) ||
    !isWhole(quantity, 1, MAX_TICKETS_PER_LINE) ||
    !isWhole(businessId, 1, 2_147_483_647) ||
    !isWhole(unitPriceCents, 0, Number.MAX_SAFE_INTEGER) ||
    !Array.isArray(attendeeNames) ||
    !attendeeNames.every((name) => isText(name, EVENT_LIMITS.attendeeName)) ||
    !texts.every((key) => isText(value[key]))
  ) {
    return null;
  }
  return {
    ticketTypeId,
    quantity,
    attendeeNames: (attendeeNames as string[]).slice(0, quantity),
    typeName: value.typeName as string,
    eventTitle: value.eventTitle as string,
    eventUrlKey: value.eventUrlKey as string,
    when: value.when as string,
    businessId,
    businessName: value.businessName as string,
    businessSlug: value.businessSlug as string,
    unitPriceCents,
  };
}

/**
 * Ticket lines read back from storage, which anyone can edit: only whole, well-formed lines
 * survive, each type once, at most MAX_TICKET_LINES; `discarded` says whether any was left out.
 */
export function readTicketLines(value: unknown): { lines: TicketCartLine[]; discarded: boolean } {
  if (value === undefined || value === null) return { lines: [], discarded: false };
  if (!Array.isArray(value)) return { lines: [], discarded: true };
  const lines: TicketCartLine[] = [];
  for (const entry of value) {
    const line = readLine(entry);
    if (!line || lines.some((kept) => kept.ticketTypeId === line.ticketTypeId)) continue;
    if (lines.length === MAX_TICKET_LINES) break;
    lines.push(line);
  }
  return { lines, discarded: lines.length !== value.length };
}

/**
 * The checkout request's ticket lines, each at the price the cart showed (`priceOf`, the
 * server's current price), so that a price changed since is refused rather than charged.
 */
export function ticketCheckoutLines(
  lines: readonly TicketCartLine[],
  priceOf: (ticketTypeId: number) => number | null,
) {
  return lines.map((line) => ({
    ticketTypeId: line.ticketTypeId,
    quantity: line.quantity,
    unitPrice: priceOf(line.ticketTypeId) ?? line.unitPriceCents,
    attendeeNames: line.attendeeNames.map((name) => name.trim()),
  }));
}
