import { checkInResultTitle, formatEventTime, formatEventWhen, formatTicketCode } from '@bevy/core';
import { builder } from '../../graphql/builder';
import {
  findAttendees,
  scanTicket,
  type AttendeeMatch,
  type CheckInAnswer,
} from './check-in.service';
import { eventAttendees } from './event-admin.service';
import { venueLine } from './ticket-emails';
import { myTickets, refundMyTicket, refundTicketAsProducer } from './tickets.service';
import { joinWaitlist, waitlistOffer } from './waitlist.service';

type MyTicket = Awaited<ReturnType<typeof myTickets>>[number];
type Attendee = Awaited<ReturnType<typeof eventAttendees>>['attendees'][number];

const MyTicketType = builder.objectRef<MyTicket>('MyTicket');
MyTicketType.implement({
  description: 'A ticket the viewer bought, with the code its QR code holds.',
  fields: (t) => ({
    id: t.int({ resolve: (row) => row.ticket.id }),
    code: t.string({ description: 'What the QR code holds.', resolve: (row) => row.ticket.code }),
    codeForPeople: t.string({
      description: 'The code in groups of four, for typing at the door.',
      resolve: (row) => formatTicketCode(row.ticket.code),
    }),
    status: t.string({
      description: '"valid", "refunded" or "cancelled".',
      resolve: (row) => row.ticket.status,
    }),
    attendeeName: t.string({ nullable: true, resolve: (row) => row.ticket.attendee_name }),
    typeName: t.string({ resolve: (row) => row.typeName }),
    priceCents: t.int({ resolve: (row) => row.ticket.price_cents }),
    checkedInAt: t.string({
      nullable: true,
      resolve: (row) => row.ticket.checked_in_at?.toISOString(),
    }),
    refundable: t.boolean({
      description: 'The buyer may refund it now, under the event’s policy.',
      resolve: (row) => row.refundable,
    }),
    orderNumber: t.string({ resolve: (row) => row.orderNumber }),
    eventTitle: t.string({ resolve: (row) => row.event.title }),
    eventUrlKey: t.string({ resolve: (row) => row.event.url_key }),
    eventWhen: t.string({
      description: 'In the venue’s zone, e.g. "…, 6:00 PM – 9:00 PM PT".',
      resolve: (row) =>
        formatEventWhen(row.event.starts_at, row.event.ends_at, row.event.time_zone),
    }),
    eventStartsAt: t.string({ resolve: (row) => row.event.starts_at.toISOString() }),
    eventTimeZone: t.string({
      description: 'The venue’s IANA zone.',
      resolve: (row) => row.event.time_zone,
    }),
    checkedInAtVenueTime: t.string({
      nullable: true,
      description: 'When it was admitted, in the venue’s time, e.g. "6:42 PM PT".',
      resolve: (row) =>
        row.ticket.checked_in_at
          ? formatEventTime(row.ticket.checked_in_at, row.event.time_zone)
          : null,
    }),
    eventEnded: t.boolean({ resolve: (row, _args, ctx) => row.event.ends_at <= ctx.clock.now() }),
    eventCancelled: t.boolean({ resolve: (row) => row.event.status === 'cancelled' }),
    venue: t.string({ resolve: (row) => venueLine({ ...row.event, businessName: '' }) }),
    adultsOnly: t.boolean({ resolve: (row) => row.event.adults_only }),
    businessName: t.string({ resolve: (row) => row.businessName }),
    businessSlug: t.string({ resolve: (row) => row.businessSlug }),
  }),
});

const AttendeeType = builder.objectRef<Attendee>('EventAttendee');
AttendeeType.implement({
  fields: (t) => ({
    ticketId: t.exposeInt('id'),
    code: t.exposeString('code'),
    status: t.exposeString('status'),
    attendeeName: t.exposeString('attendeeName', { nullable: true }),
    typeName: t.exposeString('typeName'),
    priceCents: t.exposeInt('priceCents'),
    checkedInAt: t.string({ nullable: true, resolve: (row) => row.checkedInAt?.toISOString() }),
    buyerName: t.exposeString('buyerName', { nullable: true }),
    buyerEmail: t.exposeString('buyerEmail', { nullable: true }),
    orderId: t.exposeInt('orderId'),
    orderNumber: t.exposeString('orderNumber'),
    refundable: t.exposeBoolean('refundable', {
      description: 'Paid, or cancelled after its order was paid: the producer may refund it.',
    }),
  }),
});

