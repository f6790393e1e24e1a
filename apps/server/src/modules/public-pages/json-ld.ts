import { utcToZonedLocal, zoneOffsetMinutes } from '@bevy/core';
import type { AddressRow } from '../businesses/index';
import type { PublicBusiness, PublicClub, PublicEvent, PublicProduct } from './page-data';
import { businessUrl, siteImageUrl } from './urls';

/** schema.org descriptions of the public pages, as Google's rich results read them. */

type Json = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

/** Cents as schema.org's price text, "24.00". */
export const price = (cents: number) => (cents / 100).toFixed(2);

/** Where a LocalBusiness subtype says what the producer is; others are a plain LocalBusiness. */
const TYPE_BY_BEVERAGE: Record<string, string> = {
  Wine: 'Winery',
  Beer: 'Brewery',
  Spirit: 'Distillery',
};

function postalAddress(address: AddressRow): Json {
  const street = [address.street_number, address.route].filter(Boolean).join(' ');
  return compact({
    '@type': 'PostalAddress',
    streetAddress: street || undefined,
    addressLocality: address.locality ?? undefined,
    addressRegion: address.administrative_area_level_1 ?? undefined,
    postalCode: address.postal_code ?? undefined,
    addressCountry: address.country,
  });
}

/** The producer: a reference to it as an Organization, or in full as the LocalBusiness it is. */
export function organization(origin: string, business: PublicBusiness, full: boolean): Json {
  const url = businessUrl(origin, business.slug);
  if (!full) return { '@type': 'Organization', name: business.name, url };
  const type = business.address
    ? (TYPE_BY_BEVERAGE[business.mainBeverage ?? ''] ?? 'LocalBusiness')
    : 'Organization';
  return compact({
    '@type': type,
    name: business.name,
    url,
    description: business.description || undefined,
    image: siteImageUrl(origin, business.heroPath) ?? undefined,
    logo: siteImageUrl(origin, business.logoPath) ?? undefined,
    telephone: business.phone ?? undefined,
    address: business.address ? postalAddress(business.address) : undefined,
    sameAs: business.sameAs.length > 0 ? business.sameAs : undefined,
  });
}

export function businessJsonLd(origin: string, business: PublicBusiness): Json {
  return { '@context': SCHEMA, ...organization(origin, business, true) };
}

function shippingDetails(product: PublicProduct, cents: number): Json[] | undefined {
  const { shipping, freeShippingOverCents } = product.business;
  if (shipping.length === 0) return undefined;
  const free = freeShippingOverCents !== null && cents >= freeShippingOverCents;
  return shipping.map((entry) => ({
    '@type': 'OfferShippingDetails',
    shippingDestination: {
      '@type': 'DefinedRegion',
      addressCountry: 'US',
      addressRegion: entry.states,
    },
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: price(free ? 0 : entry.oneBottleCents),
      currency: 'USD',
    },
  }));
}

/** A Product with its single-bottle retail Offer; never any other channel's price. */
export function productJsonLd(
  origin: string,
  product: PublicProduct,
  pageUrl: string,
  images: string[],
): Json {
  const cents = product.retailCents;
  return compact({
    ...thing('Product', product.name, product.description, pageUrl, images),
    sku: String(product.id),
    category: product.beverageType,
    brand: { '@type': 'Brand', name: product.producedBy },
    offers:
      cents === null
        ? undefined
        : compact({
            '@type': 'Offer',
            url: pageUrl,
            price: price(cents),
            priceCurrency: 'USD',
            availability: `${SCHEMA}/${product.inStock ? 'InStock' : 'OutOfStock'}`,
            itemCondition: `${SCHEMA}/NewCondition`,
            seller: organization(origin, product.business, false),
            shippingDetails: shippingDetails(product, cents),
          }),
  });
}

/** An instant as ISO 8601 with the venue's offset, "2026-06-01T18:00:00-07:00". */
export function zonedIso(at: Date, timeZone: string): string {
  const offset = zoneOffsetMinutes(at, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${utcToZonedLocal(at, timeZone)}:00${sign}${hours}:${minutes}`;
}

export function eventJsonLd(
  origin: string,
  event: PublicEvent,
  pageUrl: string,
  images: string[],
): Json {
  const zone = event.timeZone;
  return compact({
    ...thing('Event', event.title, event.description, pageUrl, images),
    startDate: zonedIso(event.startsAt, zone),
    endDate: zonedIso(event.endsAt, zone),
    eventStatus: `${SCHEMA}/${event.cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: `${SCHEMA}/OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: event.venueName ?? event.business.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: event.venue.line1,
        addressLocality: event.venue.city,
        addressRegion: event.venue.state,
        postalCode: event.venue.zip,
        addressCountry: 'US',
      },
    },
    organizer: organization(origin, event.business, false),
    offers:
      event.tickets.length === 0
        ? undefined
        : event.tickets.map((ticket) =>
            compact({
              '@type': 'Offer',
              name: ticket.name,
              url: pageUrl,
              price: price(ticket.priceCents),
              priceCurrency: 'USD',
              availability: `${SCHEMA}/${ticket.seatsLeft > 0 && !event.cancelled ? 'InStock' : 'SoldOut'}`,
              validFrom: ticket.salesStartAt ? zonedIso(ticket.salesStartAt, zone) : undefined,
            }),
          ),
  });
}

/** A club as the membership it sells: a Product whose offers are its fixed-price tiers. */
export function clubJsonLd(
  origin: string,
  club: PublicClub,
  pageUrl: string,
  images: string[],
): Json {
  const priced = club.tiers.filter((tier) => tier.fixedPriceCents !== null);
  return compact({
    ...thing('Product', club.name, club.description, pageUrl, images),
    sku: `club-${club.id}`,
    category: 'Club membership',
    brand: { '@type': 'Brand', name: club.business.name },
    offers:
      priced.length === 0
        ? undefined
        : priced.map((tier) => ({
            '@type': 'Offer',
            name: `${tier.name} (${tier.bottles} bottles a release)`,
            url: pageUrl,
            price: price(tier.fixedPriceCents!),
            priceCurrency: 'USD',
            availability: `${SCHEMA}/InStock`,
            seller: organization(origin, club.business, false),
          })),
  });
}

/** The members every described page shares. */
function thing(type: string, name: string, description: string, url: string, images: string[]) {
  return {
    '@context': SCHEMA,
    '@type': type,
    name,
    description: description || undefined,
    image: images,
    url,
  };
}

/** Drops undefined members, so the JSON carries no empty keys. */
function compact(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
}

/** JSON for a <script> element: nothing in it can close the element or start a comment. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
