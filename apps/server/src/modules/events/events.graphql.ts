import {
  EVENT_VISIBILITIES,
  formatEventWhen,
  refundPolicyText,
  seatsLeftLabel,
  utcToZonedLocal,
} from '@bevy/core';
import { builder } from '../../graphql/builder';
import { BusinessType } from '../businesses/businesses.graphql';
import { findBusinessBySlug } from '../businesses/index';
import { eventSales, cancelEvent, type EventSales, type TypeSales } from './event-admin.service';
import {
  eventByKey,
  findEvents,
  type EventView,
  type TicketTypeView,
} from './event-listing.service';
import { createEvent, eventsToManage, type EventWithTypes } from './events.service';

const EventVisibilityType = builder.enumType('EventVisibility', {
  values: EVENT_VISIBILITIES,
  description: 'public: listed; unlisted: only by its link; members: for club members only.',
});

/** What every view of an event has, from its row: buyers' (Event) and producers' (ManagedEvent). */
const EventDetailsType = builder.interfaceRef<EventWithTypes>('EventDetails');
EventDetailsType.implement({
  resolveType: (event) => ('business' in event ? 'Event' : 'ManagedEvent'),
  fields: (t) => ({
    id: t.exposeInt('id'),
    urlKey: t.exposeString('url_key', { description: 'Its page: /events/{urlKey}.' }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    imageUrl: t.exposeString('image_path', { nullable: true }),
    venueName: t.exposeString('venue_name', { nullable: true }),
    venueLine1: t.exposeString('venue_line1'),
    venueCity: t.exposeString('venue_city'),
    venueState: t.exposeString('venue_state'),
    venueZip: t.exposeString('venue_zip'),
    latitude: t.exposeFloat('latitude', { nullable: true }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
    timeZone: t.exposeString('time_zone', { description: 'The venue’s IANA zone.' }),
    startsAt: t.string({ resolve: (event) => event.starts_at.toISOString() }),
    endsAt: t.string({ resolve: (event) => event.ends_at.toISOString() }),
    startsAtLocal: t.string({
      description: 'YYYY-MM-DDTHH:mm in the venue’s zone.',
      resolve: (event) => utcToZonedLocal(event.starts_at, event.time_zone),
    }),
    endsAtLocal: t.string({
      resolve: (event) => utcToZonedLocal(event.ends_at, event.time_zone),
    }),
    when: t.string({
      description: 'E.g. "Saturday, December 12, 2026, 6:00 PM – 9:00 PM PT", in the venue’s zone.',
      resolve: (event) => formatEventWhen(event.starts_at, event.ends_at, event.time_zone),
    }),
    capacity: t.exposeInt('capacity'),
    adultsOnly: t.exposeBoolean('adults_only'),
    refundDaysBefore: t.exposeInt('refund_days_before', { nullable: true }),
    refundPolicy: t.string({ resolve: (event) => refundPolicyText(event.refund_days_before) }),
    visibility: t.field({ type: EventVisibilityType, resolve: (event) => event.visibility }),
    cancelled: t.boolean({ resolve: (event) => event.status === 'cancelled' }),
  }),
});

export const TicketTypeType = builder.objectRef<TicketTypeView>('TicketType');
TicketTypeType.implement({
  description: 'A kind of ticket to an event, as the viewer may buy it.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    priceCents: t.exposeInt('price_cents', {
      description: 'All-in: fees included; tax as for products.',
    }),
    memberPriceCents: t.exposeInt('member_price_cents', { nullable: true }),
    viewerPriceCents: t.exposeInt('viewerPriceCents', {
      description: 'What the viewer pays: the member price for members of the producer’s clubs.',
    }),
    membersOnly: t.exposeBoolean('members_only'),
    capacity: t.exposeInt('capacity', { nullable: true }),
    perOrderLimit: t.exposeInt('per_order_limit'),
    salesStartAt: t.string({
      nullable: true,
      resolve: (type) => type.sales_start_at?.toISOString(),
    }),
    salesEndAt: t.string({ nullable: true, resolve: (type) => type.sales_end_at?.toISOString() }),
    seatsLeft: t.exposeInt('seatsLeft'),
    availability: t.string({
      description: '"12 left" or "Sold out".',
      resolve: (type) => seatsLeftLabel(type.seatsLeft),
    }),
    unavailableReason: t.exposeString('unavailableReason', {
      nullable: true,
      description: 'Why the viewer cannot buy it now; null when they can.',
    }),
  }),
});

export const EventType = builder.objectRef<EventView>('Event');
EventType.implement({
  description: 'An event a producer runs: a tasting, tour, release party or dinner.',
  interfaces: [EventDetailsType],
  fields: (t) => ({
    business: t.field({ type: BusinessType, resolve: (event) => event.business }),
    ticketTypes: t.field({ type: [TicketTypeType], resolve: (event) => event.types }),
    seatsLeft: t.exposeInt('seatsLeft'),
    availability: t.string({ resolve: (event) => seatsLeftLabel(event.seatsLeft) }),
    viewerIsMember: t.exposeBoolean('viewerIsMember'),
    distanceMiles: t.exposeFloat('distanceMiles', { nullable: true }),
  }),
});

const ManagedTicketTypeType =
  builder.objectRef<EventWithTypes['types'][number]>('ManagedTicketType');
ManagedTicketTypeType.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    priceCents: t.exposeInt('price_cents'),
    memberPriceCents: t.exposeInt('member_price_cents', { nullable: true }),
    membersOnly: t.exposeBoolean('members_only'),
    capacity: t.exposeInt('capacity', { nullable: true }),
    perOrderLimit: t.exposeInt('per_order_limit'),
  }),
});

