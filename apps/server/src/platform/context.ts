import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../modules/jobs';
import type { Mailer } from '../modules/mail/index';
import type { PaymentProvider } from './payment-provider';
import type { ProductSearch } from '../modules/search/index';
import type { ChangeLog } from './changes';
import type { Clock } from './clock';
import type { ReadCache } from './read-cache';

/** pino's logger, as Fastify hands it to requests (a child of the app's, with the request id). */
export type Logger = FastifyBaseLogger;

/** The signed-in user of a request, from a valid session. */
export interface Viewer {
  id: number;
  sessionId: string;
  isAdmin: boolean;
  /**
   * When the person's Global Privacy Control opt-out was recorded, read with the session (null:
   * not yet); absent where a viewer is made up without reading it (seed, jobs).
   */
  gpcOptOutAt?: Date | null;
}

/**
 * What every service receives, whoever calls it (a GraphQL resolver, a REST route, a job): no
 * transport in it. A transaction is passed by giving a copy whose `db` is the transaction.
 */
export interface ServiceContext {
  config: Config;
  /** The database, or the transaction the service runs in. */
  db: Db;
  log: Logger;
  /** Null for visitors and for background jobs. */
  viewer: Viewer | null;
  clock: Clock;
  mailer: Mailer;
  /** Where producers' connected accounts live: Stripe, or the offline test-mode stand-in. */
  payments: PaymentProvider;
  /** This process's product and business indexes (read them; writes reach them through `changes`). */
  search: ProductSearch;
  /** Where writes record what they changed, so search follows them after commit. */
  changes: ChangeLog;
  /** Answers to public reads, dropped on every write that records a change. */
  reads: ReadCache;
  /**
   * The job runner, to start background work now rather than at its next period; absent in
   * tests and until the runner starts. Send after commit.
   */
  jobs?: Pick<JobRunner, 'send'>;
  /** The caller's network address, for abuse limits; absent for background work. */
  ip?: string;
}
