import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { paymentAccounts } from '../../db/tables';
import { sendError } from '../../http/errors';
import { releaseHeldPayouts } from '../payouts/index';
import { lazyPackage } from '../../platform/lazy-package';
import type { PaymentProvider } from '../../platform/payment-provider';
import { refundUnrecordedCharge } from '../checkout/index';
import { handleStripeEvent } from './stripe-webhook.service';

/** Loaded with the first event: start-up does not pay for Stripe's library. */
const loadStripe = lazyPackage<typeof Stripe>('stripe');

/** Stripe's events are a few kilobytes; a megabyte leaves room for the largest objects. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

type WebhookConfig = Pick<
  Config,
  'STRIPE_WEBHOOK_SECRET' | 'STRIPE_SECRET_KEY' | 'publicUrl' | 'SITE_NAME' | 'SMTP_URL'
>;

/** Signed by one of our endpoints' secrets, or the reason it is refused. */
function verify(
  body: Buffer,
  signature: string,
  secrets: readonly string[],
): { event: unknown } | { code: string; message: string } {
  const stripe = loadStripe();
  let stale = false;
  for (const secret of secrets) {
    try {
      return { event: stripe.webhooks.constructEvent(body, signature, secret) };
    } catch (error) {
      if (!(error instanceof stripe.errors.StripeSignatureVerificationError)) {
        // Signed, so from Stripe, yet not JSON: nothing we can apply.
        return { code: 'BAD_PAYLOAD', message: 'The event is not valid JSON.' };
      }
      // The library checks the signature first, then the age of the timestamp it signs.
      if (/tolerance/i.test(error.message)) stale = true;
    }
  }
  return stale
    ? {
        code: 'SIGNATURE_EXPIRED',
        message: 'The Stripe-Signature timestamp is more than 5 minutes old; the event is refused.',
      }
    : {
        code: 'SIGNATURE_INVALID',
        message:
          'The Stripe-Signature header does not match this body for our signing secret; the event is refused.',
      };
}

function isEvent(value: unknown): value is Stripe.Event {
  const event = value as Partial<Stripe.Event> | null;
  return (
    typeof event?.id === 'string' &&
    event.id.length > 0 &&
    typeof event.type === 'string' &&
    Number.isSafeInteger(event.created) &&
    typeof event.data?.object === 'object' &&
    event.data.object !== null
  );
}

/**
 * `POST /stripe/webhook`: Stripe's events, verified against the signature of the exact bytes
 * received, then recorded and applied in one short transaction (stripe-webhook.service). Stripe
 * retries anything but a 2xx for days, so only a verified event that was applied, or had been
 * before, is answered 200.
 *
 * Registered as its own (encapsulated) plugin: its content-type parser keeps bodies raw here
 * and nowhere else.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  options: { config: WebhookConfig; db: Db; payments: PaymentProvider },
) {
  const { config, db, payments } = options;
  // The account endpoint's secret and, for connected accounts' events, the Connect endpoint's.
  const secrets = config.STRIPE_WEBHOOK_SECRET?.split(',') ?? [];
  if (secrets.length === 0 && config.STRIPE_SECRET_KEY) {
    app.log.warn(
      'STRIPE_WEBHOOK_SECRET is not set: POST /stripe/webhook answers 503, so checkouts whose ' +
        'request died after the charge stay processing',
    );
  }

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/stripe/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // 503, not 404: the endpoint exists but cannot verify, and Stripe keeps retrying until it can.
    if (secrets.length === 0) {
      return sendError(
        reply,
        503,
        'WEBHOOKS_NOT_CONFIGURED',
        'Stripe webhooks are not configured on this server: set STRIPE_WEBHOOK_SECRET to the endpoint’s signing secret.',
      );
    }
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature.trim() === '') {
      return sendError(
        reply,
        400,
        'SIGNATURE_MISSING',
        'The Stripe-Signature header is missing; only Stripe’s signed events are accepted.',
      );
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) {
      return sendError(reply, 400, 'BAD_PAYLOAD', 'The request has no body.');
    }
    const verified = verify(body, signature, secrets);
    if (!('event' in verified)) {
      request.log.warn({ code: verified.code }, 'Stripe webhook refused');
      return sendError(reply, 400, verified.code, verified.message);
    }
    if (!isEvent(verified.event)) {
      return sendError(reply, 400, 'BAD_PAYLOAD', 'The body is not a Stripe event.');
    }
    const event = verified.event;
    const result = await handleStripeEvent({ db, log: request.log, config }, event);
    request.log.info(
      { eventId: event.id, type: event.type, duplicate: result.duplicate, outcome: result.outcome },
      'Stripe webhook',
    );
    const refund = result.refund;
    if (refund) {
      // After the answer, like every call to Stripe here.
      setImmediate(() => void refundUnrecordedCharge({ db, payments, log: request.log }, refund));
    }
    if (
      event.type === 'account.updated' &&
      !result.duplicate &&
      event.data.object.charges_enabled
    ) {
      // After the answer (the handler stays quick): pay out what was held for this producer.
      const accountId = event.data.object.id;
      setImmediate(() => void releaseForAccount({ db, payments, log: request.log }, accountId));
    }
    return { received: true, duplicate: result.duplicate };
  });
}

/** Releases the held payouts of the business whose Stripe account this is, if any. */
async function releaseForAccount(
  ctx: { db: Db; payments: PaymentProvider; log: FastifyBaseLogger },
  accountId: string,
) {
  try {
    const [account] = await ctx.db
      .select({ businessId: paymentAccounts.business_id })
      .from(paymentAccounts)
      .where(
        and(eq(paymentAccounts.account_id, accountId), eq(paymentAccounts.provider, 'stripe')),
      );
    if (account) await releaseHeldPayouts(ctx, account.businessId);
  } catch (error) {
    ctx.log.error({ err: error, accountId }, 'held payouts not released after account.updated');
  }
}
