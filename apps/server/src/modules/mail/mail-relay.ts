import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { campaignRecipients, mailOutbox } from '../../db/tables';
import { defineJob } from '../jobs';
import { campaignHold, LEASE_LOST, skipMessage } from './campaign-holds';
import { claimBatch, releaseLeases, renewLease, type OutboxRow } from './outbox-leases';
import { suppressAddress } from './suppressions';

/** What the relay needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
    messageId?: string;
  }): Promise<unknown>;
}

export interface RelayOptions {
  from: string;
  /** Marketing leaves at most this fast; other mail goes first and is never held back. */
  marketingPerSecond: number;
  /** A run stops taking messages after this long (its job has a timeout). */
  budgetMs?: number;
}

export interface RelayResult {
  sent: number;
  refused: number;
  failed: boolean;
  /** Stopped for the time budget with mail still queued. */
  more: boolean;
}

const MAX_FAILURES_PER_RUN = 5;
const RELAY_INTERVAL_SECONDS = 5;
const DEFAULT_BUDGET_MS = 50_000;

/**
 * The mail server refused this recipient for good (a 5xx answer to RCPT TO: no such mailbox,
 * say). Any other failure, a 5xx to our log-in, sender or message included, is ours or the
 * server's, not the address's: the message stays queued and the address is not suppressed.
 */
function recipientRefused(error: unknown): string | null {
  const { code, command, responseCode } = error as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  const refused =
    code === 'EENVELOPE' &&
    command === 'RCPT TO' &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600;
  return refused ? String((error as Error).message ?? responseCode).slice(0, 500) : null;
}

/** Order and ticket mail a run claims at a time. */
const TRANSACTIONAL_BATCH = 20;

/** When the next marketing message may leave, across this process's runs. */
let nextMarketingAt = 0;

/**
 * Sends the outbox's 'queued' messages over SMTP. A run claims a small batch at a time (a lease,
 * see `claim`) and records each message's answer the moment the server gives it, in one
 * statement, so a process killed mid-run leaves at most the one message in flight unrecorded,
 * which goes again after the lease with the same Message-ID (decision 021). No transaction is
 * held while talking to the mail server. Order and ticket mail goes first; marketing waits its
 * turn at the rate limit. A message refused for good is marked 'refused' and its address
 * suppressed from marketing; one that fails otherwise stays queued for the next run, and after a
 * few failures (the server is likely down) the run stops.
 */
export async function relayQueuedMail(
  db: Db,
  transport: MailTransport,
  options: RelayOptions,
): Promise<RelayResult> {
  const started = Date.now();
  const budget = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const gap = 1000 / options.marketingPerSecond;
  // A marketing batch takes about a second at the rate, so order mail waits at most that long.
  const marketingBatch = Math.max(1, Math.min(50, options.marketingPerSecond));
  const failedIds: number[] = [];
  const result: RelayResult = { sent: 0, refused: 0, failed: false, more: false };
  const run = randomUUID();

  for (;;) {
    if (Date.now() - started > budget) {
      result.more = true;
      return result;
    }
    let batch = await claimBatch(db, run, 'transactional', TRANSACTIONAL_BATCH, failedIds);
    const marketing = batch.length === 0;
    if (marketing) batch = await claimBatch(db, run, 'marketing', marketingBatch, failedIds);
    if (batch.length === 0) return result;
    for (const [index, row] of batch.entries()) {
      if (marketing) {
        const wait = nextMarketingAt - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        nextMarketingAt = Math.max(Date.now(), nextMarketingAt) + gap;
      }
      // A run that outlived its lease (a mail server that hung) leaves the row to its new owner;
      // a campaign message is checked once more (campaign-holds.ts), in the same statement.
      const hold = row.campaign_recipient_id !== null ? await campaignHold(db, run, row) : null;
      if (hold === LEASE_LOST) continue;
      if (hold) {
        await skipMessage(db, row, hold);
        continue;
      }
      if (row.campaign_recipient_id === null && !(await renewLease(db, run, row.id))) continue;
      const outcome = await sendOne(db, transport, options.from, row);
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'refused') result.refused++;
      else {
        // One refused message (a bad address) must not hold up the others; a server that is
        // down refuses them all, and the next run tries again.
        failedIds.push(row.id);
        result.failed = true;
        if (failedIds.length >= MAX_FAILURES_PER_RUN) {
          await releaseLeases(
            db,
            run,
            batch.slice(index).map((claimed) => claimed.id),
          );
          return result;
        }
      }
    }
  }
}

