import type { EventVisibility } from '@bevy/core';
import { businessPath } from '../../components/business-nav';

/** Who sees an event, as the producer's pages name it. */
export const VISIBILITY_LABELS: Record<EventVisibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted link',
  members: 'Club members only',
};

/** What each visibility means, under its choice in the form. */
export const VISIBILITY_DESCRIPTIONS: Record<EventVisibility, string> = {
  public: 'Listed for everyone to find.',
  unlisted: 'Not listed: only people with its link can find it.',
  members: 'Only members of your clubs can see it and buy tickets.',
};

export const VISIBILITY_COLORS: Record<EventVisibility, string> = {
  public: 'green',
  unlisted: 'yellow',
  members: 'grape',
};

/** The producer's events: /business/{slug}/events. */
export const eventsPath = (businessSlug: string) => `${businessPath(businessSlug)}/events`;

/** One event's sales and attendees: /business/{slug}/events/{id}. */
export const eventManagePath = (businessSlug: string, eventId: number) =>
  `${eventsPath(businessSlug)}/${eventId}`;

/** The door's check-in page of an event. */
export const eventCheckInPath = (businessSlug: string, eventId: number) =>
  `${eventManagePath(businessSlug, eventId)}/check-in`;

/** The attendee list as a CSV file, served by the API server. */
export const attendeesCsvHref = (businessSlug: string, eventId: number) =>
  `${eventManagePath(businessSlug, eventId)}/attendees.csv`;

/** The event's public page, where buyers get tickets. */
export const publicEventPath = (urlKey: string) => `/events/${encodeURIComponent(urlKey)}`;

/** The venue on one line: "The barrel room, 12 Main St, Portland, OR 97214". */
export function venueLine(event: {
  venueName: string | null;
  venueLine1: string;
  venueCity: string;
  venueState: string;
  venueZip: string;
}): string {
  const address = `${event.venueLine1}, ${event.venueCity}, ${event.venueState} ${event.venueZip}`;
  return event.venueName ? `${event.venueName}, ${address}` : address;
}

/** "1 ticket", "3 tickets". */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
