import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EVENT_LIMITS } from './events';
import {
  eventBuyInputSchema,
  eventInputSchema,
  ticketTypeInputSchema,
  type EventInputDraft,
} from './event-schemas';

const ticketType = {
  name: 'General admission',
  priceCents: 4_500,
  memberPriceCents: 3_500,
  membersOnly: false,
  capacity: null,
  perOrderLimit: 10,
  salesStartAt: null,
  salesEndAt: null,
};

const event: EventInputDraft = {
  title: 'Holiday release party',
  description: 'Taste the new vintage.',
  imageUrl: null,
  venue: { atBusinessAddress: true, name: 'The barrel room' },
  startsAt: '2026-12-12T18:00',
  endsAt: '2026-12-12T21:00',
  capacity: 80,
  adultsOnly: true,
  refundDaysBefore: 7,
  visibility: 'public',
  ticketTypes: [ticketType],
};

/** Each refusal's path (dotted) and message. */
function refusals(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('an event as its producer sends it', () => {
  it('accepts a complete event and fills in the defaults', () => {
    const parsed = eventInputSchema.parse({
      title: '  Spring tasting ',
      venue: {
        atBusinessAddress: false,
        line1: '1 Main St',
        city: 'Portland',
        state: 'or',
        zip: '97214',
      },
      startsAt: '2026-04-18T14:00',
      endsAt: '2026-04-18T17:00',
      capacity: 40,
      refundDaysBefore: null,
      ticketTypes: [{ name: 'Tasting', priceCents: 2_500 }],
    });
    expect(parsed).toEqual({
      title: 'Spring tasting',
      description: '',
      imageUrl: null,
      venue: {
        atBusinessAddress: false,
        name: null,
        line1: '1 Main St',
        city: 'Portland',
        state: 'OR',
        zip: '97214',
      },
      startsAt: '2026-04-18T14:00',
      endsAt: '2026-04-18T17:00',
      capacity: 40,
      adultsOnly: true,
      refundDaysBefore: null,
      visibility: 'public',
      ticketTypes: [
        {
          name: 'Tasting',
          priceCents: 2_500,
          memberPriceCents: null,
          membersOnly: false,
          capacity: null,
          perOrderLimit: EVENT_LIMITS.perOrderLimitDefault,
          salesStartAt: null,
          salesEndAt: null,
        },
      ],
    });
  });

  it('uses the business address, dropping a half-typed other one', () => {
    const parsed = eventInputSchema.parse({
      ...event,
      venue: { atBusinessAddress: true, name: 'The barrel room', line1: '9 Side St', zip: '' },
    });
    expect(parsed.venue).toEqual({
      atBusinessAddress: true,
      name: 'The barrel room',
      line1: null,
      city: null,
      state: null,
      zip: null,
    });
  });

  it('needs an address elsewhere', () => {
    const result = eventInputSchema.safeParse({
      ...event,
      venue: { atBusinessAddress: false, line1: ' ', state: 'ZZ', zip: '9721' },
    });
    expect(refusals(result)).toEqual({
      'venue.line1': 'Enter the street address.',
      'venue.city': 'Enter the city.',
      'venue.state': 'Choose a US state.',
      'venue.zip': 'A ZIP code has five digits, like 97214.',
    });
    expect(
      refusals(eventInputSchema.safeParse({ ...event, venue: { atBusinessAddress: false } })),
    ).toEqual({
      'venue.line1': 'Enter the street address.',
      'venue.city': 'Enter the city.',
      'venue.state': 'Choose a US state.',
      'venue.zip': 'Enter the ZIP code.',
    });
  });

  it('needs a title and a real picture', () => {
    expect(refusals(eventInputSchema.safeParse({ ...event, title: '  ' }))).toEqual({
      title: 'Name the event.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, title: 'x'.repeat(121) }))).toEqual({
      title: 'Use at most 120 characters.',
    });
    expect(
      refusals(eventInputSchema.safeParse({ ...event, imageUrl: 'https://evil.example/a.png' })),
    ).toEqual({ imageUrl: 'Upload the image again.' });
    expect(
      eventInputSchema.parse({ ...event, imageUrl: `/uploads/${'a'.repeat(32)}.jpg` }).imageUrl,
    ).toBe(`/uploads/${'a'.repeat(32)}.jpg`);
  });

  it('refuses times that are not on the calendar', () => {
    expect(
      refusals(eventInputSchema.safeParse({ ...event, startsAt: '2026-02-30T18:00' })),
    ).toEqual({ startsAt: 'There is no February 30: February 2026 has 28 days.' });
    expect(
      refusals(eventInputSchema.safeParse({ ...event, startsAt: '2026-12-12T25:00' })),
    ).toEqual({ startsAt: 'Enter a time between 00:00 and 23:59.' });
    expect(refusals(eventInputSchema.safeParse({ ...event, endsAt: '2026-13-01T18:00' }))).toEqual({
      endsAt: 'There is no month 13 in the calendar.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, endsAt: '12/12/2026 9pm' }))).toEqual({
      endsAt: 'Enter when the event ends as a date and time, such as 2026-12-12T18:00.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, endsAt: undefined }))).toEqual({
      endsAt: 'Enter when the event ends.',
    });
  });

  it('must end after it starts', () => {
    for (const endsAt of ['2026-12-12T18:00', '2026-12-12T17:59', '2026-12-11T23:00']) {
      expect(refusals(eventInputSchema.safeParse({ ...event, endsAt }))).toEqual({
        endsAt: 'The event must end after it starts.',
      });
    }
    expect(eventInputSchema.safeParse({ ...event, endsAt: '2026-12-13T01:00' }).success).toBe(true);
  });

  it('keeps numbers whole and within limits', () => {
    expect(refusals(eventInputSchema.safeParse({ ...event, capacity: 0 }))).toEqual({
      capacity: 'An event has at least 1 seat.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, capacity: 1e300 }))).toEqual({
      capacity: 'An event has at most 100,000 seats.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, capacity: 2.5 }))).toEqual({
      capacity: 'Enter the seats as a whole number.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, refundDaysBefore: 91 }))).toEqual({
      refundDaysBefore: 'Refunds close at most 90 days before the event.',
    });
    expect(refusals(eventInputSchema.safeParse({ ...event, visibility: 'secret' }))).toEqual({
      visibility: 'Choose who can see the event.',
    });
  });

  it('has 1 to 10 ticket types, each with its own name', () => {
    expect(refusals(eventInputSchema.safeParse({ ...event, ticketTypes: [] }))).toEqual({
      ticketTypes: 'Add at least one ticket type.',
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ ...ticketType, name: `Type ${i}` }));
    expect(refusals(eventInputSchema.safeParse({ ...event, ticketTypes: eleven }))).toEqual({
      ticketTypes: 'An event has at most 10 ticket types.',
    });
    const twins = [ticketType, { ...ticketType, name: 'general ADMISSION' }];
    expect(refusals(eventInputSchema.safeParse({ ...event, ticketTypes: twins }))).toEqual({
      'ticketTypes.1.name': 'Give each ticket type its own name.',
    });
  });

  it('keeps each ticket type within the event', () => {
    const types = [
      { ...ticketType, capacity: 80 },
      { ...ticketType, name: 'VIP', capacity: 81 },
      { ...ticketType, name: 'Late', salesEndAt: '2026-12-12T18:01' },
      { ...ticketType, name: 'Too late', salesStartAt: '2026-12-12T18:00' },
    ];
    expect(refusals(eventInputSchema.safeParse({ ...event, ticketTypes: types }))).toEqual({
      'ticketTypes.1.capacity': "A ticket type has at most the event's 80 seats.",
      'ticketTypes.2.salesEndAt': 'Sales must end by the time the event starts.',
      'ticketTypes.3.salesStartAt': 'Sales must start before the event does.',
    });
    const onTime = [{ ...ticketType, salesEndAt: '2026-12-12T18:00' }];
    expect(eventInputSchema.safeParse({ ...event, ticketTypes: onTime }).success).toBe(true);
  });
});

