import type { PublicEvent } from './api/events';

type Venue = Pick<
  PublicEvent,
  'venueName' | 'venueLine1' | 'venueCity' | 'venueState' | 'venueZip'
>;

/** "The barrel room, 1 Main St, Napa, CA 94559". */
export function venueAddress(event: Venue): string {
  const street = `${event.venueLine1}, ${event.venueCity}, ${event.venueState} ${event.venueZip}`;
  return event.venueName ? `${event.venueName}, ${street}` : street;
}

/**
 * The event as schema.org describes one, for search engines and link previews: where, when (as
 * instants, which carry their own zone), its offers with their availability, and who hosts it.
 * Escaped so that nothing typed into a title can close the script element.
 */
export function eventJsonLd(event: PublicEvent, origin: string): string {
  const url = `${origin}/events/${event.urlKey}`;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description: event.description || undefined,
    startDate: event.startsAt,
    endDate: event.endsAt,
    eventStatus: event.cancelled
      ? 'https://schema.org/EventCancelled'
      : 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    image: event.imageUrl ? [new URL(event.imageUrl, origin).href] : undefined,
    url,
    location: {
      '@type': 'Place',
      name: event.venueName ?? event.business.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.venueLine1,
        addressLocality: event.venueCity,
        addressRegion: event.venueState,
        postalCode: event.venueZip,
        addressCountry: 'US',
      },
    },
    organizer: {
      '@type': 'Organization',
      name: event.business.name,
      url: `${origin}/business/${event.business.slug}`,
    },
    offers: event.ticketTypes.map((type) => ({
      '@type': 'Offer',
      name: type.name,
      price: (type.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability:
        type.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    })),
    typicalAgeRange: event.adultsOnly ? '21-' : undefined,
  };
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
