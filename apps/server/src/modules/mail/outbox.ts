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
  await ctx.db.insert(mailOutbox).values(
    messages.map((mail) => ({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      transport: ctx.config.SMTP_URL ? ('queued' as const) : ('outbox' as const),
      category: mail.category ?? 'transactional',
      headers: mail.headers ?? null,
      message_id: mail.messageId ?? null,
      campaign_recipient_id: mail.campaignRecipientId ?? null,
    })),
  );
}
