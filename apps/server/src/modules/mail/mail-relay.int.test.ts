import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, mailSuppressions } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailRelayJob, relayQueuedMail, type MailTransport } from './mail-relay';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const RELAY = { from: 'Bevy <hello@bevy.example>', marketingPerSecond: 1000 };

function queue(to: string, transport = 'queued') {
  return db()
    .insert(mailOutbox)
    .values({ to_address: to, subject: `Hello ${to}`, text_body: 'Hi', transport })
    .returning({ id: mailOutbox.id });
}

const transportOf = async (id: number) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.transport;

describe('the mail relay', () => {
  it('sends each queued message once, leaves outbox-only mail alone, and retries one that failed without holding up the rest', async () => {
    const [a] = await queue('a@bevy.example');
    const [b] = await queue('b@bevy.example');
    const [kept] = await queue('kept@bevy.example', 'outbox');
    const sent: string[] = [];
    let failOn: string | null = 'b@bevy.example';
    const transport: MailTransport = {
      sendMail: async (mail) => {
        if (mail.to === failOn) throw new Error('SMTP is down');
        sent.push(mail.to);
      },
    };

    const [c] = await queue('c@bevy.example');
    // b is refused; a and c after it still go.
    expect(await relayQueuedMail(db(), transport, RELAY)).toEqual({
      sent: 2,
      refused: 0,
      failed: true,
      more: false,
    });
    expect(await transportOf(a!.id)).toBe('smtp');
    expect(await transportOf(b!.id)).toBe('queued');
    expect(await transportOf(c!.id)).toBe('smtp');

    failOn = null;
    expect(await relayQueuedMail(db(), transport, RELAY)).toEqual({
      sent: 1,
      refused: 0,
      failed: false,
      more: false,
    });
    expect(await relayQueuedMail(db(), transport, RELAY)).toEqual({
      sent: 0,
      refused: 0,
      failed: false,
      more: false,
    });
    expect(sent).toEqual(['a@bevy.example', 'c@bevy.example', 'b@bevy.example']);
    expect(await transportOf(b!.id)).toBe('smtp');
    expect(await transportOf(kept!.id)).toBe('outbox');
  });
});

describe('refusals', () => {
  it('a refused log-in (535) keeps the mail queued and suppresses nobody; only a refused recipient suppresses', async () => {
    const [order] = await queue('order-buyer@bevy.example');
    const refusingLogIn: MailTransport = {
      sendMail: async () => {
        throw Object.assign(new Error('535 Authentication failed'), {
          code: 'EAUTH',
          command: 'AUTH PLAIN',
          responseCode: 535,
        });
      },
    };
    const result = await relayQueuedMail(db(), refusingLogIn, RELAY);
    expect(result).toMatchObject({ sent: 0, refused: 0, failed: true });
    expect(await transportOf(order!.id)).toBe('queued');
    expect(await db().select().from(mailSuppressions)).toEqual([]);

    const refusingRecipient: MailTransport = {
      sendMail: async () => {
        throw Object.assign(new Error("Can't send mail - all recipients were rejected"), {
          code: 'EENVELOPE',
          command: 'RCPT TO',
          responseCode: 550,
        });
      },
    };
    expect(await relayQueuedMail(db(), refusingRecipient, RELAY)).toMatchObject({ refused: 1 });
    expect(await transportOf(order!.id)).toBe('refused');
    expect(await db().select().from(mailSuppressions)).toHaveLength(1);
  });
});

describe('the mail relay job', () => {
  it('runs only with SMTP configured', () => {
    expect(mailRelayJob.enabled!(t.config)).toBe(false);
    expect(mailRelayJob.enabled!({ ...t.config, SMTP_URL: 'smtp://127.0.0.1:4409' })).toBe(true);
  });

  it('fails while SMTP refuses, keeps the mail queued, and still asks for its next run in five seconds', async () => {
    const [waiting] = await queue('patient@bevy.example');
    // Nothing listens on this port: every message is refused.
    const config = { ...t.config, SMTP_URL: 'smtp://127.0.0.1:4409' };
    const runAgainIn = vi.fn(async () => undefined);
    await expect(
      mailRelayJob.run({ ...t.app.services, config }, {}, { id: 'job-1', attempt: 1, runAgainIn }),
    ).rejects.toThrow('Some queued mail could not be sent over SMTP; it stays queued.');
    expect(runAgainIn).toHaveBeenCalledExactlyOnceWith(5);
    expect(await transportOf(waiting!.id)).toBe('queued');
  });
});
