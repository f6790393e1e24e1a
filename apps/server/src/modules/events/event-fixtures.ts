import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { events, ticketTypes } from '../../db/tables';

/** Test events written straight to the database, for tests of buying, the door and refunds. */

export interface TypeSpec {
  name?: string;
  priceCents?: number;
  memberPriceCents?: number | null;
  membersOnly?: boolean;
  capacity?: number | null;
  perOrderLimit?: number;
}

export interface EventSpec {
  title?: string;
  capacity?: number;
  startsAt?: Date;
  refundDaysBefore?: number | null;
  visibility?: 'public' | 'unlisted' | 'members';
  adultsOnly?: boolean;
  types?: TypeSpec[];
}

const DAY = 86_400_000;

export async function createTestEvent(db: Db, businessId: number, spec: EventSpec = {}) {
  const startsAt = spec.startsAt ?? new Date(Date.now() + 30 * DAY);
  const [event] = await db
    .insert(events)
    .values({
      business_id: businessId,
      url_key: randomBytes(6).toString('hex'),
      title: spec.title ?? `Barrel Tasting ${randomBytes(3).toString('hex')}`,
      venue_line1: '1 Main St',
      venue_city: 'Napa',
      venue_state: 'CA',
      venue_zip: '94559',
      latitude: 38.2975,
      longitude: -122.2869,
      time_zone: 'America/Los_Angeles',
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + 3 * 3_600_000),
      capacity: spec.capacity ?? 50,
      adults_only: spec.adultsOnly ?? true,
      refund_days_before: spec.refundDaysBefore === undefined ? 2 : spec.refundDaysBefore,
      visibility: spec.visibility ?? 'public',
    })
    .returning();
  const types = await db
    .insert(ticketTypes)
    .values(
      (spec.types ?? [{}]).map((type, position) => ({
        event_id: event!.id,
        position,
        name: type.name ?? `Type ${position + 1}`,
        price_cents: type.priceCents ?? 4_500,
        member_price_cents: type.memberPriceCents ?? null,
        members_only: type.membersOnly ?? false,
        capacity: type.capacity ?? null,
        per_order_limit: type.perOrderLimit ?? 10,
      })),
    )
    .returning();
  return { ...event!, types };
}

/** A checkout request's ticket lines. */
export const ticketLine = (ticketTypeId: number, quantity: number, attendeeNames?: string[]) => ({
  ticketTypeId,
  quantity,
  ...(attendeeNames ? { attendeeNames } : {}),
});
