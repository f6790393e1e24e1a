import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicSiteConfig } from '@bevy/core';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** An empty variable counts as unset (`DATABASE_URL= npm start` means "no PostgreSQL"). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** An IP address, or a CIDR range of at least one bit (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_FORMS =
  'off (false), the number of proxies in front of the server (1 or more), ' +
  'or a comma-separated list of their addresses or CIDR ranges';

/**
 * Whose word to take for the client's address (X-Forwarded-For): nobody (false), the last `n`
 * hops, or proxies at the listed addresses. Never everyone: a client could then claim any address
 * and escape the per-address limits.
 */
const trustProxy = z
  .string()
  .default('')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim();
    if (value === '' || /^(false|off)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops >= 1 && Number.isSafeInteger(hops)) return hops;
      ctx.addIssue({ code: 'custom', message: `must be ${TRUST_PROXY_FORMS}` });
      return z.NEVER;
    }
    if (/^true$/i.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: `true would let any client choose its own address; use ${TRUST_PROXY_FORMS}`,
      });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length === 0) return entries;
    const named = bad.map((entry) => `"${entry}"`).join(', ');
    ctx.addIssue({
      code: 'custom',
      message: `${named} is not an IP address or CIDR range (must be ${TRUST_PROXY_FORMS})`,
    });
    return z.NEVER;
  });

/** Fastify's `trustProxy` option: which hops of X-Forwarded-For to believe. */
export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify (5.12.1 and later) trusts no one for a bare hop count, so a count becomes a function
 * trusting the socket's peer and the hops before it, up to `n`: the client is then the header's
 * `n`th entry from the end, whoever connected. Sound only when the server is reachable through the
 * proxies alone; otherwise list their addresses.
 */
function fastifyTrustProxy(setting: false | number | string[]): TrustProxy {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** Every environment variable the server reads, parsed once at start-up. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Proxies whose X-Forwarded-For names the client; off by default, in every environment. */
  TRUST_PROXY: trustProxy,
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  /** Folder of the embedded database. */
  PGLITE_DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'data', 'pglite')),
  /** Seed the demo catalog and accounts when the database has no producers yet. */
  SEED_DEMO_DATA: booleanFlag.default(true),
  /** Secret that signs search keys; must be set in production. */
  SEARCH_KEY_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  /** Private uploads (license documents); never inside the web app's public folder. */
  UPLOADS_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'data', 'uploads')),
  /** An S3-compatible bucket for public uploads (banners, bottles); unset keeps them in UPLOADS_DIR. */
  S3_BUCKET: optional(z.string().min(3)),
  /** Endpoint of an S3-compatible service (MinIO, R2...); unset means AWS S3. */
  S3_ENDPOINT: optional(z.url()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_PREFIX: z.string().default('uploads/'),
  /** Credentials for the bucket; unset uses the AWS SDK's default chain (environment, role). */
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /**
   * Where the search index is saved so a restart need not rebuild it; empty turns snapshots off.
   * By default beside the embedded database, or data/search-snapshot.bin with DATABASE_URL.
   */
  SEARCH_SNAPSHOT_PATH: z.string().optional(),
  /** Built web app to serve; set to an empty string to serve the API only. */
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where people reach the marketplace; links in emails point here. */
  PUBLIC_URL: optional(z.url()),
  /** SMTP server for email, e.g. smtp://user:pass@smtp.example:587; unset keeps mail in the outbox. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: z.string().min(3).default('Bevy <hello@bevy.example>'),
  /**
   * Producers' campaigns leave the relay at most this fast (order and ticket mail is not held
   * back): mail providers throttle or refuse senders that burst.
   */
  /** Bearer secret of POST /hooks/mail-feedback (complaints and bounces); unset turns it off. */
  MAIL_FEEDBACK_SECRET: optional(z.string().min(16)),
  MARKETING_MAIL_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(10),
  /**
   * Stripe secret (or restricted) key of the Connect platform; unset runs payments on the built-in
   * offline provider, which behaves like Stripe's test mode.
   */
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
        'must be a Stripe secret key (sk_test_..., sk_live_...) or restricted key (rk_...)',
      ),
  ),
  /** Stripe publishable key (pk_...), for the Payment Element; required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: optional(
    z
      .string()
      .regex(
        /^pk_(test|live)_[A-Za-z0-9]+$/,
        'must be a Stripe publishable key (pk_test_..., pk_live_...)',
      ),
  ),
  /** In production, run payments on the offline test-mode provider anyway (a demo site). */
  ALLOW_OFFLINE_PAYMENTS: booleanFlag.default(false),
  /**
   * Signing secret of the Stripe webhook endpoint for POST /stripe/webhook (whsec_..., from the
   * dashboard or `stripe listen`), or two separated by a comma when a Connect endpoint (connected
   * accounts' events) posts to the same address; unset, that endpoint answers 503.
   */
  STRIPE_WEBHOOK_SECRET: optional(
    z
      .string()
      .regex(
        /^whsec_[^\s,]+(,whsec_[^\s,]+)*$/,
        'must be a Stripe webhook signing secret (whsec_...), or several separated by commas',
      ),
  ),
  /**
   * "1" lets browser journeys move the clubs' calendar on as of a later day (POST
   * /__e2e/time-travel), to see a release run without waiting for it; refused in production.
   */
  E2E_TIME_TRAVEL: optional(z.literal('1')),
  SITE_NAME: z.string().min(1).default('Bevy'),
  SITE_URL: z.url().default('https://bevy.example'),
  CONTACT_EMAIL: z.email().default('hello@bevy.example'),
  CONTACT_PHONE: z.string().min(1).default('+1 (503) 555-0142'),
  POSTAL_ADDRESS: z.string().min(1).default('1220 SE Water Ave, Portland, OR 97214'),
  GOVERNING_LAW: z.string().min(1).default('the State of Oregon, United States of America'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** The search index snapshot's file, or null when snapshots are off. */
  searchSnapshotPath: string | null;
  isProduction: boolean;
  /** Origin of the marketplace, without a trailing slash. */
  publicUrl: string;
  /** The session cookie; `__Host-` prefixed (and so Secure, host-only) in production. */
  sessionCookieName: string;
  searchKeySecret: string;
  /** TRUST_PROXY in the form Fastify's `trustProxy` takes. */
  trustProxy: TrustProxy;
  publicSite: PublicSiteConfig;
}

