import { graphql, type ResultOf } from '../../../lib/graphql';

/** An event as listings and its page show it. */
export const EVENT_FIELDS = graphql(`
  fragment PublicEventFields on Event {
    id
    urlKey
    title
    description
    imageUrl
    venueName
    venueLine1
    venueCity
    venueState
    venueZip
    latitude
    longitude
    timeZone
    startsAt
    endsAt
    when
    capacity
    adultsOnly
    refundPolicy
    visibility
    cancelled
    seatsLeft
    availability
    viewerIsMember
    distanceMiles
    business {
      id
      name
      slug
    }
    ticketTypes {
      id
      name
      priceCents
      memberPriceCents
      viewerPriceCents
      membersOnly
      perOrderLimit
      seatsLeft
      availability
      unavailableReason
    }
  }
`);

export type PublicEvent = ResultOf<typeof EVENT_FIELDS>;

export const EVENT_PAGE = graphql(
  `
    query EventPage($urlKey: String!) {
      event(urlKey: $urlKey) {
        ...PublicEventFields
      }
    }
  `,
  [EVENT_FIELDS],
);

export const EVENTS = graphql(
  `
    query Events(
      $from: String
      $to: String
      $zip: String
      $radiusMiles: Float
      $businessSlug: String
      $limit: Int
    ) {
      events(
        from: $from
        to: $to
        zip: $zip
        radiusMiles: $radiusMiles
        businessSlug: $businessSlug
        limit: $limit
      ) {
        ...PublicEventFields
      }
    }
  `,
  [EVENT_FIELDS],
);

export const JOIN_WAITLIST = graphql(`
  mutation JoinWaitlist($ticketTypeId: Int!, $quantity: Int!) {
    joinWaitlist(ticketTypeId: $ticketTypeId, quantity: $quantity) {
      position
    }
  }
`);

export const WAITLIST_OFFER = graphql(`
  query WaitlistOffer($key: String!) {
    waitlistOffer(key: $key) {
      ticketTypeId
      quantity
      expiresAt
      live
    }
  }
`);

const MY_TICKET_FIELDS = graphql(`
  fragment MyTicketFields on MyTicket {
    id
    code
    codeForPeople
    status
    attendeeName
    typeName
    priceCents
    checkedInAt
    checkedInAtVenueTime
    refundable
    orderNumber
    eventTitle
    eventUrlKey
    eventWhen
    eventStartsAt
    eventEnded
    eventCancelled
    venue
    adultsOnly
    businessName
    businessSlug
  }
`);

export type MyTicket = ResultOf<typeof MY_TICKET_FIELDS>;

export const MY_TICKETS = graphql(
  `
    query MyTickets {
      myTickets {
        ...MyTicketFields
      }
    }
  `,
  [MY_TICKET_FIELDS],
);

export const REFUND_MY_TICKET = graphql(
  `
    mutation RefundMyTicket($ticketId: Int!) {
      refundMyTicket(ticketId: $ticketId) {
        ...MyTicketFields
      }
    }
  `,
  [MY_TICKET_FIELDS],
);
