import { distanceMiles, isIsoDate } from '@bevy/core';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { businesses, events, ticketTypes, waitlistEntries } from '../../db/tables';
import { managesBusiness } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import type { BusinessRow } from '../businesses/index';
import { locateZip } from '../geo/index';
import { membershipsAt } from '../member-pricing/index';
import { withTypes, type EventWithTypes, type TicketTypeRow } from './events.service';
import { presaleEventIds } from './presale';
import { seatCounts, seatsLeft } from './seat-counts';

/**
 * What buyers see of events: the listing across producers (by date and distance) and one
 * event's page, each ticket type with the seats it has left and whether the viewer may buy it.
 */

type ReadContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

export interface TicketTypeView extends TicketTypeRow {
  seatsLeft: number;
  /** What the viewer pays: the member price for members of the producer's clubs. */
  viewerPriceCents: number;
  /** Why the viewer cannot buy it now, or null when they can. */
  unavailableReason: string | null;
}

export interface EventView extends Omit<EventWithTypes, 'types'> {
  business: BusinessRow;
  types: TicketTypeView[];
  seatsLeft: number;
  viewerIsMember: boolean;
  /** Miles from the ZIP code searched, when one was. */
  distanceMiles: number | null;
}

function typeUnavailable(
  event: EventWithTypes,
  type: TicketTypeRow,
  left: number,
  isMember: boolean,
  now: Date,
  /** Invited to the event's presale: its sales may not have opened yet. */
  presale: boolean,
): string | null {
  if (event.status === 'cancelled') return 'This event is cancelled.';
  if (type.withdrawn) return 'No longer sold.';
  if ((type.members_only || event.visibility === 'members') && !isMember) {
    return 'For club members only.';
  }
  if (type.sales_start_at && type.sales_start_at > now && !presale) return 'Not on sale yet.';
  if ((type.sales_end_at ?? event.starts_at) <= now) return 'Sales have ended.';
  if (left <= 0) return 'Sold out';
  return null;
}

async function liveOffersTo(ctx: ReadContext, rows: readonly EventWithTypes[], now: Date) {
  if (!ctx.viewer || rows.length === 0) return [];
  return ctx.db
    .select({
      eventId: waitlistEntries.event_id,
      typeId: waitlistEntries.ticket_type_id,
      quantity: waitlistEntries.quantity,
    })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.user_id, ctx.viewer.id),
        inArray(
          waitlistEntries.event_id,
          rows.map((row) => row.id),
        ),
        eq(waitlistEntries.status, 'offered'),
        gt(waitlistEntries.offer_expires_at, now),
      ),
    );
}

/** The events as a viewer sees them, with seats left and member prices. */
export async function viewsOf(
  ctx: ReadContext,
  rows: EventWithTypes[],
  businessById: ReadonlyMap<number, BusinessRow>,
): Promise<EventView[]> {
  const now = ctx.clock.now();
  const [counts, memberAt, offers, presale] = await Promise.all([
    seatCounts(
      ctx.db,
      rows.map((row) => row.id),
      now,
    ),
    membershipsAt(ctx.db, ctx.viewer?.id ?? null, [...new Set(rows.map((row) => row.business_id))]),
    liveOffersTo(ctx, rows, now),
    presaleEventIds(
      ctx.db,
      ctx.viewer?.id ?? null,
      rows.map((row) => row.id),
    ),
  ]);
  // Seats the waitlist holds for the viewer are theirs to buy: not taken, as they see it.
  for (const offer of offers) {
    const count = counts.get(offer.eventId)!;
    count.total -= offer.quantity;
    count.byType.set(offer.typeId, (count.byType.get(offer.typeId) ?? 0) - offer.quantity);
  }
  return rows.map((event) => {
    const count = counts.get(event.id);
    const isMember = memberAt.has(event.business_id);
    const types = event.types
      .filter((type) => !type.withdrawn)
      .map((type) => {
        const left = seatsLeft(event, type, count);
        return {
          ...type,
          seatsLeft: left,
          viewerPriceCents:
            isMember && type.member_price_cents !== null
              ? type.member_price_cents
              : type.price_cents,
          unavailableReason: typeUnavailable(
            event,
            type,
            left,
            isMember,
            now,
            presale.has(event.id),
          ),
        };
      });
    return {
      ...event,
      business: businessById.get(event.business_id)!,
      types,
      seatsLeft: Math.max(0, event.capacity - (count?.total ?? 0)),
      viewerIsMember: isMember,
      distanceMiles: null,
    };
  });
}

