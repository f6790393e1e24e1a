/** The mail module's public entry: what the rest of the server may use of it. */
export { mailRelayJob, relayQueuedMail } from './mail-relay';
export { createMailer } from './mailer';
export type { MailMessage, Mailer } from './mailer';
export { insertOutboxRowsSql, outboxRows, queueMail, type MailQueueContext } from './outbox';
export { emailHash, suppressAddress, suppressedAmong } from './suppressions';
