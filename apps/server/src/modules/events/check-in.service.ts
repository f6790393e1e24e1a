import { isTicketCode, normalizeTicketCode, type CheckInResult } from '@bevy/core';
import { and, asc, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { checkIns, tickets, ticketTypes, users } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput } from '../../platform/domain-error';
import { managedEvent, type EventWithTypes } from './events.service';

/**
 * The door (pretix's model): every scan carries a nonce made by the scanner, so a scan sent twice
 * (a retry, a queue replayed after a network drop) is one scan with one answer. A ticket is
 * admitted by one conditional update, so two phones scanning it at the same instant get one
 * 'admitted' and one 'already checked in', and the count of people in rises by one.
 */

type DoorContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock'>;

export interface ScanInput {
  /** What the QR code or the typed code says. */
  code: string;
  /** Made by the scanner once per scan, 8 to 64 letters, digits, - or _. */
  nonce: string;
  /** When the scanner read it (ISO 8601); for a scan queued offline, earlier than now. */
  scannedAt?: string | null;
  /** Which phone, for the log. */
  device?: string | null;
  /** Read while offline, so it may have been admitted elsewhere meanwhile. */
  offline?: boolean | null;
}

export interface CheckInAnswer {
  result: CheckInResult;
  code: string;
  ticketTypeName: string | null;
  attendeeName: string | null;
  /** The event is 21+: staff check ID. */
  checkId: boolean;
  /** For 'already_checked_in': when, and by whom. */
  checkedInAt: Date | null;
  checkedInByName: string | null;
  /** For 'other_event': which. */
  otherEventTitle: string | null;
  /** Scanned offline after another scan admitted it: shown to the producer. */
  conflict: boolean;
  /** People in, after this scan. */
  checkedInCount: number;
}

const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

/** People checked in at the event. */
export async function checkedInCount(db: Db, eventId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tickets)
    .where(
      and(
        eq(tickets.event_id, eventId),
        eq(tickets.status, 'valid'),
        isNotNull(tickets.checked_in_at),
      ),
    );
  return row?.count ?? 0;
}

async function ticketByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      ticket: tickets,
      typeName: ticketTypes.name,
      eventTitle: sql<string>`(select title from events where events.id = ${tickets.event_id})`,
      checkedInByName: users.name,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticket_type_id))
    .leftJoin(users, eq(users.id, tickets.checked_in_by))
    .where(eq(tickets.code, code));
  return row ?? null;
}

type Found = Awaited<ReturnType<typeof ticketByCode>>;

function resultOf(found: Found, eventId: number): CheckInResult | null {
  if (!found) return 'unknown_code';
  if (found.ticket.event_id !== eventId) return 'other_event';
  switch (found.ticket.status) {
    case 'refunded':
      return 'refunded';
    case 'cancelled':
    case 'released':
      return 'cancelled';
    case 'held':
      return 'not_paid';
    case 'valid':
      return null;
  }
}

/** The answer to a scan from what the database holds now about its ticket. */
async function answerOf(
  db: Db,
  event: EventWithTypes,
  code: string,
  result: CheckInResult,
  conflict: boolean,
): Promise<CheckInAnswer> {
  const found = isTicketCode(code) ? await ticketByCode(db, code) : null;
  const ours = found?.ticket.event_id === event.id;
  return {
    result,
    code,
    ticketTypeName: ours ? found.typeName : null,
    attendeeName: ours ? found.ticket.attendee_name : null,
    checkId: event.adults_only && ours,
    checkedInAt: ours && result === 'already_checked_in' ? found.ticket.checked_in_at : null,
    checkedInByName: ours && result === 'already_checked_in' ? found.checkedInByName : null,
    otherEventTitle: result === 'other_event' ? (found?.eventTitle ?? null) : null,
    conflict,
    checkedInCount: await checkedInCount(db, event.id),
  };
}

class RepeatedScan extends Error {}

