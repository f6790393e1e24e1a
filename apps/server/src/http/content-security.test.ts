import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { contentSecurityDirectives } from '../app';

async function policyOf(config: { isProduction: boolean; STRIPE_SECRET_KEY?: string }) {
  const app = Fastify({ logger: false });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: contentSecurityDirectives(config) },
  });
  app.get('/', async () => 'ok');
  const response = await app.inject({ url: '/' });
  await app.close();
  return String(response.headers['content-security-policy']);
}

describe('the Content-Security-Policy', () => {
  it('lets the checkout load Stripe.js and its frames when payments run on Stripe', async () => {
    const policy = await policyOf({ isProduction: true, STRIPE_SECRET_KEY: 'sk_test_abc' });
    expect(policy).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(policy).toMatch(
      /frame-src 'self' https:\/\/js\.stripe\.com .*https:\/\/hooks\.stripe\.com/,
    );
    expect(policy).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
  });

  it('allows nothing of Stripe on the offline provider', async () => {
    const policy = await policyOf({ isProduction: false });
    expect(policy).not.toContain('stripe');
    expect(policy).toMatch(/script-src 'self'(;|$)/);
  });
});
