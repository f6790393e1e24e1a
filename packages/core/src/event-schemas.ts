import { z } from 'zod';
import { EVENT_LIMITS, EVENT_VISIBILITIES, isLocalDateTime } from './events';
import { siteImagePath } from './site-images';
import { US_STATES } from './us-states';
import { CHECKOUT_LIMITS } from './orders';

/**
 * What a producer sends to create or edit an event and its ticket types, and what a buyer sends to
 * put tickets in the cart. Times are wall-clock times at the venue (`YYYY-MM-DDTHH:mm`), which the
 * server turns into instants with the venue's time zone; within one event they compare as text.
 */

/** A whole number within limits, with a message for each way to miss them. */
const whole = (label: string, min: number, tooFew: string, max: number, tooMany: string) =>
  z
    .number({ error: `Enter ${label} as a whole number.` })
    .min(min, tooFew)
    .max(max, tooMany)
    // After the range checks, so that 1e300 is "too many" rather than "not whole".
    .refine(Number.isInteger, `Enter ${label} as a whole number.`);

const MOST_CENTS = `$${(EVENT_LIMITS.priceCents / 100).toLocaleString('en-US')}`;
/**
 * A ticket costs at least what one card payment must be (CHECKOUT_LIMITS.minAmountCents): a free
 * ticket would be an order with nothing to charge, which checkout does not take yet.
 */
const LEAST_CENTS = CHECKOUT_LIMITS.minAmountCents;
const cents = (label: string, what: string) =>
  whole(
    label,
    LEAST_CENTS,
    `${what} is at least $${(LEAST_CENTS / 100).toFixed(2)}.`,
    EVENT_LIMITS.priceCents,
    `${what} is at most ${MOST_CENTS}.`,
  );

const MOST_SEATS = EVENT_LIMITS.capacity.toLocaleString('en-US');

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Why a wall-clock time is refused, in words a producer can act on; null when it is fine. */
function localDateTimeProblem(value: string, what: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return `Enter ${what} as a date and time, such as 2026-12-12T18:00.`;
  if (isLocalDateTime(value)) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as number[];
  if (hour! > 23 || minute! > 59) return 'Enter a time between 00:00 and 23:59.';
  const monthName = MONTH_NAMES[month! - 1];
  if (!monthName) return `There is no month ${month} in the calendar.`;
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return day === 0
    ? 'There is no day 0 in a month.'
    : `There is no ${monthName} ${day}: ${monthName} ${year} has ${days} days.`;
}

