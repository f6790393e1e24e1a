import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Producers' marketing is rate-limited and stops on unsubscribe; other mail never does. */
  category?: 'transactional' | 'marketing';
  /** Extra headers, such as RFC 8058's List-Unsubscribe pair. */
  headers?: Record<string, string>;
  /** Kept when a message is sent again after a crash, so receivers see one message. */
  messageId?: string;
  /** The campaign message this is (campaign_recipients.id). */
  campaignRecipientId?: number;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through nodemailer: over SMTP when SMTP_URL is set, otherwise only into the outbox table
 * (readable at /admin/mail), so every email flow works with nothing else installed. Every message
 * is recorded in the outbox either way.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string }): Mailer {
  const smtp: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  // Builds the message exactly as SMTP would, without sending it anywhere.
  const builder = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const mail = { from: options.from, ...message };
      if (smtp) await smtp.sendMail(mail);
      else await builder.sendMail(mail);
      await options.db.insert(mailOutbox).values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html ?? null,
        transport: smtp ? 'smtp' : 'outbox',
      });
    },
  };
}
