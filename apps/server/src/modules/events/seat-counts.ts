import { and, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, waitlistEntries } from '../../db/tables';

/**
 * What takes a seat: a paid ticket, a ticket whose order is still being paid for (until its hold
 * expires), and seats offered to the waitlist (until the offer expires). An expired hold takes
 * nothing, so its seat is back on sale at that instant, with no sweeper to wait for.
 */
export function seatTaken(now: Date): SQL {
  return or(
    eq(tickets.status, 'valid'),
    and(eq(tickets.status, 'held'), gt(tickets.hold_expires_at, now)),
  )!;
}

export interface SeatCounts {
  /** Seats taken across the event. */
  total: number;
  /** Seats taken per ticket type. */
  byType: Map<number, number>;
}

/** Seats taken at each event, by ticket type, including live waitlist offers. */
export async function seatCounts(
  db: Db,
  eventIds: readonly number[],
  now: Date,
): Promise<Map<number, SeatCounts>> {
  const counts = new Map<number, SeatCounts>(
    eventIds.map((id) => [id, { total: 0, byType: new Map() }]),
  );
  if (eventIds.length === 0) return counts;
  const [sold, offered] = await Promise.all([
    db
      .select({
        eventId: tickets.event_id,
        typeId: tickets.ticket_type_id,
        taken: sql<number>`count(*)::int`,
      })
      .from(tickets)
      .where(and(inArray(tickets.event_id, [...eventIds]), seatTaken(now)))
      .groupBy(tickets.event_id, tickets.ticket_type_id),
    db
      .select({
        eventId: waitlistEntries.event_id,
        typeId: waitlistEntries.ticket_type_id,
        taken: sql<number>`coalesce(sum(${waitlistEntries.quantity}), 0)::int`,
      })
      .from(waitlistEntries)
      .where(
        and(
          inArray(waitlistEntries.event_id, [...eventIds]),
          eq(waitlistEntries.status, 'offered'),
          gt(waitlistEntries.offer_expires_at, now),
        ),
      )
      .groupBy(waitlistEntries.event_id, waitlistEntries.ticket_type_id),
  ]);
  for (const row of [...sold, ...offered]) {
    const count = counts.get(row.eventId)!;
    count.total += row.taken;
    count.byType.set(row.typeId, (count.byType.get(row.typeId) ?? 0) + row.taken);
  }
  return counts;
}

/** Seats a type can still sell: the fewer of its own and the event's. */
export function seatsLeft(
  event: { capacity: number },
  type: { id: number; capacity: number | null },
  counts: SeatCounts | undefined,
): number {
  const eventLeft = event.capacity - (counts?.total ?? 0);
  const typeLeft =
    type.capacity === null ? eventLeft : type.capacity - (counts?.byType.get(type.id) ?? 0);
  return Math.max(0, Math.min(eventLeft, typeLeft));
}
