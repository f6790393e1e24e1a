import { graphql } from '../../../lib/graphql';

/** The door's header: the event, tickets sold and people in. */
export const DOOR_EVENT = graphql(`
  query DoorEvent($businessSlug: String!, $eventId: Int!) {
    eventSales(businessSlug: $businessSlug, eventId: $eventId) {
      sold
      checkedIn
      event {
        id
        title
        when
        adultsOnly
        capacity
        cancelled
      }
    }
  }
`);

/** One scan (camera, typed code or name); the same nonce always gets the same answer. */
export const SCAN_TICKET = graphql(`
  mutation ScanTicket($businessSlug: String!, $eventId: Int!, $input: ScanInput!) {
    scanTicket(businessSlug: $businessSlug, eventId: $eventId, input: $input) {
      result
      title
      code
      ticketTypeName
      attendeeName
      checkId
      checkedInAt
      checkedInByName
      otherEventTitle
      conflict
      checkedInCount
    }
  }
`);

/** Paid tickets of the event whose attendee or buyer matches, for check-in by name. */
export const FIND_ATTENDEES = graphql(`
  query FindAttendees($businessSlug: String!, $eventId: Int!, $query: String!) {
    findAttendees(businessSlug: $businessSlug, eventId: $eventId, query: $query) {
      code
      attendeeName
      buyerName
      ticketTypeName
      checkedInAt
    }
  }
`);
