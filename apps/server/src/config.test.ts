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

  describe('TRUST_PROXY', () => {
    const production = {
      NODE_ENV: 'production',
      SEARCH_KEY_SECRET: 'x'.repeat(40),
      ALLOW_OFFLINE_PAYMENTS: 'true',
    };

    it('is off unless set, in production too', () => {
      expect(loadConfig({}).TRUST_PROXY).toBe(false);
      expect(loadConfig(production).TRUST_PROXY).toBe(false);
      for (const off of ['', 'false', 'FALSE', 'off', ' Off ']) {
        expect(loadConfig({ ...production, TRUST_PROXY: off }).TRUST_PROXY).toBe(false);
      }
    });

    it('takes a number of proxy hops', () => {
      expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadConfig({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toBe(2);
      // Fastify ignores a bare number: a count becomes a function trusting the last hops.
      const trust = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (
        a: string,
        i: number,
      ) => boolean;
      expect([0, 1, 2, 3].map((hop) => trust('203.0.113.9', hop))).toEqual([
        true,
        true,
        false,
        false,
      ]);
      expect(loadConfig({}).trustProxy).toBe(false);
    });

    it('takes a list of proxy addresses and CIDR ranges', () => {
      expect(
        loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8,::1,172.16.0.0/12' })
          .TRUST_PROXY,
      ).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', '172.16.0.0/12']);
      const config = loadConfig({ TRUST_PROXY: '10.0.0.0/8,192.168.1.7' });
      expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7']);
    });

    it.each([
      ['true', /TRUST_PROXY: true would let any client choose its own address/],
      ['yes', /TRUST_PROXY: "yes" is not an IP address or CIDR range/],
      ['0', /TRUST_PROXY: must be off \(false\), the number of proxies/],
      ['10.0.0.0/33', /TRUST_PROXY: "10.0.0.0\/33" is not an IP address or CIDR range/],
      ['fd00::/129', /TRUST_PROXY: "fd00::\/129" is not/],
      ['10.0.0.1, 300.1.1.1, loopback', /TRUST_PROXY: "300.1.1.1", "loopback" is not/],
      ['10.0.0.1,', /TRUST_PROXY: "" is not/],
      ['10.0.0.0/8/1', /TRUST_PROXY: "10.0.0.0\/8\/1" is not/],
      ['10.0.0.0/', /TRUST_PROXY: "10.0.0.0\/" is not/],
      ['-1', /TRUST_PROXY: "-1" is not/],
      // Every address, which Fastify refuses anyway.
      ['0.0.0.0/0', /TRUST_PROXY: "0.0.0.0\/0" is not/],
      ['::/0', /TRUST_PROXY: "::\/0" is not/],
    ])('stops on a bad value (%s), naming TRUST_PROXY', (value, message) => {
      expect(() => loadConfig({ ...production, TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, TRUST_PROXY: value })).toThrow(message);
    });
  });
});
