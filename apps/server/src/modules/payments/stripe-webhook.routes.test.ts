import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { registerErrorHandler } from '../../http/errors';
import { createOfflineProvider } from './offline-provider';
import { stripeWebhookRoutes, WEBHOOK_BODY_LIMIT } from './stripe-webhook.routes';

const SECRET = 'whsec_unit_test_secret';

/** Refusals must not reach the database: any use of it fails the test. */
const untouchable = new Proxy(
  {},
  {
    get: () => {
      throw new Error('the database was used');
    },
  },
) as Db;

const config = {
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_SECRET_KEY: undefined,
  publicUrl: 'http://127.0.0.1:3000',
  SITE_NAME: 'Bevy',
  SMTP_URL: undefined,
};

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The webhook beside an ordinary JSON route, as in the real app. */
async function build(secret: string | undefined) {
  const built = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app = built;
  registerErrorHandler(built);
  built.post('/echo', async (request) => ({ body: request.body as unknown }));
  await built.register(stripeWebhookRoutes, {
    config: { ...config, STRIPE_WEBHOOK_SECRET: secret },
    db: untouchable,
    payments: createOfflineProvider(),
  });
  await built.ready();
  return built;
}

const event = {
  id: 'evt_unit',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: 1_790_000_000,
  data: { object: { id: 'pi_unit', object: 'payment_intent' } },
};
const body = JSON.stringify(event);

const post = (payload: string, headers: Record<string, string>) =>
  app!.inject({
    method: 'POST',
    url: '/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    payload,
  });

const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) => ({
  'stripe-signature': Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp,
  }),
});

describe('POST /stripe/webhook before the database', () => {
  it('answers 503 with a clear message while no signing secret is configured', async () => {
    await build(undefined);
    const response = await post(body, signed(body));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: {
        code: 'WEBHOOKS_NOT_CONFIGURED',
        message: expect.stringContaining('STRIPE_WEBHOOK_SECRET'),
      },
    });
  });

  it('refuses a missing, forged, foreign, stale or re-serialized signature with a 400', async () => {
    await build(SECRET);
    const now = Math.floor(Date.now() / 1000);
    const pretty = JSON.stringify(event, null, 2);
    const answers = [
      await post(body, {}),
      await post(body, { 'stripe-signature': 't=1,v1=00' }),
      await post(body, { 'stripe-signature': 'garbage' }),
      await post(body, signed(body, { secret: 'whsec_someone_elses' })),
      await post(body, signed(body, { timestamp: now - 301 })),
      // The same event, signed as Stripe sent it and parsed and re-serialized on the way.
      await post(body, signed(pretty)),
      await post('', signed('')),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json().error.code])).toEqual([
      [400, 'SIGNATURE_MISSING'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'SIGNATURE_EXPIRED'],
      [400, 'SIGNATURE_INVALID'],
      [400, 'BAD_PAYLOAD'],
    ]);
    for (const answer of answers) expect(answer.json().error.message).toMatch(/\w/);
  });

  it('refuses a signed body that is not a Stripe event', async () => {
    await build(SECRET);
    for (const payload of ['not json', '{}', JSON.stringify({ ...event, created: 'soon' })]) {
      const response = await post(payload, signed(payload));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('BAD_PAYLOAD');
    }
  });

  it('refuses a body over the limit with a 413, and leaves JSON parsing elsewhere alone', async () => {
    await build(SECRET);
    const huge = JSON.stringify({ ...event, padding: 'x'.repeat(WEBHOOK_BODY_LIMIT) });
    const tooLarge = await post(huge, signed(huge));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toMatch(/\w/);

    const echo = await app!.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(echo.json()).toEqual({ body: event });
  });
});

describe('STRIPE_WEBHOOK_SECRET', () => {
  it('is optional, takes one secret or two (account and Connect endpoints), and names a bad one', () => {
    expect(loadConfig({}).STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: '' }).STRIPE_WEBHOOK_SECRET).toBeUndefined();
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_a1,whsec_b2' }).STRIPE_WEBHOOK_SECRET).toBe(
      'whsec_a1,whsec_b2',
    );
    for (const bad of ['sk_test_123', 'whsec_a, whsec_b', 'whsec_']) {
      expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: bad })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    }
  });
});