/** A development-only secret, so that `npm start` works with nothing set. */
const DEV_SEARCH_KEY_SECRET = 'bevy-development-search-key-secret-not-for-production';

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && env.E2E_TIME_TRAVEL) {
    throw new ConfigError(
      'E2E_TIME_TRAVEL is for browser tests only; it is refused in production.',
    );
  }
  if (isProduction && !env.SEARCH_KEY_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  SEARCH_KEY_SECRET: required in production (at least 32 characters)',
    );
  }
  // Offline payments move no money: a real site must not take orders on them by accident.
  if (isProduction && !env.STRIPE_SECRET_KEY && !env.ALLOW_OFFLINE_PAYMENTS) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: required in production ' +
        '(or set ALLOW_OFFLINE_PAYMENTS=true for a demo site)',
    );
  }
  // Without it, buyers could not enter a card: Stripe's Payment Element needs the publishable key.
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY (pk_test_... or pk_live_...)',
    );
  }
  const searchSnapshotPath =
    env.SEARCH_SNAPSHOT_PATH ??
    (env.DATABASE_URL
      ? path.join(repoRoot, 'data', 'search-snapshot.bin')
      : `${env.PGLITE_DATA_DIR.replace(/[/\\]+$/, '')}.search-snapshot`);
  return {
    ...env,
    searchSnapshotPath: searchSnapshotPath === '' ? null : searchSnapshotPath,
    isProduction,
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/$/, ''),
    sessionCookieName: isProduction ? '__Host-bevy_session' : 'bevy_session',
    searchKeySecret: env.SEARCH_KEY_SECRET ?? DEV_SEARCH_KEY_SECRET,
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    publicSite: {
      siteName: env.SITE_NAME,
      siteUrl: env.SITE_URL,
      contactEmail: env.CONTACT_EMAIL,
      contactPhone: env.CONTACT_PHONE,
      postalAddress: env.POSTAL_ADDRESS,
      governingLaw: env.GOVERNING_LAW,
      stripePublishableKey: env.STRIPE_SECRET_KEY ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
  };
}
