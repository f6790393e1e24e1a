import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO_DATA).toBe(true);
    expect(config.publicSite.contactEmail).toBe('hello@bevy.example');
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('requires a real search key secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SEARCH_KEY_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production',
      SEARCH_KEY_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_live_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
    });
    expect(config.searchKeySecret).toBe('x'.repeat(40));
  });

  it('requires Stripe in production, unless offline payments are allowed on purpose', () => {
    const secret = { NODE_ENV: 'production', SEARCH_KEY_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(secret)).toThrow(/STRIPE_SECRET_KEY: required in production/);
    expect(loadConfig({ ...secret, ALLOW_OFFLINE_PAYMENTS: 'true' }).STRIPE_SECRET_KEY).toBe(
      undefined,
    );
    expect(() => loadConfig({ ...secret, STRIPE_SECRET_KEY: 'pk_live_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
  });

  it('gives the browser Stripe’s publishable key, which Stripe needs, and nothing else of Stripe', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123' };
    expect(() => loadConfig(stripe)).toThrow(/STRIPE_PUBLISHABLE_KEY: required with/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_abc' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/,
    );
    const config = loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' });
    expect(config.publicSite.stripePublishableKey).toBe('pk_test_abc123');
    expect(JSON.stringify(config.publicSite)).not.toContain('sk_test');
    // The offline provider takes cards in our own form: no key for the browser.
    expect(
      loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123' }).publicSite.stripePublishableKey,
    ).toBeNull();
  });
});