/** Checks a ticket in at the event's door, or says why not; the same nonce gets the same answer. */
export async function scanTicket(
  ctx: DoorContext,
  businessSlug: string,
  eventId: number,
  scan: ScanInput,
): Promise<CheckInAnswer> {
  const { event } = await managedEvent(ctx, businessSlug, eventId);
  const staff = ctx.viewer!;
  if (!NONCE.test(scan.nonce)) {
    throw badInput('The scan needs a nonce of 8 to 64 letters, digits, - or _.', 'nonce');
  }
  const now = ctx.clock.now();
  const scannedAt = scan.scannedAt ? new Date(scan.scannedAt) : now;
  if (Number.isNaN(scannedAt.getTime()) || scannedAt.getTime() > now.getTime() + 60_000) {
    throw badInput('The scan’s time is not a time in the past.', 'scannedAt');
  }
  const code = normalizeTicketCode(scan.code.slice(0, 200));
  const earlier = await previousScan(ctx.db, scan.nonce, event.id);
  if (earlier) return answerOf(ctx.db, event, earlier.code, earlier.result, earlier.conflict);
  try {
    const { result, conflict } = await ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const found = isTicketCode(code) ? await ticketByCode(db, code) : null;
      let result = resultOf(found, event.id);
      let conflict = false;
      if (result === null) {
        const [admitted] = await db
          .update(tickets)
          .set({ checked_in_at: scannedAt, checked_in_by: staff.id, updated_at: now })
          .where(
            and(
              eq(tickets.id, found!.ticket.id),
              // Refunded meanwhile: not admitted (the answer below then reads it again).
              eq(tickets.status, 'valid'),
              sql`${tickets.checked_in_at} is null`,
            ),
          )
          .returning({ id: tickets.id });
        result = admitted ? 'admitted' : 'already_checked_in';
        conflict = !admitted && Boolean(scan.offline);
      }
      const [logged] = await db
        .insert(checkIns)
        .values({
          event_id: event.id,
          ticket_id: found?.ticket.event_id === event.id ? found.ticket.id : null,
          nonce: scan.nonce,
          code,
          result,
          staff_id: staff.id,
          device: scan.device?.slice(0, 80) ?? null,
          scanned_at: scannedAt,
          conflict,
        })
        .onConflictDoNothing({ target: checkIns.nonce })
        .returning({ id: checkIns.id });
      // The same scan, sent again at the same instant, was recorded first: its answer stands.
      if (!logged) throw new RepeatedScan();
      return { result, conflict };
    });
    return answerOf(ctx.db, event, code, result, conflict);
  } catch (error) {
    if (!(error instanceof RepeatedScan) && !isUniqueViolation(error, 'check_ins_nonce_idx')) {
      throw error;
    }
    const first = (await previousScan(ctx.db, scan.nonce, event.id))!;
    return answerOf(ctx.db, event, first.code, first.result, first.conflict);
  }
}

async function previousScan(db: Db, nonce: string, eventId: number) {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.nonce, nonce));
  if (row && row.event_id !== eventId) {
    throw badInput('This scan was sent for another event.', 'nonce');
  }
  return row ?? null;
}

export interface AttendeeMatch {
  code: string;
  attendeeName: string | null;
  buyerName: string | null;
  ticketTypeName: string;
  checkedInAt: Date | null;
}

/** Paid tickets whose attendee or buyer matches what staff typed, for check-in by name. */
export async function findAttendees(
  ctx: DoorContext,
  businessSlug: string,
  eventId: number,
  query: string,
): Promise<AttendeeMatch[]> {
  const { event } = await managedEvent(ctx, businessSlug, eventId);
  const typed = query.trim().slice(0, 80);
  if (typed.length < 2) return [];
  const pattern = `%${typed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({
      code: tickets.code,
      attendeeName: tickets.attendee_name,
      buyerName: users.name,
      ticketTypeName: ticketTypes.name,
      checkedInAt: tickets.checked_in_at,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticket_type_id))
    .leftJoin(users, eq(users.id, tickets.buyer_id))
    .where(
      and(
        eq(tickets.event_id, event.id),
        eq(tickets.status, 'valid'),
        or(
          ilike(tickets.attendee_name, pattern),
          ilike(users.name, pattern),
          ilike(users.email, pattern),
        ),
      ),
    )
    .orderBy(asc(tickets.attendee_name), asc(tickets.id))
    .limit(20);
  return rows;
}
