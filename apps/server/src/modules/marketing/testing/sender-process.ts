/**
 * A server process as far as campaign mail goes, for the restart test: runs the campaign job and
 * the mail relay side by side, as the job runner does, on SENDER_DATABASE_URL, sending over
 * SENDER_SMTP_URL at SENDER_RATE marketing messages a second. Prints "ready" once running; the
 * test kills it with SIGKILL half-way and starts another.
 *
 *   node --import tsx sender-process.ts
 */
import nodemailer from 'nodemailer';
import { loadConfig } from '../../../config';
import { openDatabase } from '../../../db/client';
import { systemClock } from '../../../platform/clock';
import { silentLogger } from '../../../platform/silent-logger';
import { relayQueuedMail } from '../../mail/index';
import { sendDueCampaigns } from '../campaign-send';

const url = process.env.SENDER_DATABASE_URL;
const smtpUrl = process.env.SENDER_SMTP_URL;
const rate = Number(process.env.SENDER_RATE);
if (!url || !smtpUrl || !rate)
  throw new Error('SENDER_DATABASE_URL, _SMTP_URL and _RATE are required');

const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '',
  SEARCH_SNAPSHOT_PATH: '',
  PUBLIC_URL: 'https://market.example',
  SMTP_URL: smtpUrl,
  MARKETING_MAIL_PER_SECOND: String(rate),
});
const ctx = { db: database.db, config, clock: systemClock, log: silentLogger };
const transport = nodemailer.createTransport(`${smtpUrl}?pool=true&maxConnections=1`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

process.stdout.write('ready\n');
await Promise.all([
  (async () => {
    for (;;) {
      await sendDueCampaigns(ctx);
      await pause(100);
    }
  })(),
  (async () => {
    for (;;) {
      const result = await relayQueuedMail(database.db, transport, {
        from: config.MAIL_FROM,
        marketingPerSecond: rate,
        budgetMs: 5_000,
      });
      if (result.sent === 0) await pause(100);
    }
  })(),
]);
