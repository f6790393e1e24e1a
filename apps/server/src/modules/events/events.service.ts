import { randomBytes } from 'node:crypto';
import tzLookup from '@photostructure/tz-lookup';
import {
  eventInputSchema,
  ticketCodeFromRandomBytes,
  zonedLocalToUtc,
  type EventInput,
} from '@bevy/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, ticketTypes } from '../../db/tables';
import { requireMember } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, fromZodError, notFound } from '../../platform/domain-error';
import { addressesOfBusinesses, findBusinessBySlug, type BusinessRow } from '../businesses/index';
import { locateZip } from '../geo/index';

export type EventRow = typeof events.$inferSelect;
export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type EventWithTypes = EventRow & { types: TicketTypeRow[] };

type EventsContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

/** The business at `slug`, which the viewer must work at (or administer). */
export async function eventBusiness(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  businessSlug: string,
): Promise<BusinessRow> {
  const business = await findBusinessBySlug(ctx, businessSlug);
  if (!business) throw notFound('There is no business at that address.');
  await requireMember(
    ctx,
    business.id,
    'Only people who work at this business can run its events.',
  );
  return business;
}

/** An event of the business, which the viewer must work at. */
export async function managedEvent(
  ctx: Pick<ServiceContext, 'db' | 'viewer'>,
  businessSlug: string,
  eventId: number,
): Promise<{ business: BusinessRow; event: EventWithTypes }> {
  const business = await eventBusiness(ctx, businessSlug);
  const [event] = await withTypes(
    ctx.db,
    await ctx.db
      .select()
      .from(events)
      .where(and(eq(events.id, eventId), eq(events.business_id, business.id))),
  );
  if (!event) throw notFound('There is no such event.');
  return { business, event };
}

/** The events with their ticket types, in position order; withdrawn types included. */
export async function withTypes(db: Db, rows: EventRow[]): Promise<EventWithTypes[]> {
  if (rows.length === 0) return [];
  const types = await db
    .select()
    .from(ticketTypes)
    .where(
      inArray(
        ticketTypes.event_id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  return rows.map((row) => ({ ...row, types: types.filter((type) => type.event_id === row.id) }));
}

/** A random address for the event's page: 60 bits, so an unlisted link cannot be guessed. */
function newUrlKey(): string {
  return ticketCodeFromRandomBytes(randomBytes(17)).slice(0, 12).toLowerCase();
}

interface Venue {
  name: string | null;
  line1: string;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  timeZone: string;
}

/** Where the event is: the business's address or the one given, placed by its ZIP code. */
async function venueOf(db: Db, business: BusinessRow, input: EventInput): Promise<Venue> {
  let place: Omit<Venue, 'lat' | 'lng' | 'timeZone' | 'name'>;
  if (input.venue.atBusinessAddress) {
    const [first] = (await addressesOfBusinesses(db, [business.id]))[0] ?? [];
    if (
      !first?.route ||
      !first.locality ||
      !first.administrative_area_level_1 ||
      !first.postal_code
    ) {
      throw badInput(
        'Your business has no full address yet: enter the venue’s address.',
        'venue.atBusinessAddress',
      );
    }
    place = {
      line1: [first.street_number, first.route].filter(Boolean).join(' '),
      city: first.locality,
      state: first.administrative_area_level_1,
      zip: first.postal_code.slice(0, 5),
    };
  } else {
    place = {
      line1: input.venue.line1!,
      city: input.venue.city!,
      state: input.venue.state!,
      zip: input.venue.zip!,
    };
  }
  const located = locateZip(place.zip);
  if (!located) throw badInput(`We could not find the ZIP code ${place.zip}.`, 'venue.zip');
  if (located.state !== place.state) {
    throw badInput(`The ZIP code ${place.zip} is not in ${place.state}.`, 'venue.zip');
  }
  return {
    ...place,
    name: input.venue.name ?? null,
    lat: located.lat,
    lng: located.lng,
    timeZone: tzLookup(located.lat, located.lng),
  };
}

/** The columns of an event from its input, its times read in the venue's zone. */
function eventColumns(input: EventInput, venue: Venue) {
  return {
    title: input.title,
    description: input.description,
    image_path: input.imageUrl,
    venue_name: venue.name,
    venue_line1: venue.line1,
    venue_city: venue.city,
    venue_state: venue.state,
    venue_zip: venue.zip,
    latitude: venue.lat,
    longitude: venue.lng,
    time_zone: venue.timeZone,
    starts_at: zonedLocalToUtc(input.startsAt, venue.timeZone),
    ends_at: zonedLocalToUtc(input.endsAt, venue.timeZone),
    capacity: input.capacity,
    adults_only: input.adultsOnly,
    refund_days_before: input.refundDaysBefore,
    visibility: input.visibility,
  };
}

function typeColumns(input: EventInput, timeZone: string) {
  return input.ticketTypes.map((type, position) => ({
    position,
    name: type.name,
    price_cents: type.priceCents,
    member_price_cents: type.memberPriceCents,
    members_only: type.membersOnly,
    capacity: type.capacity,
    per_order_limit: type.perOrderLimit,
    sales_start_at: type.salesStartAt ? zonedLocalToUtc(type.salesStartAt, timeZone) : null,
    sales_end_at: type.salesEndAt ? zonedLocalToUtc(type.salesEndAt, timeZone) : null,
  }));
}

function parseEvent(draft: unknown): EventInput {
  const parsed = eventInputSchema.safeParse(draft);
  if (!parsed.success) throw fromZodError(parsed.error);
  return parsed.data;
}

/** Creates an event with its ticket types, in one transaction; the viewer must work at the business. */
export async function createEvent(
  ctx: EventsContext,
  businessSlug: string,
  draft: unknown,
): Promise<EventWithTypes> {
  const input = parseEvent(draft);
  const business = await eventBusiness(ctx, businessSlug);
  const venue = await venueOf(ctx.db, business, input);
  const columns = eventColumns(input, venue);
  if (columns.starts_at <= ctx.clock.now()) {
    throw badInput('The event must start in the future.', 'startsAt');
  }
  // Across a change of the clocks a later wall-clock time can be an earlier instant.
  if (columns.ends_at <= columns.starts_at) {
    throw badInput('The event must end after it starts.', 'endsAt');
  }
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [event] = await db
      .insert(events)
      .values({ ...columns, business_id: business.id, url_key: newUrlKey() })
      .returning();
    const types = await db
      .insert(ticketTypes)
      .values(typeColumns(input, venue.timeZone).map((type) => ({ ...type, event_id: event!.id })))
      .returning();
    return { ...event!, types };
  });
}

/** A business's events, the upcoming first (soonest first), then the past (latest first). */
export async function eventsToManage(
  ctx: EventsContext,
  businessSlug: string,
): Promise<EventWithTypes[]> {
  const business = await eventBusiness(ctx, businessSlug);
  const rows = await ctx.db
    .select()
    .from(events)
    .where(eq(events.business_id, business.id))
    .orderBy(asc(events.starts_at));
  const now = ctx.clock.now();
  const upcoming = rows.filter((row) => row.ends_at > now);
  const past = rows.filter((row) => row.ends_at <= now).reverse();
  return withTypes(ctx.db, [...upcoming, ...past]);
}
