import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a real SMTP server received it, parsed, with when it arrived. */
export interface CapturedMail {
  mail: ParsedMail;
  to: string[];
  at: number;
}

/** A message kept as received, unparsed: for thousands of messages, where parsing would slow the server. */
export interface RawMail {
  messageId: string;
  to: string[];
  at: number;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** With `raw`, the messages instead, unparsed. */
  raw: RawMail[];
  /** Messages to one address. */
  to(address: string): CapturedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port (the `smtp-server` package), keeping every message it
 * accepts, parsed by `mailparser`. Recipients `refuse(address)` picks are refused with 550, as a
 * mail server refuses a mailbox that does not exist.
 */
export async function startSmtpCapture(
  options: { refuse?: (address: string) => boolean; raw?: boolean } = {},
): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const raw: RawMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // A reverse DNS lookup per connection costs a tenth of a second here.
    disableReverseLookup: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const refusal = new Error('5.1.1 No such mailbox here') as Error & { responseCode: number };
        refusal.responseCode = 550;
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      if (options.raw) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const head = Buffer.concat(chunks).toString('utf8', 0, 16_384);
          const messageId = /^message-id:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? '';
          raw.push({ messageId, to, at: Date.now() });
          callback();
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          messages.push({ mail, to, at: Date.now() });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A sender killed mid-message resets its connection; that is the test's doing, not a failure.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    raw,
    to: (address) => messages.filter((message) => message.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
