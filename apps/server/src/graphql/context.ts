import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Mailer } from '../modules/mail/mailer';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import type { ProductSearch } from '../modules/search/product-search';
import type { Loaders } from './loaders';

/** The signed-in user of a request, from a valid session. */
export interface Viewer {
  id: number;
  sessionId: string;
  isAdmin: boolean;
}

/** What every resolver and service receives. */
export interface RequestContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  viewer: Viewer | null;
  loaders: Loaders;
  mailer: Mailer;
  /** Where producers' connected accounts live: Stripe, or the offline test-mode stand-in. */
  payments: PaymentProvider;
  /** This process's product index, refreshed after writes that change what the shop shows. */
  search: ProductSearch;
  /** The caller's address, for abuse limits. */
  ip: string;
  /** Present for HTTP requests: resolvers that log in or out set cookies on it. */
  reply?: FastifyReply;
}
