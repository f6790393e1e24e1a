import { TICKET_REMINDER_HOURS } from '@bevy/core';
import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { events, tickets } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { defineJob } from '../jobs';
import { queueMail } from '../mail/index';
import { reminderEmail } from './ticket-emails';
import { byRecipientAndEvent, emailTicket, ticketDetails } from './tickets.service';
import { expireWaitlistOffers } from './waitlist.service';

/**
 * Reminds every ticket holder of an event starting within TICKET_REMINDER_HOURS, once: one email
 * per buyer and event, with their codes; marked in the same transaction, so a run killed midway
 * neither loses nor repeats one.
 */
export async function sendTicketReminders(
  ctx: Pick<ServiceContext, 'db' | 'clock'> & {
    config: Pick<Config, 'publicUrl' | 'SITE_NAME' | 'SMTP_URL'>;
  },
) {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + TICKET_REMINDER_HOURS * 3_600_000);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const rows = await ticketDetails(
      db,
      and(
        eq(tickets.status, 'valid'),
        isNull(tickets.reminded_at),
        eq(events.status, 'scheduled'),
        gt(events.starts_at, now),
        lte(events.starts_at, until),
      ),
    )
      .orderBy(asc(tickets.buyer_id), asc(tickets.event_id), asc(tickets.id))
      .limit(2000);
    const groups = byRecipientAndEvent(rows, (row) => row.ticket.buyer_id);
    await queueMail(
      { db, config: ctx.config },
      groups.map((group) =>
        reminderEmail(
          ctx.config,
          group[0]!.contact,
          { ...group[0]!.event, businessName: group[0]!.businessName },
          group.map(({ ticket, typeName }) => emailTicket(ticket, typeName)),
        ),
      ),
    );
    if (rows.length > 0) {
      await db
        .update(tickets)
        .set({ reminded_at: now })
        .where(
          inArray(
            tickets.id,
            rows.map((row) => row.ticket.id),
          ),
        );
    }
    return groups.length;
  });
}

/** Every 5 minutes: reminders a day ahead, and waitlist offers that ran out passed on. */
export const eventTicketsJob = defineJob({
  name: 'events.reminders-and-waitlist',
  schedule: '*/5 * * * *',
  timeoutSeconds: 300,
  async run(ctx) {
    await sendTicketReminders(ctx);
    await expireWaitlistOffers(ctx);
  },
});