async function sendOne(
  db: Db,
  transport: MailTransport,
  from: string,
  row: OutboxRow,
): Promise<'sent' | 'refused' | 'failed'> {
  try {
    await transport.sendMail({
      from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      ...(row.html_body ? { html: row.html_body } : {}),
      ...(row.headers ? { headers: row.headers } : {}),
      // Fixed, so a copy sent again after a crash is the same message to its receiver.
      messageId: row.message_id ?? `<outbox-${row.id}@${domainOf(from)}>`,
    });
  } catch (error) {
    const refusal = recipientRefused(error);
    if (!refusal) {
      await releaseLeases(db, null, [row.id]);
      return 'failed';
    }
    await db.transaction(async (tx) => {
      await tx
        .update(mailOutbox)
        .set({ transport: 'refused', error: refusal, lease_until: null })
        .where(eq(mailOutbox.id, row.id));
      if (row.campaign_recipient_id !== null) {
        await tx
          .update(campaignRecipients)
          .set({ status: 'refused', error: refusal })
          .where(eq(campaignRecipients.id, row.campaign_recipient_id));
      }
      await suppressAddress(tx, row.to_address, 'refused', {
        campaignId: await campaignOf(tx, row.campaign_recipient_id),
        note: refusal,
      });
    });
    return 'refused';
  }
  // The message and its campaign recipient, recorded sent in one statement.
  await db.execute(sql`
    with sent as (
      update mail_outbox set transport = 'smtp', lease_until = null
      where id = ${row.id}
      returning campaign_recipient_id)
    update campaign_recipients set status = 'sent', sent_at = now()
    where id = (select campaign_recipient_id from sent)`);
  return 'sent';
}

/** The domain of a From address ("Bevy <hello@bevy.example>" → "bevy.example"). */
function domainOf(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
}

async function campaignOf(tx: Db, recipientId: number | null): Promise<number | null> {
  if (recipientId === null) return null;
  const [row] = await tx
    .select({ campaignId: campaignRecipients.campaign_id })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.id, recipientId));
  return row?.campaignId ?? null;
}

let smtp: { url: string; transport: MailTransport } | undefined;

/**
 * One pooled nodemailer transport per SMTP URL, kept between runs: a campaign's thousands of
 * messages share a connection instead of opening one each.
 */
function smtpTransport(url: string): MailTransport {
  if (smtp?.url !== url) {
    const pooled = new URL(url);
    pooled.searchParams.set('pool', 'true');
    pooled.searchParams.set('maxConnections', '1');
    // Well inside a lease: a hung server fails the message rather than outliving its claim.
    pooled.searchParams.set('connectionTimeout', '10000');
    pooled.searchParams.set('greetingTimeout', '10000');
    pooled.searchParams.set('socketTimeout', '20000');
    smtp = { url, transport: nodemailer.createTransport(pooled.toString()) };
  }
  return smtp.transport;
}

/**
 * Relays queued mail every few seconds, when SMTP is configured. Cron's finest period (a minute)
 * is too slow for an order's emails, so each run asks for the next one RELAY_INTERVAL_SECONDS
 * later (at once when it stopped for time with mail waiting); the schedule starts the chain, and
 * restarts it should every process have stopped.
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
    let more = false;
    try {
      const transport = smtpTransport(url);
      const result = await relayQueuedMail(ctx.db, transport, {
        from: ctx.config.MAIL_FROM,
        marketingPerSecond: ctx.config.MARKETING_MAIL_PER_SECOND,
      });
      more = result.more;
      if (result.sent > 0 || result.refused > 0) {
        ctx.log.info({ sent: result.sent, refused: result.refused }, 'queued mail sent');
      }
      if (result.failed) {
        throw new Error('Some queued mail could not be sent over SMTP; it stays queued.');
      }
    } finally {
      await job.runAgainIn(more ? 1 : RELAY_INTERVAL_SECONDS);
    }
  },
});