/** A wall-clock time at the venue, `YYYY-MM-DDTHH:mm`, that exists on the calendar. */
const localDateTime = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .superRefine((value, context) => {
      const problem = localDateTimeProblem(value, what);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/**
 * Whether a field already has a problem. Zod runs an object's refinements even when a field broke
 * a limit, and a comparison with a value already refused would only add a confusing second message.
 */
function refused(context: z.RefinementCtx, ...path: (string | number)[]): boolean {
  return context.issues.some((issue) => path.every((key, index) => issue.path?.[index] === key));
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** One kind of ticket to an event, such as "General admission" or "Members' table". */
export const ticketTypeInputSchema = z
  .object({
    /** The ticket type being edited; absent or null for a new one. */
    id: z.number().int().positive('There is no such ticket type.').nullish(),
    name: z
      .string({ error: 'Name the ticket type.' })
      .trim()
      .min(1, 'Name the ticket type, such as "General admission".')
      .max(EVENT_LIMITS.ticketTypeName, `Use at most ${EVENT_LIMITS.ticketTypeName} characters.`),
    priceCents: cents('the price in cents', 'The price'),
    /** What club members pay; null when they pay the price. */
    memberPriceCents: cents('the member price in cents', 'The member price')
      .nullable()
      .default(null),
    /** Only the producer's club members may buy it. */
    membersOnly: z.boolean().default(false),
    /** Seats of this type; null when only the event's total limits it. */
    capacity: whole(
      'the seats',
      1,
      'A ticket type has at least 1 seat.',
      EVENT_LIMITS.capacity,
      `A ticket type has at most ${MOST_SEATS} seats.`,
    )
      .nullable()
      .default(null),
    perOrderLimit: whole(
      'the tickets per order',
      1,
      'Allow at least 1 ticket per order.',
      EVENT_LIMITS.perOrderLimit,
      `Allow at most ${EVENT_LIMITS.perOrderLimit} tickets per order.`,
    ).default(EVENT_LIMITS.perOrderLimitDefault),
    /** When sales open; null when it is on sale at once. */
    salesStartAt: localDateTime('when sales start').nullable().default(null),
    /** When sales close; null when they close as the event starts. */
    salesEndAt: localDateTime('when sales end').nullable().default(null),
  })
  .superRefine((type, context) => {
    if (
      type.memberPriceCents !== null &&
      type.memberPriceCents > type.priceCents &&
      !refused(context, 'priceCents') &&
      !refused(context, 'memberPriceCents')
    ) {
      context.addIssue({
        code: 'custom',
        path: ['memberPriceCents'],
        message: 'The member price cannot be more than the price.',
      });
    }
    const salesTimesFine = !refused(context, 'salesStartAt') && !refused(context, 'salesEndAt');
    if (type.salesStartAt !== null && type.salesEndAt !== null && salesTimesFine) {
      if (type.salesStartAt >= type.salesEndAt) {
        context.addIssue({
          code: 'custom',
          path: ['salesEndAt'],
          message: 'Sales must end after they start.',
        });
      }
    }
  });
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;
export type TicketTypeInputDraft = z.input<typeof ticketTypeInputSchema>;

/**
 * Where the event happens: at the producer's own address, or at the address given here. The
 * venue's name ("The barrel room") is shown either way.
 */
export const eventVenueInputSchema = z
  .object({
    atBusinessAddress: z.boolean({ error: 'Say whether the event is at your address.' }),
    name: optionalText(EVENT_LIMITS.venueName),
    line1: optionalText(200),
    city: optionalText(100),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => code === '' || Object.hasOwn(US_STATES, code), 'Choose a US state.')
      .nullish()
      .transform((value) => (value ? value : null)),
    zip: z
      .string()
      .trim()
      .refine((zip) => zip === '' || /^\d{5}$/.test(zip), 'A ZIP code has five digits, like 97214.')
      .nullish()
      .transform((value) => (value ? value : null)),
  })
  .superRefine((venue, context) => {
    if (venue.atBusinessAddress) return;
    const required = [
      ['line1', 'Enter the street address.'],
      ['city', 'Enter the city.'],
      ['state', 'Choose a US state.'],
      ['zip', 'Enter the ZIP code.'],
    ] as const;
    for (const [field, message] of required) {
      if (venue[field] === null) context.addIssue({ code: 'custom', path: [field], message });
    }
  })
  // At the business's address the business's address is used: a half-typed other one is dropped.
  .transform((venue) =>
    venue.atBusinessAddress ? { ...venue, line1: null, city: null, state: null, zip: null } : venue,
  );
export type EventVenueInput = z.infer<typeof eventVenueInputSchema>;

/** An event as its producer creates or edits it. */
export const eventInputSchema = z
  .object({
    title: z
      .string({ error: 'Name the event.' })
      .trim()
      .min(1, 'Name the event.')
      .max(EVENT_LIMITS.title, `Use at most ${EVENT_LIMITS.title} characters.`),
    description: z
      .string()
      .trim()
      .max(
        EVENT_LIMITS.description,
        `Use at most ${EVENT_LIMITS.description.toLocaleString('en-US')} characters.`,
      )
      .default(''),
    /** The event's picture: an upload, or none. */
    imageUrl: siteImagePath.nullable().default(null),
    venue: eventVenueInputSchema,
    startsAt: localDateTime('when the event starts'),
    endsAt: localDateTime('when the event ends'),
    /** Seats in all, shared by every ticket type. */
    capacity: whole(
      'the seats',
      1,
      'An event has at least 1 seat.',
      EVENT_LIMITS.capacity,
      `An event has at most ${MOST_SEATS} seats.`,
    ),
    /** Guests must be 21 or over (and show it at the door). */
    adultsOnly: z.boolean().default(true),
    /** Days before the start that buyers may refund themselves; null for no refunds. */
    refundDaysBefore: whole(
      'the refund days',
      0,
      'Refund days cannot be negative.',
      EVENT_LIMITS.refundDaysBefore,
      `Refunds close at most ${EVENT_LIMITS.refundDaysBefore} days before the event.`,
    ).nullable(),
    visibility: z
      .enum(EVENT_VISIBILITIES, { error: 'Choose who can see the event.' })
      .default('public'),
    ticketTypes: z
      .array(ticketTypeInputSchema)
      .min(1, 'Add at least one ticket type.')
      .max(
        EVENT_LIMITS.ticketTypes,
        `An event has at most ${EVENT_LIMITS.ticketTypes} ticket types.`,
      ),
  })
  .superRefine((event, context) => {
    // Both are wall-clock times in the same zone, so the text compares as the time does.
    const startsAtFine = !refused(context, 'startsAt');
    if (event.endsAt <= event.startsAt && startsAtFine && !refused(context, 'endsAt')) {
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: 'The event must end after it starts.',
      });
    }
    const names = event.ticketTypes.map((type) => type.name.toLowerCase());
    event.ticketTypes.forEach((type, index) => {
      if (names.indexOf(names[index]!) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['ticketTypes', index, 'name'],
          message: 'Give each ticket type its own name.',
        });
      }
      const typeRefused = (field: string) => refused(context, 'ticketTypes', index, field);
      if (
        type.capacity !== null &&
        type.capacity > event.capacity &&
        !refused(context, 'capacity') &&
        !typeRefused('capacity')
      ) {
        context.addIssue({
          code: 'custom',
          path: ['ticketTypes', index, 'capacity'],
          message: `A ticket type has at most the event's ${event.capacity.toLocaleString('en-US')} seats.`,
        });
      }
      if (!startsAtFine) return;
      if (
        type.salesStartAt !== null &&
        type.salesStartAt >= event.startsAt &&
        !typeRefused('salesStartAt')
      ) {
        context.addIssue({
          code: 'custom',
          path: ['ticketTypes', index, 'salesStartAt'],
          message: 'Sales must start before the event does.',
        });
      }
      if (
        type.salesEndAt !== null &&
        type.salesEndAt > event.startsAt &&
        !typeRefused('salesEndAt')
      ) {
        context.addIssue({
          code: 'custom',
          path: ['ticketTypes', index, 'salesEndAt'],
          message: 'Sales must end by the time the event starts.',
        });
      }
    });
  });
