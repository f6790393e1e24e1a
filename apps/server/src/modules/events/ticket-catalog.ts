import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, ticketTypes } from '../../db/tables';

/** The ticket types among `ids` as checkout prices them, each with what it needs of its event. */
export async function ticketTypesForCheckout(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ type: ticketTypes, event: events })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.event_id))
    .where(inArray(ticketTypes.id, [...ids]));
  return rows.map(({ type, event }) => ({
    ...type,
    event: {
      id: event.id,
      business_id: event.business_id,
      title: event.title,
      status: event.status,
      visibility: event.visibility,
      starts_at: event.starts_at,
      capacity: event.capacity,
    },
  }));
}