const ManagedEventType = builder.objectRef<EventWithTypes>('ManagedEvent');
ManagedEventType.implement({
  description: 'An event as the people who run it see it.',
  interfaces: [EventDetailsType],
  fields: (t) => ({
    ticketTypes: t.field({ type: [ManagedTicketTypeType], resolve: (event) => event.types }),
  }),
});

const TypeSalesType = builder.objectRef<TypeSales>('TicketTypeSales');
TypeSalesType.implement({
  fields: (t) => ({
    typeId: t.exposeInt('typeId'),
    name: t.exposeString('name'),
    capacity: t.exposeInt('capacity', { nullable: true }),
    sold: t.exposeInt('sold'),
    held: t.exposeInt('held', {
      description: 'Seats held by buyers paying now, or offered to the waitlist.',
    }),
    refunded: t.exposeInt('refunded'),
    checkedIn: t.exposeInt('checkedIn'),
    revenueCents: t.exposeInt('revenueCents'),
  }),
});

const EventSalesType = builder.objectRef<EventSales>('EventSales');
EventSalesType.implement({
  fields: (t) => ({
    event: t.field({ type: ManagedEventType, resolve: (sales) => sales.event }),
    types: t.field({ type: [TypeSalesType], resolve: (sales) => sales.types }),
    sold: t.exposeInt('sold'),
    checkedIn: t.exposeInt('checkedIn'),
    revenueCents: t.exposeInt('revenueCents'),
    waiting: t.exposeInt('waiting', { description: 'People on the waitlist.' }),
  }),
});

const TicketTypeInput = builder.inputType('TicketTypeInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    priceCents: t.int({ required: true }),
    memberPriceCents: t.int(),
    membersOnly: t.boolean(),
    capacity: t.int({ description: 'Seats of this type; none: only the event’s capacity.' }),
    perOrderLimit: t.int(),
    salesStartAt: t.string({ description: 'YYYY-MM-DDTHH:mm in the venue’s zone; none: now.' }),
    salesEndAt: t.string({ description: 'YYYY-MM-DDTHH:mm; none: until the event starts.' }),
  }),
});

const EventVenueInput = builder.inputType('EventVenueInput', {
  fields: (t) => ({
    atBusinessAddress: t.boolean({ required: true }),
    name: t.string(),
    line1: t.string(),
    city: t.string(),
    state: t.string(),
    zip: t.string(),
  }),
});

const EventInput = builder.inputType('EventInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string(),
    imageUrl: t.string({ description: 'An uploaded image (/uploads/…), or none.' }),
    venue: t.field({ type: EventVenueInput, required: true }),
    startsAt: t.string({ required: true, description: 'YYYY-MM-DDTHH:mm in the venue’s zone.' }),
    endsAt: t.string({ required: true }),
    capacity: t.int({ required: true }),
    adultsOnly: t.boolean(),
    refundDaysBefore: t.int({
      description: 'Refunds until this many days before; none: no refunds.',
    }),
    visibility: t.field({ type: EventVisibilityType }),
    ticketTypes: t.field({ type: [TicketTypeInput], required: true }),
  }),
});

/** GraphQL's absent fields as the schema's defaults expect them: undefined, not null. */
const defined = <T extends object>(input: T) =>
  Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
  );

builder.queryFields((t) => ({
  events: t.field({
    type: [EventType],
    description:
      'Upcoming events across producers, soonest first: by date (YYYY-MM-DD, in each venue’s zone) and distance from a ZIP code.',
    args: {
      from: t.arg.string(),
      to: t.arg.string(),
      zip: t.arg.string(),
      radiusMiles: t.arg.float(),
      businessSlug: t.arg.string(),
      limit: t.arg.int(),
    },
    resolve: async (_root, args, ctx) => {
      const business = args.businessSlug ? await findBusinessBySlug(ctx, args.businessSlug) : null;
      if (args.businessSlug && !business) return [];
      return findEvents(ctx, { ...args, businessId: business?.id ?? null });
    },
  }),
  event: t.field({
    type: EventType,
    description: 'One event by its page’s key.',
    args: { urlKey: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => eventByKey(ctx, args.urlKey),
  }),
  eventsToManage: t.field({
    type: [ManagedEventType],
    description: 'A business’s events, upcoming first. People who work there only.',
    args: { businessSlug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => eventsToManage(ctx, args.businessSlug),
  }),
  eventSales: t.field({
    type: EventSalesType,
    description:
      'Sales, seats and check-ins of an event by ticket type. People who work there only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) => eventSales(ctx, args.businessSlug, args.eventId),
  }),
}));

const CancelEventResultType = builder.objectRef<{ refunded: number; failed: number }>(
  'CancelEventResult',
);
CancelEventResultType.implement({
  fields: (t) => ({
    refunded: t.exposeInt('refunded'),
    failed: t.exposeInt('failed', {
      description: 'Tickets whose refund failed; cancel again to retry.',
    }),
  }),
});

builder.mutationFields((t) => ({
  createEvent: t.field({
    type: ManagedEventType,
    description:
      'Creates an event with its ticket types, on sale at once. People who work at the business only.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      input: t.arg({ type: EventInput, required: true }),
    },
    resolve: (_root, { businessSlug, input }, ctx) =>
      createEvent(ctx, businessSlug, {
        ...defined(input),
        venue: defined(input.venue),
        refundDaysBefore: input.refundDaysBefore ?? null,
        ticketTypes: input.ticketTypes.map(defined),
      }),
  }),
  cancelEvent: t.field({
    type: CancelEventResultType,
    description: 'Cancels the event: refunds every ticket and emails every buyer.',
    args: {
      businessSlug: t.arg.string({ required: true }),
      eventId: t.arg.int({ required: true }),
      reason: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      cancelEvent(ctx, args.businessSlug, args.eventId, args.reason ?? null),
  }),
}));
