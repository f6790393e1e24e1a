import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables';
import type { MailMessage } from './mailer';

/** What queueing needs: the transaction to write in, and whether SMTP will relay it. */
export interface MailQueueContext {
  db: Db;
  config: Pick<Config, 'SMTP_URL'>;
}

/**
 * Writes messages into the outbox in the caller's transaction (a transactional outbox): what is
 * not committed is never sent. Without SMTP the outbox is where they are read ('outbox'); with
 * SMTP they wait as 'queued' for the relay to send them after the transaction commits.
 */
export async function queueMail(ctx: MailQueueContext, messages: readonly MailMessage[]) {
  if (messages.length === 0) return;
  await ctx.db.insert(mailOutbox).values(outboxRows(ctx, messages));
}

/** The outbox's rows for these messages, as `queueMail` writes them. */
export function outboxRows(
  ctx: Pick<MailQueueContext, 'config'>,
  messages: readonly MailMessage[],
): (typeof mailOutbox.$inferInsert)[] {
  return messages.map((mail) => ({
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    transport: ctx.config.SMTP_URL ? ('queued' as const) : ('outbox' as const),
    category: mail.category ?? 'transactional',
    headers: mail.headers ?? null,
    message_id: mail.messageId ?? null,
    campaign_recipient_id: mail.campaignRecipientId ?? null,
  }));
}

/**
 * SQL that writes `outboxRows` sent as one JSON array (`rows`), each only `when` it holds: for a
 * data-modifying WITH that queues mail in the same statement as the change it tells of.
 */
export function insertOutboxRowsSql(rows: SQLWrapper, when: SQL): SQL {
  return sql`insert into ${mailOutbox} (to_address, subject, text_body, html_body, transport,
      category, headers, message_id, campaign_recipient_id)
    select m.to_address, m.subject, m.text_body, m.html_body, m.transport, m.category, m.headers,
      m.message_id, m.campaign_recipient_id
    from json_to_recordset(${rows}::json) as m(to_address text, subject text, text_body text,
      html_body text, transport text, category text, headers jsonb, message_id text,
      campaign_recipient_id int)
    where ${when}`;
}
