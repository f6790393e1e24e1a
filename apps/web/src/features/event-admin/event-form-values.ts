import { EVENT_LIMITS, eventInputSchema, type EventVisibility } from '@bevy/core';
import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { VariablesOf } from '../../lib/graphql';
import type { ServerRefusal } from '../../lib/server-error';
import type { CREATE_EVENT } from './api/event-admin';

/**
 * The new-event form holds what the producer typed (prices in dollars, empty number fields as '',
 * times as the `datetime-local` inputs give them); `eventInput` turns that into the server's
 * EventInput (prices in cents, nulls for "none"), which the shared schema then checks.
 */

/** What a NumberInput holds: a number, or text ('' once emptied). */
export type NumberValue = number | string;

export interface TicketTypeFormValues {
  /** The row's React key; never sent. */
  key: string;
  name: string;
  /** In dollars. */
  price: NumberValue;
  /** In dollars; '' when club members pay the price. */
  memberPrice: NumberValue;
  membersOnly: boolean;
  /** '' when only the event's capacity limits it. */
  capacity: NumberValue;
  perOrderLimit: NumberValue;
  /** YYYY-MM-DDTHH:mm at the venue; '' when on sale at once. */
  salesStartAt: string;
  /** YYYY-MM-DDTHH:mm at the venue; '' when sales close as the event starts. */
  salesEndAt: string;
}

export interface EventVenueFormValues {
  atBusinessAddress: boolean;
  name: string;
  line1: string;
  city: string;
  state: string | null;
  zip: string;
}

export interface EventFormValues {
  title: string;
  description: string;
  imageUrl: string | null;
  venue: EventVenueFormValues;
  /** YYYY-MM-DDTHH:mm at the venue. */
  startsAt: string;
  endsAt: string;
  capacity: NumberValue;
  adultsOnly: boolean;
  /** Whether buyers may refund themselves; off: "No refunds". */
  refunds: boolean;
  /** Refunds until this many days before the event. */
  refundDaysBefore: NumberValue;
  visibility: EventVisibility;
  ticketTypes: TicketTypeFormValues[];
}

export type EventInputVariables = VariablesOf<typeof CREATE_EVENT>['input'];

let lastKey = 0;
const nextKey = () => `ticket-type-${++lastKey}`;

/** A ticket type as a new row of the form starts. */
export function newTicketType(name = ''): TicketTypeFormValues {
  return {
    key: nextKey(),
    name,
    price: '',
    memberPrice: '',
    membersOnly: false,
    capacity: '',
    perOrderLimit: EVENT_LIMITS.perOrderLimitDefault,
    salesStartAt: '',
    salesEndAt: '',
  };
}

/** A new event: at the business's address, 21+, refunds until 7 days before, public. */
export function emptyEvent(): EventFormValues {
  return {
    title: '',
    description: '',
    imageUrl: null,
    venue: { atBusinessAddress: true, name: '', line1: '', city: '', state: null, zip: '' },
    startsAt: '',
    endsAt: '',
    capacity: '',
    adultsOnly: true,
    refunds: true,
    refundDaysBefore: 7,
    visibility: 'public',
    ticketTypes: [newTicketType('General admission')],
  };
}

/** A number the field holds; NaN when it is empty or not a number, which the schema refuses. */
function requiredNumber(value: NumberValue): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? NaN : Number(value);
}

/** A number the field holds, or null when it is empty. */
function optionalNumber(value: NumberValue): number | null {
  return typeof value === 'string' && value.trim() === '' ? null : requiredNumber(value);
}

/** Dollars as whole cents: 19.99 is 1999 (not 1998.9999…). */
export function dollarsToCents(dollars: number): number {
  return Number.isFinite(dollars) ? Math.round(dollars * 100) : NaN;
}

