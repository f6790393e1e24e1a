import { and, asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables';
import { defineJob } from '../jobs';

/** What the relay needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
  }): Promise<unknown>;
}

const BATCH = 50;
const MAX_FAILURES_PER_RUN = 5;
const RELAY_INTERVAL_SECONDS = 5;

/**
 * Sends the outbox's 'queued' messages over SMTP and marks each 'smtp' once sent. Messages are
 * queued inside the transaction that makes them true (an order placed, a status changed), so
 * none goes out for something that was rolled back; this sends them after. Rows are claimed
 * with SKIP LOCKED, so several server processes never send one message twice. A message that
 * fails stays queued for the next run; after a few failures in a run (the SMTP server is likely
 * down) the run stops.
 */
export async function relayQueuedMail(
  db: Db,
  transport: MailTransport,
  from: string,
): Promise<{ sent: number; failed: boolean }> {
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.transport, 'queued'))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let done = 0;
      let failures = 0;
      for (const row of rows) {
        try {
          await transport.sendMail({
            from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            ...(row.html_body ? { html: row.html_body } : {}),
          });
        } catch {
          // One refused message (a bad address) must not hold up the others; a server that is
          // down refuses them all, and the next run tries again.
          failures++;
          if (failures >= MAX_FAILURES_PER_RUN) {
            return { rows: rows.length, done, failed: true };
          }
          continue;
        }
        await tx
          .update(mailOutbox)
          .set({ transport: 'smtp' })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.transport, 'queued')));
        done++;
      }
      return { rows: rows.length, done, failed: failures > 0 };
    });
    sent += batch.done;
    if (batch.failed) return { sent, failed: true };
    if (batch.rows < BATCH) return { sent, failed: false };
  }
}

let smtp: { url: string; transport: MailTransport } | undefined;

/** One nodemailer transport per SMTP URL, kept between runs. */
function smtpTransport(url: string): MailTransport {
  if (smtp?.url !== url) smtp = { url, transport: nodemailer.createTransport(url) };
  return smtp.transport;
}

/**
 * Relays queued mail every few seconds, when SMTP is configured. Cron's finest period (a minute)
 * is too slow for an order's emails, so each run asks for the next one RELAY_INTERVAL_SECONDS
 * later; the schedule starts the chain, and restarts it should every process have stopped.
 */
export const mailRelayJob = defineJob({
  name: 'mail.relay-queued',
  schedule: '* * * * *',
  enabled: (config) => Boolean(config.SMTP_URL),
  // The next run, seconds away, is the retry: mail that failed stays queued for it.
  retry: { limit: 0, delaySeconds: 0 },
  // A run cut short (its process killed) holds up the next ones only this long.
  timeoutSeconds: 120,
  async run(ctx, _data, job) {
    const url = ctx.config.SMTP_URL;
    if (!url) return;
    try {
      const transport = smtpTransport(url);
      const { sent, failed } = await relayQueuedMail(ctx.db, transport, ctx.config.MAIL_FROM);
      if (sent > 0) ctx.log.info({ sent }, 'queued mail sent');
      if (failed) {
        throw new Error('Some queued mail could not be sent over SMTP; it stays queued.');
      }
    } finally {
      await job.runAgainIn(RELAY_INTERVAL_SECONDS);
    }
  },
});
