import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { graphqlPlugin } from './graphql/graphql.plugin';
import { registerErrorHandler } from './http/errors';
import { withErrorSerializer } from './http/log-serializers';
import { refuseNulCharacters } from './http/nul-characters';
import { registerServiceContext } from './http/service-context';

import { accountRoutes, registerViewer } from './modules/accounts/index';
import { bannerRoutes } from './modules/banners/index';
import { embedRoutes } from './modules/embed/index';
import { clubRoutes, timeTravelRoutes } from './modules/clubs/index';
import { geoRoutes } from './modules/geo/index';
import { createMailer, type Mailer } from './modules/mail/index';
import { orderRoutes } from './modules/orders/index';
import { eventRoutes } from './modules/events/index';
import { feedRoutes } from './modules/feeds/index';
import { marketingRoutes } from './modules/marketing/index';
import type { PaymentProvider } from './platform/payment-provider';
import { paymentProviderFor, paymentRoutes, stripeWebhookRoutes } from './modules/payments/index';
import { ProductSearch } from './modules/search/index';
import { searchRoutes } from './modules/search/index';
import { startSearchKeyRevocations } from './modules/search/index';
import { startSearchSync } from './modules/search/index';
import { openProductIndex, saveProductIndex } from './modules/search/index';
import { uploadRoutes } from './modules/uploads/index';
import { webRoutes } from './modules/web/index';
import { ChangeFeed } from './platform/changes';
import { ReadCache } from './platform/read-cache';
import { startMark } from './platform/start-timing';
import { systemClock, type Clock } from './platform/clock';
import type { ServiceContext } from './platform/context';
import { wholesaleRoutes } from './modules/wholesale/index';
import { privacyRoutes, registerGpc } from './modules/privacy/index';

/**
 * The page's Content-Security-Policy: our own origin only, except that with Stripe configured the
 * checkout loads Stripe.js, which talks to Stripe's API and draws the card fields (and 3-D Secure)
 * in Stripe's frames (Stripe's documented sources).
 */
export function contentSecurityDirectives(
  config: Pick<Config, 'isProduction' | 'STRIPE_SECRET_KEY'>,
) {
  const stripe = Boolean(config.STRIPE_SECRET_KEY);
  return {
    'upgrade-insecure-requests': config.isProduction ? [] : null,
    'img-src': ["'self'", 'data:', 'blob:', ...(stripe ? ['https://*.stripe.com'] : [])],
    ...(stripe
      ? {
          'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
          'frame-src': [
            "'self'",
            'https://js.stripe.com',
            'https://*.js.stripe.com',
            'https://hooks.stripe.com',
          ],
          'connect-src': ["'self'", 'https://api.stripe.com'],
        }
      : {}),
  };
}

export interface AppDependencies {
  config: Config;
  database: Database;
  /** A search index already built; built from the database when omitted. */
  productSearch?: ProductSearch;
  /** Where email goes; by default nodemailer over SMTP_URL, or the outbox table. */
  mailer?: Mailer;
  /** Where connected accounts live; by default Stripe with STRIPE_SECRET_KEY, else offline. */
  payments?: PaymentProvider;
  logger?: FastifyServerOptions['logger'];
  /** Where services read the time; tests move it. */
  clock?: Clock;
}

export interface App extends FastifyInstance {
  productSearch: ProductSearch;
  /** The process's service context (no viewer): for jobs and tests calling services directly. */
  services: ServiceContext;
}

export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    // Errors are logged without a failed query's SQL text and parameters.
    logger: withErrorSerializer(deps.logger ?? { level: config.LOG_LEVEL }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  startMark('fastify created');
  const productSearch = deps.productSearch ?? new ProductSearch();
  if (!deps.productSearch) {
    const { source } = await openProductIndex(
      productSearch,
      database.db,
      config.searchSnapshotPath,
    );
    app.log.info({ source, products: productSearch.size }, 'product index ready');
    startMark(`product index ready (${source})`);
  }
  app.decorate('productSearch', productSearch);
  if (config.searchSnapshotPath) {
    const file = config.searchSnapshotPath;
    // Saved on the way out, so the next start can skip the rebuild if nothing changes meanwhile.
    app.addHook('onClose', () => saveProductIndex(productSearch, database.db, file, app.log));
  }
  // Committed writes reach this index and, on PostgreSQL, the other processes' (and theirs this).
  const changes = new ChangeFeed();
  // The read cache hears a write first: its clear cannot fail.
  const reads = new ReadCache();
  reads.follow(changes);
  const stopSearchSync = await startSearchSync(database, productSearch, changes, app.log);
  app.addHook('onClose', stopSearchSync);
  // Search keys of sessions ended in any process stop proving wholesale access here.
  const searchKeys = await startSearchKeyRevocations(database, app.log);
  app.addHook('onClose', searchKeys.stop);

  startMark('search sync and key revocations started');
  registerErrorHandler(app);
  refuseNulCharacters(app);
  await app.register(fastifyHelmet, {
    hsts: config.isProduction,
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
  });
  await app.register(fastifyCookie);
  registerViewer(app, { config, db: database.db });
  const mailer =
    deps.mailer ??
    createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });

  const payments = deps.payments ?? paymentProviderFor(config, database.db);
  if (payments.kind === 'offline' && config.isProduction) {
    app.log.warn('ALLOW_OFFLINE_PAYMENTS: payments use the offline test-mode provider');
  }

  const services: ServiceContext = {
    config,
    db: database.db,
    log: app.log,
    viewer: null,
    clock: deps.clock ?? systemClock,
    mailer,
    payments,
    search: productSearch,
    changes,
    reads,
  };
  app.decorate('services', services);
  registerServiceContext(app, services);
  registerGpc(app);

  app.get('/health', async () => ({ status: 'ok', products: productSearch.size }));
  startMark('plugins registered');
  await app.register(graphqlPlugin, { db: database.db, config, reads });
  startMark('graphql registered');
  await app.register(accountRoutes, { config, db: database.db });
  await app.register(bannerRoutes, { services });
  await app.register(geoRoutes);
  await app.register(searchRoutes, {
    config,
    db: database.db,
    productSearch,
    revocations: searchKeys.revocations,
  });
  await app.register(wholesaleRoutes, { config });
  await app.register(uploadRoutes, { config, db: database.db });
  await app.register(paymentRoutes, { payments });
  await app.register(orderRoutes);
  await app.register(clubRoutes);
  await app.register(eventRoutes, { config });
  await app.register(marketingRoutes);
  await app.register(privacyRoutes);
  if (config.E2E_TIME_TRAVEL) await app.register(timeTravelRoutes, { services });
  await app.register(stripeWebhookRoutes, { config, db: database.db, payments });
  await app.register(embedRoutes, { services, webDistDir: config.WEB_DIST_DIR });
  await app.register(feedRoutes, { services });
  startMark('api routes registered');
  await app.register(webRoutes, { config, services });
  startMark('web routes registered');

  return app as unknown as App;
}
