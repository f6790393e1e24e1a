import { randomBytes } from 'node:crypto';
import { WAITLIST_OFFER_HOURS } from '@bevy/core';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { businesses, events, ticketTypes, users, waitlistEntries } from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { queueMail } from '../mail/index';
import { seatCounts, seatsLeft } from './seat-counts';
import { waitlistOfferEmail } from './ticket-emails';

/**
 * The waitlist of a sold-out ticket type (pretix's design): buyers join in order; when seats come
 * back (a refund, an expired offer) the first in line is offered them, held for
 * WAITLIST_OFFER_HOURS behind a link only they get; an offer not taken in time expires and the
 * seats pass to the next in line.
 */

type WaitlistContext = Pick<ServiceContext, 'db' | 'clock'> & {
  config: Pick<Config, 'publicUrl' | 'SITE_NAME' | 'SMTP_URL'>;
};

/** The viewer joins the waitlist of a ticket type that is sold out for them. */
export async function joinWaitlist(
  ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock'>,
  ticketTypeId: number,
  quantity: number,
): Promise<{ position: number }> {
  const viewer = requireViewer(ctx);
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > 10) {
    throw badInput('Ask for 1 to 10 seats.', 'quantity');
  }
  const [row] = await ctx.db
    .select({ type: ticketTypes, event: events })
    .from(ticketTypes)
    .innerJoin(events, eq(events.id, ticketTypes.event_id))
    .where(eq(ticketTypes.id, ticketTypeId));
  if (!row || row.event.status !== 'scheduled') throw notFound('There is no such ticket.');
  if (row.event.starts_at <= ctx.clock.now()) throw badInput('This event has started.');
  const counts = await seatCounts(ctx.db, [row.event.id], ctx.clock.now());
  if (seatsLeft(row.event, row.type, counts.get(row.event.id)) >= quantity) {
    throw badInput('These tickets are not sold out: buy them instead.', 'quantity');
  }
  try {
    await ctx.db.insert(waitlistEntries).values({
      ticket_type_id: row.type.id,
      event_id: row.event.id,
      user_id: viewer.id,
      quantity,
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'waitlist_user_type_idx')) throw error;
    throw badInput('You are on this waitlist already.');
  }
  const waiting = await ctx.db
    .select({ id: waitlistEntries.id, userId: waitlistEntries.user_id })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ticket_type_id, row.type.id),
        inArray(waitlistEntries.status, ['waiting', 'offered']),
      ),
    )
    .orderBy(asc(waitlistEntries.id));
  return { position: waiting.findIndex((entry) => entry.userId === viewer.id) + 1 };
}

/**
 * Offers the event's free seats to the first in line of each of its types, for as many entries as
 * the seats cover, each offer in its own transaction under the event's lock. Safe to repeat.
 */
export async function offerFreedSeats(ctx: WaitlistContext, eventId: number): Promise<number> {
  let offered = 0;
  for (;;) {
    const made = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const now = ctx.clock.now();
      const [event] = await db.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event || event.status !== 'scheduled' || event.starts_at <= now) return false;
      const [next] = await db
        .select({ entry: waitlistEntries, type: ticketTypes, user: users })
        .from(waitlistEntries)
        .innerJoin(ticketTypes, eq(ticketTypes.id, waitlistEntries.ticket_type_id))
        .innerJoin(users, eq(users.id, waitlistEntries.user_id))
        .where(and(eq(waitlistEntries.event_id, eventId), eq(waitlistEntries.status, 'waiting')))
        .orderBy(asc(waitlistEntries.id))
        .limit(1);
      if (!next) return false;
      const counts = await seatCounts(db, [eventId], now);
      if (seatsLeft(event, next.type, counts.get(eventId)) < next.entry.quantity) return false;
      const key = randomBytes(18).toString('base64url');
      const expiresAt = new Date(now.getTime() + WAITLIST_OFFER_HOURS * 3_600_000);
      await db
        .update(waitlistEntries)
        .set({ status: 'offered', offer_key: key, offer_expires_at: expiresAt, updated_at: now })
        .where(eq(waitlistEntries.id, next.entry.id));
      const [business] = await db
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, event.business_id));
      await queueMail({ db, config: ctx.config }, [
        waitlistOfferEmail(
          ctx.config,
          next.user,
          { ...event, businessName: business!.name },
          { typeName: next.type.name, quantity: next.entry.quantity, key, expiresAt },
        ),
      ]);
      return true;
    });
    if (!made) return offered;
    offered++;
  }
}

/** Offers not taken in time expire; their seats go to the next in line. */
export async function expireWaitlistOffers(ctx: WaitlistContext): Promise<number> {
  const expired = await ctx.db
    .update(waitlistEntries)
    .set({ status: 'expired', updated_at: ctx.clock.now() })
    .where(
      and(
        eq(waitlistEntries.status, 'offered'),
        lte(waitlistEntries.offer_expires_at, ctx.clock.now()),
      ),
    )
    .returning({ eventId: waitlistEntries.event_id });
  for (const eventId of new Set(expired.map((row) => row.eventId))) {
    await offerFreedSeats(ctx, eventId);
  }
  return expired.length;
}

/** The offer behind a waitlist link, for its page: only the person it was made to may use it. */
export async function waitlistOffer(
  ctx: Pick<ServiceContext, 'db' | 'viewer' | 'clock'>,
  key: string,
) {
  const viewer = requireViewer(ctx);
  const [entry] = await ctx.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.offer_key, key), eq(waitlistEntries.user_id, viewer.id)));
  if (!entry) throw notFound('This offer is not yours, or there is no such offer.');
  const live = entry.status === 'offered' && entry.offer_expires_at! > ctx.clock.now();
  return { ...entry, live };
}
