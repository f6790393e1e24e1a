import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/tables';

/**
 * The events among `eventIds` whose presale the buyer was invited to and accepted: they may buy
 * its tickets before sales open to everyone (decision 021). Revoked invitations grant nothing.
 */
export async function presaleEventIds(
  db: Db,
  buyerId: number | null,
  eventIds: readonly number[],
): Promise<Set<number>> {
  if (buyerId === null || eventIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ eventId: invitations.event_id })
    .from(invitations)
    .where(
      and(
        eq(invitations.kind, 'event'),
        eq(invitations.accepted_by, buyerId),
        isNotNull(invitations.accepted_at),
        isNull(invitations.revoked_at),
        inArray(invitations.event_id, [...eventIds]),
      ),
    );
  return new Set(rows.flatMap((row) => (row.eventId === null ? [] : [row.eventId])));
}