/** A `datetime-local` value as the server takes it (some browsers add seconds), or null. */
function localTime(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(trimmed) ? trimmed.slice(0, 16) : trimmed;
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form's values as the createEvent mutation's input. */
export function eventInput(values: EventFormValues): EventInputVariables {
  const { venue } = values;
  const elsewhere = !venue.atBusinessAddress;
  const memberPrice = (value: NumberValue) => {
    const dollars = optionalNumber(value);
    return dollars === null ? null : dollarsToCents(dollars);
  };
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    imageUrl: values.imageUrl,
    venue: {
      atBusinessAddress: venue.atBusinessAddress,
      name: text(venue.name),
      line1: elsewhere ? text(venue.line1) : null,
      city: elsewhere ? text(venue.city) : null,
      state: elsewhere ? venue.state : null,
      zip: elsewhere ? text(venue.zip) : null,
    },
    startsAt: localTime(values.startsAt) ?? '',
    endsAt: localTime(values.endsAt) ?? '',
    capacity: requiredNumber(values.capacity),
    adultsOnly: values.adultsOnly,
    refundDaysBefore: values.refunds ? requiredNumber(values.refundDaysBefore) : null,
    visibility: values.visibility,
    ticketTypes: values.ticketTypes.map((type) => ({
      name: type.name.trim(),
      priceCents: dollarsToCents(requiredNumber(type.price)),
      memberPriceCents: memberPrice(type.memberPrice),
      membersOnly: type.membersOnly,
      capacity: optionalNumber(type.capacity),
      perOrderLimit: requiredNumber(type.perOrderLimit),
      salesStartAt: localTime(type.salesStartAt),
      salesEndAt: localTime(type.salesEndAt),
    })),
  };
}

/** The input's field names that the form calls otherwise: it holds dollars, not cents. */
const FORM_FIELD_OF: Record<string, string> = {
  priceCents: 'price',
  memberPriceCents: 'memberPrice',
};

/** An EventInput path ("ticketTypes.1.priceCents") as the form's ("ticketTypes.1.price"). */
export function formPath(path: string): string {
  const match = /^(ticketTypes\.\d+\.)(\w+)$/.exec(path);
  const field = match ? FORM_FIELD_OF[match[2]!] : undefined;
  return match && field ? `${match[1]}${field}` : path;
}

/** A server's refusal with the input's paths turned into the form's. */
export function refusalOnForm(refusal: ServerRefusal): ServerRefusal {
  return {
    message: refusal.message,
    field: refusal.field === null ? null : formPath(refusal.field),
    fields: Object.fromEntries(
      Object.entries(refusal.fields).map(([path, message]) => [formPath(path), message]),
    ),
  };
}

const checkInput = zod4Resolver(eventInputSchema, { errorPriority: 'first' });

const isEmpty = (value: NumberValue) => typeof value === 'string' && value.trim() === '';
const notANumber = (value: NumberValue) => !Number.isFinite(requiredNumber(value));

/**
 * The checks the server makes too (the shared schema, on the input the form would send), beside
 * the fields they concern, in words about what the producer sees: dollars and a date picker.
 */
export function validateEventForm(values: EventFormValues): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(checkInput(eventInput(values)))) {
    const field = formPath(path);
    if (!(field in errors)) errors[field] = message;
  }
  // The schema's example ("2026-12-12T18:00") would puzzle next to a date picker.
  if (values.startsAt.trim() === '') errors.startsAt = 'Choose when the event starts.';
  if (values.endsAt.trim() === '') errors.endsAt = 'Choose when the event ends.';
  values.ticketTypes.forEach((type, index) => {
    // The schema speaks of cents, which the producer never typed.
    if (notANumber(type.price)) {
      errors[`ticketTypes.${index}.price`] = 'Enter the price in dollars, such as 25 (0 if free).';
    }
    if (!isEmpty(type.memberPrice) && notANumber(type.memberPrice)) {
      errors[`ticketTypes.${index}.memberPrice`] =
        'Enter the member price in dollars, or leave it empty.';
    }
  });
  return errors;
}

/** The form's fields in the order they show; the keyboard goes to the first in error. */
function fieldsInOrder(values: EventFormValues): string[] {
  const fields = [
    'title',
    'description',
    'venue.atBusinessAddress',
    'venue.name',
    'venue.line1',
    'venue.city',
    'venue.state',
    'venue.zip',
    'startsAt',
    'endsAt',
    'capacity',
    'adultsOnly',
    'refundDaysBefore',
  ];
  values.ticketTypes.forEach((_type, index) => {
    for (const field of [
      'name',
      'price',
      'memberPrice',
      'membersOnly',
      'capacity',
      'perOrderLimit',
      'salesStartAt',
      'salesEndAt',
    ]) {
      fields.push(`ticketTypes.${index}.${field}`);
    }
  });
  return fields;
}

/** The form path of the first field in error, in the order the form shows them. */
export function firstErrorField(values: EventFormValues, errors: FormErrors): string | null {
  return fieldsInOrder(values).find((field) => errors[field]) ?? null;
}
