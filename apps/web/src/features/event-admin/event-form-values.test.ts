import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  emptyEvent,
  eventInput,
  firstErrorField,
  formPath,
  newTicketType,
  refusalOnForm,
  validateEventForm,
  type EventFormValues,
} from './event-form-values';

const filled = (): EventFormValues => ({
  ...emptyEvent(),
  title: '  Harvest party ',
  description: 'Wine and music.',
  startsAt: '2030-10-03T18:00',
  endsAt: '2030-10-03T21:00',
  capacity: 80,
  ticketTypes: [
    { ...newTicketType('General admission'), price: 19.99, memberPrice: 15 },
    {
      ...newTicketType('Members’ table'),
      price: 45,
      membersOnly: true,
      capacity: 12,
      perOrderLimit: 4,
      salesStartAt: '2030-09-01T09:00',
      salesEndAt: '2030-10-02T23:59',
    },
  ],
});

describe('the new-event form', () => {
  it('starts at the business’s address, 21+, public, with one ticket type of 10 per order', () => {
    const values = emptyEvent();
    expect(values.venue.atBusinessAddress).toBe(true);
    expect(values.adultsOnly).toBe(true);
    expect(values.visibility).toBe('public');
    expect(values.ticketTypes).toHaveLength(1);
    expect(values.ticketTypes[0]).toMatchObject({ name: 'General admission', perOrderLimit: 10 });
    expect(newTicketType().key).not.toBe(newTicketType().key);
  });

  it('turns dollars into whole cents', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1234.56)).toBe(123456);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsToCents(NaN)).toBeNaN();
  });

  it('sends prices in cents, empty fields as null, and no address at the business’s own', () => {
    const values = filled();
    values.venue = { ...values.venue, name: ' Barrel room ', line1: '1 Half-typed St' };
    expect(eventInput(values)).toEqual({
      title: 'Harvest party',
      description: 'Wine and music.',
      imageUrl: null,
      venue: {
        atBusinessAddress: true,
        name: 'Barrel room',
        line1: null,
        city: null,
        state: null,
        zip: null,
      },
      startsAt: '2030-10-03T18:00',
      endsAt: '2030-10-03T21:00',
      capacity: 80,
      adultsOnly: true,
      refundDaysBefore: 7,
      visibility: 'public',
      ticketTypes: [
        {
          name: 'General admission',
          priceCents: 1999,
          memberPriceCents: 1500,
          membersOnly: false,
          capacity: null,
          perOrderLimit: 10,
          salesStartAt: null,
          salesEndAt: null,
        },
        {
          name: 'Members’ table',
          priceCents: 4500,
          memberPriceCents: null,
          membersOnly: true,
          capacity: 12,
          perOrderLimit: 4,
          salesStartAt: '2030-09-01T09:00',
          salesEndAt: '2030-10-02T23:59',
        },
      ],
    });
    expect(validateEventForm(values)).toEqual({});
  });

  it('sends another address, no refunds as null, and drops the seconds some browsers add', () => {
    const values = filled();
    values.venue = {
      atBusinessAddress: false,
      name: '',
      line1: '12 Main St',
      city: 'Portland',
      state: 'OR',
      zip: '97214',
    };
    values.refunds = false;
    values.startsAt = '2030-10-03T18:00:00';
    const input = eventInput(values);
    expect(input.venue).toEqual({
      atBusinessAddress: false,
      name: null,
      line1: '12 Main St',
      city: 'Portland',
      state: 'OR',
      zip: '97214',
    });
    expect(input.refundDaysBefore).toBeNull();
    expect(input.startsAt).toBe('2030-10-03T18:00');
    expect(validateEventForm(values)).toEqual({});
  });

  it('says what is missing beside each field, in dollars, and where the keyboard goes first', () => {
    const values = emptyEvent();
    values.venue.atBusinessAddress = false;
    values.ticketTypes[0]!.memberPrice = 'abc';
    const errors = validateEventForm(values);
    expect(errors).toMatchObject({
      title: 'Name the event.',
      'venue.line1': 'Enter the street address.',
      'venue.state': 'Choose a US state.',
      startsAt: 'Choose when the event starts.',
      endsAt: 'Choose when the event ends.',
      capacity: 'Enter the seats as a whole number.',
      'ticketTypes.0.price': 'Enter the price in dollars, such as 25 (0 if free).',
      'ticketTypes.0.memberPrice': 'Enter the member price in dollars, or leave it empty.',
    });
    expect(Object.keys(errors).some((path) => path.endsWith('Cents'))).toBe(false);
    expect(firstErrorField(values, errors)).toBe('title');
  });

  it('checks the rules between fields, on the form’s own fields', () => {
    const values = filled();
    values.endsAt = '2030-10-03T17:00';
    values.ticketTypes[0]!.memberPrice = 25;
    values.ticketTypes[1]!.capacity = 100;
    values.ticketTypes[1]!.name = 'general ADMISSION';
    const errors = validateEventForm(values);
    expect(errors).toEqual({
      endsAt: 'The event must end after it starts.',
      'ticketTypes.0.memberPrice': 'The member price cannot be more than the price.',
      'ticketTypes.1.capacity': "A ticket type has at most the event's 80 seats.",
      'ticketTypes.1.name': 'Give each ticket type its own name.',
    });
    expect(firstErrorField(values, errors)).toBe('endsAt');
  });

  it('puts the server’s refusals on the form’s fields', () => {
    expect(formPath('ticketTypes.2.priceCents')).toBe('ticketTypes.2.price');
    expect(formPath('ticketTypes.0.memberPriceCents')).toBe('ticketTypes.0.memberPrice');
    expect(formPath('venue.zip')).toBe('venue.zip');
    expect(
      refusalOnForm({
        message: 'The price is at most $10,000.',
        field: 'ticketTypes.1.priceCents',
        fields: {
          'ticketTypes.1.priceCents': 'The price is at most $10,000.',
          'venue.zip': 'We could not find the ZIP code 00000.',
        },
      }),
    ).toEqual({
      message: 'The price is at most $10,000.',
      field: 'ticketTypes.1.price',
      fields: {
        'ticketTypes.1.price': 'The price is at most $10,000.',
        'venue.zip': 'We could not find the ZIP code 00000.',
      },
    });
  });
});
