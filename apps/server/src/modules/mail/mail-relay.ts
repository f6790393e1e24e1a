import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

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
const RELAY_INTERVAL_MS = 5_000;

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

/** Relays queued mail every few seconds while the server runs, when SMTP is configured. */
export function startMailRelayJob(
  db: Db,
  options: { smtpUrl: string | undefined; from: string },
  log: FastifyBaseLogger,
): () => void {
  if (!options.smtpUrl) return () => undefined;
  const transport = nodemailer.createTransport(options.smtpUrl);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const { sent, failed } = await relayQueuedMail(db, transport, options.from);
      if (sent > 0) log.info({ sent }, 'queued mail sent');
      if (failed) log.warn('sending queued mail failed; it stays queued for the next try');
    } catch (error) {
      log.error({ err: error }, 'the mail relay failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), RELAY_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
