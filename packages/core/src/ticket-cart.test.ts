import { describe, expect, it } from 'vitest';
import { cartItemCount, EMPTY_CART, parseStoredCart } from './cart';
import {
  MAX_TICKETS_PER_LINE,
  readTicketLines,
  ticketCartReducer,
  ticketCheckoutLines,
  type TicketCartLine,
} from './ticket-cart';

const line = (overrides: Partial<TicketCartLine> = {}): TicketCartLine => ({
  ticketTypeId: 7,
  quantity: 2,
  attendeeNames: ['Ana Ruiz'],
  typeName: 'General admission',
  eventTitle: 'Harvest Barrel Tasting',
  eventUrlKey: 'abc123',
  when: 'Saturday, December 12, 2026, 6:00 PM – 9:00 PM PT',
  businessId: 3,
  businessName: 'Basalt Cellars',
  businessSlug: 'basalt-cellars',
  unitPriceCents: 4_500,
  ...overrides,
});

describe('ticket lines in the cart', () => {
  it('adds a type once, adding to its quantity up to the per-order ceiling', () => {
    const once = ticketCartReducer([], { type: 'add', line: line() });
    expect(once).toHaveLength(1);
    const twice = ticketCartReducer(once, { type: 'add', line: line({ quantity: 3 }) });
    expect(twice).toHaveLength(1);
    expect(twice[0]!.quantity).toBe(5);
    const capped = ticketCartReducer(twice, { type: 'add', line: line({ quantity: 1_000 }) });
    expect(capped[0]!.quantity).toBe(MAX_TICKETS_PER_LINE);
  });

  it('sets quantities within 1 and the ceiling, trims names to the tickets, removes', () => {
    const lines = ticketCartReducer([], { type: 'add', line: line({ attendeeNames: ['A', 'B'] }) });
    expect(
      ticketCartReducer(lines, { type: 'set', ticketTypeId: 7, quantity: 0 })[0]!.quantity,
    ).toBe(1);
    const one = ticketCartReducer(lines, { type: 'set', ticketTypeId: 7, quantity: 1 });
    expect(one[0]!.attendeeNames).toEqual(['A']);
    expect(ticketCartReducer(one, { type: 'set', ticketTypeId: 99, quantity: 3 })).toBe(one);
    expect(ticketCartReducer(one, { type: 'remove', ticketTypeId: 7 })).toEqual([]);
  });

  it('reads back only well-formed lines, each type once', () => {
    const { lines, discarded } = readTicketLines([
      line(),
      line(),
      { ...line({ ticketTypeId: 8 }), quantity: -1 },
      { ...line({ ticketTypeId: 9 }), unitPriceCents: 1.5 },
      'junk',
    ]);
    expect(lines.map((kept) => kept.ticketTypeId)).toEqual([7]);
    expect(discarded).toBe(true);
    expect(readTicketLines(undefined)).toEqual({ lines: [], discarded: false });
  });

  it('keeps tickets in the stored cart and counts them in the cart', () => {
    const stored = { ...EMPTY_CART, tickets: [line()] };
    const { cart, discarded } = parseStoredCart(JSON.parse(JSON.stringify(stored)));
    expect(discarded).toBe(false);
    expect(cart.tickets).toEqual([line()]);
    expect(cartItemCount(cart)).toBe(2);
  });

  it('sends the price the cart showed and no blank names', () => {
    expect(ticketCheckoutLines([line({ attendeeNames: [' Ana ', ''] })], () => 5_000)).toEqual([
      { ticketTypeId: 7, quantity: 2, unitPrice: 5_000, attendeeNames: ['Ana', ''] },
    ]);
  });
});
