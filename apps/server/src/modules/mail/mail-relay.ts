import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { campaignRecipients, mailOutbox } from '../../db/tables';
import { defineJob } from '../jobs';
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

type OutboxRow = typeof mailOutbox.$inferSelect;

/** A refusal for good (SMTP 5xx: no such mailbox, say), as opposed to "try later" (4xx, down). */
function permanentRefusal(error: unknown): string | null {
  const code = (error as { responseCode?: unknown }).responseCode;
  if (typeof code === 'number' && code >= 500 && code < 600) {
    return String((error as Error).message ?? code).slice(0, 500);
  }
  return null;
}

/** When the next marketing message may leave, across this process's runs. */
let nextMarketingAt = 0;

/**
 * How long a run's claim on its batch lasts: far longer than a batch takes (at most about a
 * second at the rate), and what a killed process's unsent batch waits before another run takes it.
 */
const LEASE_SECONDS = 30;
const TRANSACTIONAL_BATCH = 20;

/**
 * Claims up to `limit` queued messages of a category for this run (a lease, committed at once):
 * other runs and processes skip them until the lease ends. Rows this run already failed are
 * left for the next run.
 */
async function claim(
  db: Db,
  category: 'transactional' | 'marketing',
  limit: number,
  failedIds: readonly number[],
): Promise<OutboxRow[]> {
  const free = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.transport, 'queued'),
        eq(mailOutbox.category, category),
        or(isNull(mailOutbox.lease_until), lt(mailOutbox.lease_until, sql`now()`)),
        failedIds.length > 0 ? notInArray(mailOutbox.id, [...failedIds]) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ lease_until: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(inArray(mailOutbox.id, free))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

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

  for (;;) {
    if (Date.now() - started > budget) {
      result.more = true;
      return result;
    }
    let batch = await claim(db, 'transactional', TRANSACTIONAL_BATCH, failedIds);
    const marketing = batch.length === 0;
    if (marketing) batch = await claim(db, 'marketing', marketingBatch, failedIds);
    if (batch.length === 0) return result;
    for (const [index, row] of batch.entries()) {
      if (marketing) {
        const wait = nextMarketingAt - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        nextMarketingAt = Math.max(Date.now(), nextMarketingAt) + gap;
      }
      const outcome = await sendOne(db, transport, options.from, row);
      if (outcome === 'sent') result.sent++;
      else if (outcome === 'refused') result.refused++;
      else {
        // One refused message (a bad address) must not hold up the others; a server that is
        // down refuses them all, and the next run tries again.
        failedIds.push(row.id);
        result.failed = true;
        if (failedIds.length >= MAX_FAILURES_PER_RUN) {
          await release(db, batch.slice(index));
          return result;
        }
      }
    }
  }
}

/** Gives claimed messages back at once, for the next run. */
async function release(db: Db, rows: readonly OutboxRow[]) {
  if (rows.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lease_until: null })
    .where(
      and(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
        eq(mailOutbox.transport, 'queued'),
      ),
    );
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
      ...(row.message_id ? { messageId: row.message_id } : {}),
    });
  } catch (error) {
    const refusal = permanentRefusal(error);
    if (!refusal) {
      await release(db, [row]);
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