async function businessesById(ctx: ReadContext, ids: readonly number[]) {
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(businesses)
          .where(inArray(businesses.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** One event by its page's key; members-only events show their page to everyone with the link. */
export async function eventByKey(ctx: ReadContext, urlKey: string): Promise<EventView> {
  const [row] = await ctx.db.select().from(events).where(eq(events.url_key, urlKey.toLowerCase()));
  if (!row) throw notFound('There is no such event.');
  const [event] = await withTypes(ctx.db, [row]);
  const [view] = await viewsOf(ctx, [event!], await businessesById(ctx, [row.business_id]));
  return view!;
}

export interface CartTicketView {
  type: TicketTypeView;
  event: EventView;
}

/** The ticket types among `ids` as the viewer's cart prices them now, each with its event. */
export async function cartTicketTypes(
  ctx: ReadContext,
  ids: readonly number[],
  /** The keys of the events' pages the cart came from: an unlisted event needs its own. */
  urlKeys: readonly string[] = [],
): Promise<CartTicketView[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  const typeRows = await ctx.db
    .select({ eventId: ticketTypes.event_id })
    .from(ticketTypes)
    .where(inArray(ticketTypes.id, wanted));
  const eventIds = [...new Set(typeRows.map((row) => row.eventId))];
  if (eventIds.length === 0) return [];
  // Ids are sequential: only a public event, or one whose page's key the cart holds, answers.
  const eventRows = (await ctx.db.select().from(events).where(inArray(events.id, eventIds))).filter(
    (row) => row.visibility === 'public' || urlKeys.includes(row.url_key),
  );
  const views = await viewsOf(
    ctx,
    await withTypes(ctx.db, eventRows),
    await businessesById(
      ctx,
      eventRows.map((row) => row.business_id),
    ),
  );
  return wanted.flatMap((id) => {
    const event = views.find((view) => view.types.some((type) => type.id === id));
    const type = event?.types.find((candidate) => candidate.id === id);
    return event && type ? [{ type, event }] : [];
  });
}

export interface EventFilter {
  /** YYYY-MM-DD, in each venue's zone; from today when absent. */
  from?: string | null;
  to?: string | null;
  zip?: string | null;
  radiusMiles?: number | null;
  businessId?: number | null;
  limit?: number | null;
}

const MAX_LISTED = 100;

/**
 * Upcoming scheduled events, soonest first: public ones, and members-only ones of producers whose
 * clubs the viewer belongs to (or who the viewer works for). Unlisted events are never listed.
 */
export async function findEvents(ctx: ReadContext, filter: EventFilter): Promise<EventView[]> {
  for (const key of ['from', 'to'] as const) {
    const value = filter[key];
    if (value && !isIsoDate(value)) throw badInput('Enter a date as YYYY-MM-DD.', key);
  }
  const origin = filter.zip ? locateZip(filter.zip) : null;
  if (filter.zip && !origin) throw badInput(`We could not find the ZIP code ${filter.zip}.`, 'zip');
  const localDay = sql`(${events.starts_at} at time zone ${events.time_zone})::date`;
  const conditions: SQL[] = [
    eq(events.status, 'scheduled'),
    gt(events.ends_at, ctx.clock.now()),
    inArray(events.visibility, ['public', 'members']),
  ];
  if (filter.from) conditions.push(sql`${localDay} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${localDay} <= ${filter.to}::date`);
  if (filter.businessId) conditions.push(eq(events.business_id, filter.businessId));
  const rows = await ctx.db
    .select()
    .from(events)
    .where(and(...conditions))
    .orderBy(asc(events.starts_at), asc(events.id))
    .limit(1000);
  const memberAt = await membershipsAt(ctx.db, ctx.viewer?.id ?? null, [
    ...new Set(rows.map((row) => row.business_id)),
  ]);
  const visible: typeof rows = [];
  for (const row of rows) {
    if (
      row.visibility === 'public' ||
      memberAt.has(row.business_id) ||
      (await managesBusiness(ctx, row.business_id))
    ) {
      visible.push(row);
    }
  }
  const placed = visible.map((row) => ({
    row,
    miles:
      origin && row.latitude !== null && row.longitude !== null
        ? distanceMiles(origin, { lat: row.latitude, lng: row.longitude })
        : null,
  }));
  const near =
    origin && filter.radiusMiles
      ? placed.filter(({ miles }) => miles !== null && miles <= filter.radiusMiles!)
      : placed;
  const chosen = near.slice(0, Math.min(filter.limit ?? MAX_LISTED, MAX_LISTED));
  const views = await viewsOf(
    ctx,
    await withTypes(
      ctx.db,
      chosen.map(({ row }) => row),
    ),
    await businessesById(
      ctx,
      chosen.map(({ row }) => row.business_id),
    ),
  );
  return views.map((view, index) => ({ ...view, distanceMiles: chosen[index]!.miles }));
}