const CheckInAnswerType = builder.objectRef<CheckInAnswer>('CheckInAnswer');
CheckInAnswerType.implement({
  description: 'What the door answers to a scan.',
  fields: (t) => ({
    result: t.exposeString('result', {
      description:
        'admitted, already_checked_in, other_event, refunded, cancelled, not_paid or unknown_code.',
    }),
    title: t.string({ resolve: (answer) => checkInResultTitle(answer.result) }),
    code: t.exposeString('code'),
    ticketTypeName: t.exposeString('ticketTypeName', { nullable: true }),
    attendeeName: t.exposeString('attendeeName', { nullable: true }),
    checkId: t.exposeBoolean('checkId', { description: 'The event is 21+: check ID.' }),
    checkedInAt: t.string({
      nullable: true,
      resolve: (answer) => answer.checkedInAt?.toISOString(),
    }),
    checkedInByName: t.exposeString('checkedInByName', { nullable: true }),
    otherEventTitle: t.exposeString('otherEventTitle', { nullable: true }),
    conflict: t.exposeBoolean('conflict', {
      description: 'Scanned offline after another phone admitted the ticket.',
    }),
    checkedInCount: t.exposeInt('checkedInCount'),
  }),
});

const AttendeeMatchType = builder.objectRef<AttendeeMatch>('AttendeeMatch');
AttendeeMatchType.implement({
  fields: (t) => ({
    code: t.exposeString('code'),
    attendeeName: t.exposeString('attendeeName', { nullable: true }),
    buyerName: t.exposeString('buyerName', { nullable: true }),
    ticketTypeName: t.exposeString('ticketTypeName'),
    checkedInAt: t.string({ nullable: true, resolve: (row) => row.checkedInAt?.toISOString() }),
  }),
});

const WaitlistOfferType =
  builder.objectRef<Awaited<ReturnType<typeof waitlistOffer>>>('WaitlistOffer');
WaitlistOfferType.implement({
  fields: (t) => ({
    ticketTypeId: t.exposeInt('ticket_type_id'),
    quantity: t.exposeInt('quantity'),
    expiresAt: t.string({
      nullable: true,
      resolve: (offer) => offer.offer_expires_at?.toISOString(),
    }),
    live: t.exposeBoolean('live', { description: 'Still held for the viewer.' }),
  }),
});

const ScanInput = builder.inputType('ScanInput', {
  fields: (t) => ({
    code: t.string({ required: true }),
    nonce: t.string({ required: true, description: 'Made by the scanner once per scan.' }),
    scannedAt: t.string({ description: 'ISO 8601; for scans queued offline.' }),
    device: t.string(),
    offline: t.boolean(),
  }),
});

builder.queryFields((t) => ({
  myTickets: t.field({
    type: [MyTicketType],
    description: 'The viewer’s tickets, upcoming events first.',
    resolve: (_root, _args, ctx) => myTickets(ctx),
  }),
  eventAttendees: t.field({
    type: [AttendeeType],
    description:
      'Every ticket of an event with its attendee and buyer. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) =>
      (await eventAttendees(ctx, args.businessSlug, args.eventId)).attendees,
  }),
  findAttendees: t.field({
    type: [AttendeeMatchType],
    description: 'Paid tickets whose attendee or buyer matches, for check-in by name.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
      query: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => findAttendees(ctx, args.businessSlug, args.eventId, args.query),
  }),
  waitlistOffer: t.field({
    type: WaitlistOfferType,
    description: 'The waitlist offer behind a link; only the person it was made to may see it.',
    args: { key: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => waitlistOffer(ctx, args.key),
  }),
}));

const WaitlistPlaceType = builder.objectRef<{ position: number }>('WaitlistPlace');
WaitlistPlaceType.implement({
  fields: (t) => ({ position: t.exposeInt('position') }),
});

builder.mutationFields((t) => ({
  scanTicket: t.field({
    type: CheckInAnswerType,
    description: 'Checks a ticket in at the door; the same nonce gets the same answer.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
      input: t.arg({ type: ScanInput, required: true }),
    },
    resolve: (_root, args, ctx) => scanTicket(ctx, args.businessSlug, args.eventId, args.input),
  }),
  refundMyTicket: t.field({
    type: [MyTicketType],
    description:
      'Refunds one of the viewer’s tickets, within the event’s policy; answers their tickets.',
    args: { ticketId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await refundMyTicket(ctx, args.ticketId);
      return myTickets(ctx);
    },
  }),
  refundTicket: t.field({
    type: [AttendeeType],
    description: 'The producer refunds any ticket of their event; answers the attendee list.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
      ticketId: t.arg.int({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      await refundTicketAsProducer(ctx, args.businessSlug, args.eventId, args.ticketId);
      return (await eventAttendees(ctx, args.businessSlug, args.eventId)).attendees;
    },
  }),
  joinWaitlist: t.field({
    type: WaitlistPlaceType,
    description: 'Joins the waitlist of a sold-out ticket type.',
    args: { ticketTypeId: t.arg.int({ required: true }), quantity: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) => joinWaitlist(ctx, args.ticketTypeId, args.quantity),
  }),
}));