describe('a ticket type', () => {
  it('keeps the member price at most the price', () => {
    expect(
      refusals(ticketTypeInputSchema.safeParse({ ...ticketType, memberPriceCents: 4_501 })),
    ).toEqual({ memberPriceCents: 'The member price cannot be more than the price.' });
    expect(ticketTypeInputSchema.parse({ ...ticketType, memberPriceCents: 4_500 })).toMatchObject({
      memberPriceCents: 4_500,
    });
  });

  it('refuses prices out of range', () => {
    expect(refusals(ticketTypeInputSchema.safeParse({ ...ticketType, priceCents: -1 }))).toEqual({
      priceCents: 'The price is at least $0.50.',
    });
    expect(refusals(ticketTypeInputSchema.safeParse({ ...ticketType, priceCents: 0 }))).toEqual({
      priceCents: 'The price is at least $0.50.',
    });
    expect(
      refusals(ticketTypeInputSchema.safeParse({ ...ticketType, priceCents: 1_000_001 })),
    ).toEqual({ priceCents: 'The price is at most $10,000.' });
    expect(
      ticketTypeInputSchema.parse({ ...ticketType, priceCents: 50, memberPriceCents: 50 })
        .priceCents,
    ).toBe(50);
  });

  it('limits tickets per order', () => {
    expect(refusals(ticketTypeInputSchema.safeParse({ ...ticketType, perOrderLimit: 51 }))).toEqual(
      { perOrderLimit: 'Allow at most 50 tickets per order.' },
    );
    expect(refusals(ticketTypeInputSchema.safeParse({ ...ticketType, perOrderLimit: 0 }))).toEqual({
      perOrderLimit: 'Allow at least 1 ticket per order.',
    });
  });

  it('refuses sales that start after they end', () => {
    const window = { salesStartAt: '2026-12-01T09:00', salesEndAt: '2026-11-30T09:00' };
    expect(refusals(ticketTypeInputSchema.safeParse({ ...ticketType, ...window }))).toEqual({
      salesEndAt: 'Sales must end after they start.',
    });
    expect(
      ticketTypeInputSchema.safeParse({
        ...ticketType,
        salesStartAt: '2026-11-01T09:00',
        salesEndAt: '2026-12-10T23:59',
      }).success,
    ).toBe(true);
  });

  it('keeps the id of a type being edited', () => {
    expect(ticketTypeInputSchema.parse({ ...ticketType, id: 12 }).id).toBe(12);
    expect(ticketTypeInputSchema.parse({ ...ticketType, id: null }).id).toBeNull();
    expect(ticketTypeInputSchema.safeParse({ ...ticketType, id: 0 }).success).toBe(false);
  });
});

