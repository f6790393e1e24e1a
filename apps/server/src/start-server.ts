import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { buildApp } from './app';
import type { Config } from './config';
import type { Database } from './db/client';
import { pruneAccountRecordsJob } from './modules/accounts/index';
import { startJobRunner } from './modules/jobs';
import { mailRelayJob } from './modules/mail/index';
import { createMailer } from './modules/mail/index';
import { checkoutSweepJob } from './modules/checkout/index';
import { clubCalendarJob } from './modules/clubs/index';
import { eventTicketsJob } from './modules/events/index';
import { insightsRefreshJob } from './modules/insights/index';
import { campaignSendJob } from './modules/marketing/index';
import { payoutReleaseJob } from './modules/payouts/index';
import { paymentProviderFor } from './modules/payments/index';
import { privacyDueReminderJob } from './modules/privacy/index';
import { formatDemoAccounts } from './modules/seed/index';
import { seedDemoData } from './modules/seed/index';
import { wholesaleReminderJob } from './modules/wholesale/index';
import { startMark } from './platform/start-timing';

/** How long after it answers a server on the embedded database starts its background jobs. */
const EMBEDDED_JOBS_DELAY_MS = 1500;

/** Everything the server does on its own, on a schedule or when asked. */
const BACKGROUND_JOBS = [
  wholesaleReminderJob,
  payoutReleaseJob,
  checkoutSweepJob,
  clubCalendarJob,
  eventTicketsJob,
  campaignSendJob,
  mailRelayJob,
  pruneAccountRecordsJob,
  privacyDueReminderJob,
  insightsRefreshJob,
];

/**
 * The server on an open database: demo data, the app, the port, then the background jobs. Loaded
 * by main.ts while the database opens.
 */
export async function startServer(config: Config, database: Database): Promise<void> {
  const seed = config.SEED_DEMO_DATA ? await seedDemoData(database.db) : undefined;
  startMark('demo data checked');
  // People reading a terminal get readable lines; production and pipes get JSON for collectors.
  const pretty = !config.isProduction && process.stdout.isTTY;
  // Created here rather than in buildApp, so the background jobs send through the same mailer.
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
  });
  const payments = paymentProviderFor(config, database.db);
  const app = await buildApp({
    config,
    database,
    mailer,
    payments,
    logger: pretty
      ? {
          level: config.LOG_LEVEL,
          transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } },
        }
      : { level: config.LOG_LEVEL },
  });
  if (seed && (seed.producersAdded > 0 || seed.accountsAdded > 0)) {
    app.log.info(seed, 'demo data seeded');
  }

  let stopJobs = async () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await stopJobs();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  startMark('app built');
  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  ${config.SITE_NAME} is ready at http://${host}:${port}/`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite (${config.PGLITE_DATA_DIR})` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Products in search: ${app.productSearch.size}; ready in ${Math.round(performance.now())} ms`,
  ];
  if (config.SEED_DEMO_DATA) lines.push('', '  Demo accounts:', formatDemoAccounts());
  process.stdout.write(`${lines.join('\n')}\n\n`);

  // Requests need none of the background jobs, so they start after the server answers. Until
  // then a request that starts work at once (a campaign sent now) leaves it to the job's period.
  // The embedded database runs on this thread, and the runner's set-up (some sixty statements,
  // a third of a second) would hold up the first requests after a restart: it waits a moment.
  if (database.kind === 'pglite') await delay(EMBEDDED_JOBS_DELAY_MS);
  if (closing) return;
  const jobs = startJobRunner({ database, context: app.services, jobs: BACKGROUND_JOBS });
  // A runner still starting is waited for, so that it stops before the database closes.
  stopJobs = async () => (await jobs.catch(() => undefined))?.stop();
  app.services.jobs = await jobs;
}