export type EventInput = z.infer<typeof eventInputSchema>;
export type EventInputDraft = z.input<typeof eventInputSchema>;

/** Tickets a buyer adds at checkout: a ticket type, how many, and optionally who comes. */
export const eventBuyInputSchema = z
  .object({
    ticketTypeId: z
      .number({ error: 'Choose a ticket.' })
      .int('Choose a ticket.')
      .positive('There is no such ticket.'),
    quantity: whole(
      'the number of tickets',
      1,
      'Choose at least 1 ticket.',
      EVENT_LIMITS.perOrderLimit,
      `Buy at most ${EVENT_LIMITS.perOrderLimit} tickets at once.`,
    ),
    /** The ticket price in cents the page showed; the server refuses the tickets if it differs. */
    unitPrice: z.number().int().nonnegative().nullish(),
    /** A name for each ticket, in order; blank names are left for the buyer to fill in later. */
    attendeeNames: z
      .array(
        z
          .string()
          .trim()
          .max(EVENT_LIMITS.attendeeName, `Use at most ${EVENT_LIMITS.attendeeName} characters.`)
          .transform((name) => (name ? name : null)),
      )
      .nullish(),
  })
  .superRefine((buy, context) => {
    const tooManyNames = buy.attendeeNames && buy.attendeeNames.length > buy.quantity;
    if (tooManyNames && !refused(context, 'quantity')) {
      context.addIssue({
        code: 'custom',
        path: ['attendeeNames'],
        message: 'Name at most one guest for each ticket.',
      });
    }
  });
export type EventBuyInput = z.infer<typeof eventBuyInputSchema>;
