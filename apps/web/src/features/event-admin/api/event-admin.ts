import { graphql, type ResultOf } from '../../../lib/graphql';

/** What the producer's pages show of an event. */
export const MANAGED_EVENT_FIELDS = graphql(`
  fragment ManagedEventFields on ManagedEvent {
    id
    urlKey
    title
    when
    startsAt
    endsAt
    timeZone
    venueName
    venueLine1
    venueCity
    venueState
    venueZip
    capacity
    adultsOnly
    refundPolicy
    visibility
    cancelled
    ticketTypes {
      id
      name
      priceCents
      memberPriceCents
      membersOnly
      capacity
      perOrderLimit
    }
  }
`);

export type ManagedEvent = ResultOf<typeof MANAGED_EVENT_FIELDS>;

export const EVENTS_TO_MANAGE = graphql(
  `
    query EventsToManage($businessSlug: String!) {
      eventsToManage(businessSlug: $businessSlug) {
        ...ManagedEventFields
      }
    }
  `,
  [MANAGED_EVENT_FIELDS],
);

export const CREATE_EVENT = graphql(
  `
    mutation CreateEvent($businessSlug: String!, $input: EventInput!) {
      createEvent(businessSlug: $businessSlug, input: $input) {
        ...ManagedEventFields
      }
    }
  `,
  [MANAGED_EVENT_FIELDS],
);

export const EVENT_SALES = graphql(
  `
    query EventSales($businessSlug: String!, $eventId: Int!) {
      eventSales(businessSlug: $businessSlug, eventId: $eventId) {
        event {
          ...ManagedEventFields
        }
        types {
          typeId
          name
          capacity
          sold
          held
          refunded
          checkedIn
          revenueCents
        }
        sold
        checkedIn
        revenueCents
        waiting
      }
    }
  `,
  [MANAGED_EVENT_FIELDS],
);

export type EventSalesView = ResultOf<typeof EVENT_SALES>['eventSales'];
export type TicketTypeSalesView = EventSalesView['types'][number];

/** One ticket of the event as the attendee list shows it. */
export const EVENT_ATTENDEE_FIELDS = graphql(`
  fragment EventAttendeeFields on EventAttendee {
    ticketId
    code
    status
    attendeeName
    typeName
    priceCents
    checkedInAt
    buyerName
    buyerEmail
    orderId
    orderNumber
    refundable
  }
`);

export type EventAttendeeView = ResultOf<typeof EVENT_ATTENDEE_FIELDS>;

export const EVENT_ATTENDEES = graphql(
  `
    query EventAttendees($businessSlug: String!, $eventId: Int!) {
      eventAttendees(businessSlug: $businessSlug, eventId: $eventId) {
        ...EventAttendeeFields
      }
    }
  `,
  [EVENT_ATTENDEE_FIELDS],
);

export const REFUND_TICKET = graphql(
  `
    mutation RefundTicket($businessSlug: String!, $eventId: Int!, $ticketId: Int!) {
      refundTicket(businessSlug: $businessSlug, eventId: $eventId, ticketId: $ticketId) {
        ...EventAttendeeFields
      }
    }
  `,
  [EVENT_ATTENDEE_FIELDS],
);

export const CANCEL_EVENT = graphql(`
  mutation CancelEvent($businessSlug: String!, $eventId: Int!, $reason: String) {
    cancelEvent(businessSlug: $businessSlug, eventId: $eventId, reason: $reason) {
      refunded
      failed
    }
  }
`);