describe('tickets added at checkout', () => {
  it('accepts a quantity and names, blank names as null', () => {
    expect(
      eventBuyInputSchema.parse({
        ticketTypeId: 3,
        quantity: 3,
        unitPrice: 4_500,
        attendeeNames: [' Ana Ruiz ', '', 'Bo Li'],
      }),
    ).toEqual({
      ticketTypeId: 3,
      quantity: 3,
      unitPrice: 4_500,
      attendeeNames: ['Ana Ruiz', null, 'Bo Li'],
    });
    expect(eventBuyInputSchema.parse({ ticketTypeId: 3, quantity: 1 })).toEqual({
      ticketTypeId: 3,
      quantity: 1,
    });
  });

  it('refuses too many names, tickets or letters', () => {
    expect(
      refusals(
        eventBuyInputSchema.safeParse({ ticketTypeId: 3, quantity: 1, attendeeNames: ['A', 'B'] }),
      ),
    ).toEqual({ attendeeNames: 'Name at most one guest for each ticket.' });
    expect(refusals(eventBuyInputSchema.safeParse({ ticketTypeId: 3, quantity: 51 }))).toEqual({
      quantity: 'Buy at most 50 tickets at once.',
    });
    expect(refusals(eventBuyInputSchema.safeParse({ ticketTypeId: 3, quantity: 0 }))).toEqual({
      quantity: 'Choose at least 1 ticket.',
    });
    expect(
      refusals(
        eventBuyInputSchema.safeParse({
          ticketTypeId: 3,
          quantity: 1,
          attendeeNames: ['x'.repeat(81)],
        }),
      ),
    ).toEqual({ 'attendeeNames.0': 'Use at most 80 characters.' });
    expect(refusals(eventBuyInputSchema.safeParse({ ticketTypeId: 0, quantity: 1 }))).toEqual({
      ticketTypeId: 'There is no such ticket.',
    });
  });
});
