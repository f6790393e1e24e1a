import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { businessMembers, businesses, paymentAccounts, users } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app';
import { findBusinessBySlug } from '../businesses/businesses.service';
import { createOfflineProvider } from './offline-provider';
import type { PaymentAccountState, PaymentProvider } from '../../platform/payment-provider';
import { ensurePaymentAccount } from './payments.service';
import {
  createStripeProvider,
  type StripeConnectClient,
  type StripePaymentsClient,
} from './stripe-provider';

const STRIPE_INFO = `query GetMyStripeInfo($slug: String!) { myStripeInfo(slug: $slug) }`;
const OFFLINE_ONBOARDING =
  /^\/offline-payments\/onboarding\?account=(acct_offline_[a-f0-9]{16})&slug=(.+)$/;

/** Stripe's test-mode values, as the offline onboarding page prefills them as hints. */
const VALID_ONBOARDING = {
  legalName: 'Jenny Rosen',
  dateOfBirth: '1990-01-31',
  ssnLast4: '0000',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

const setupUrl = (slug: string) => `/stripe/setup-connect-account?slug=${encodeURIComponent(slug)}`;
const HTML = { accept: 'text/html,application/xhtml+xml' };
const JSON_ACCEPT = { accept: 'application/json' };

function setup(app: App, slug: string, headers: Record<string, string> = HTML) {
  return app.inject({ method: 'GET', url: setupUrl(slug), headers });
}

async function stripeInfo(app: App, slug: string, cookie: string) {
  const result = await gql(app, STRIPE_INFO, { slug }, { cookie });
  expect(result.body.errors).toBeUndefined();
  return JSON.parse(result.body.data!.myStripeInfo as string) as Record<string, boolean>;
}

/** The demo seller's other business (they work at two). */
async function secondSellerSlug(db: Db, ownSlug: string): Promise<string> {
  const rows = await db
    .select({ slug: businesses.slug })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.user_id))
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(users.email, 'seller@bevy.example'));
  return rows.map((row) => row.slug).find((slug) => slug !== ownSlug)!;
}

async function accountRowsOf(t: TestApp, slug: string) {
  const business = (await findBusinessBySlug({ db: t.database.db }, slug))!;
  const rows = await t.database.db
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.business_id, business.id));
  return { business, rows };
}

describe('payment connection with the offline provider', () => {
  let t: TestApp;
  let seller: string;
  let buyer: string;
  let admin: string;
  let ownSlug: string;
  let secondSlug: string;
  let otherSlug: string;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await logInAsActor(t.app, 'seller');
    buyer = await logInAsActor(t.app, 'buyer');
    admin = await logInAsActor(t.app, 'admin');
    ({ ownSlug, otherSlug } = await sellerBusinessSlugs(t.database.db));
    secondSlug = await secondSellerSlug(t.database.db, ownSlug);
  });
  afterAll(() => t.close());

  const onboard = (accountId: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/offline-payments/accounts/${accountId}/onboarding`,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      payload: JSON.stringify(payload),
    });

  /** Starts onboarding as `cookie` and returns the offline account id it was sent to. */
  async function startOnboarding(slug: string, cookie: string): Promise<string> {
    const response = await setup(t.app, slug, { ...HTML, cookie });
    expect(response.statusCode).toBe(303);
    const match = OFFLINE_ONBOARDING.exec(response.headers.location as string);
    expect(match, response.headers.location as string).not.toBeNull();
    expect(decodeURIComponent(match![2]!)).toBe(slug);
    return match![1]!;
  }

  it('sends an anonymous browser to log in and back, and refuses an anonymous API call', async () => {
    const browser = await setup(t.app, ownSlug);
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(
      `/login?next=${encodeURIComponent(`/business/${ownSlug}/stripe-connect-status`)}`,
    );
    const api = await setup(t.app, ownSlug, JSON_ACCEPT);
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: expect.any(String) },
    });
    expect((await accountRowsOf(t, ownSlug)).rows).toHaveLength(0);
  });

  it('refuses people who do not work at the business, an unknown slug and a missing slug', async () => {
    const forbidden = await setup(t.app, otherSlug, { ...HTML, cookie: seller });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'FORBIDDEN', message: expect.stringContaining('Only people who work at') },
    });
    const asBuyer = await setup(t.app, ownSlug, { ...JSON_ACCEPT, cookie: buyer });
    expect(asBuyer.statusCode).toBe(403);
    expect((await accountRowsOf(t, otherSlug)).rows).toHaveLength(0);

    const unknown = await setup(t.app, 'no-such-business', { ...HTML, cookie: seller });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');

    for (const url of ['/stripe/setup-connect-account', '/stripe/setup-connect-account?slug=']) {
      const missing = await t.app.inject({ method: 'GET', url, headers: { cookie: seller } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('BAD_USER_INPUT');
    }
  });

  it('opens one offline account for a member and sends them to its onboarding page', async () => {
    expect(await stripeInfo(t.app, ownSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
    const accountId = await startOnboarding(ownSlug, seller);
    const { business, rows } = await accountRowsOf(t, ownSlug);
    expect(rows).toEqual([
      expect.objectContaining({
        provider: 'offline',
        account_id: accountId,
        details_submitted: false,
        charges_enabled: false,
      }),
    ]);
    expect(business.stripe_account_id).toBe(accountId);
    // The account id is the sellers' business: the public read of the business leaves it out.
    const ACCOUNT_ID = `query($slug: String!) { business(slug: $slug) { stripe_account_id } }`;
    for (const [cookie, expected] of [
      [undefined, null],
      [buyer, null],
      [seller, accountId],
      [admin, accountId],
    ] as const) {
      const read = await gql(t.app, ACCOUNT_ID, { slug: ownSlug }, cookie ? { cookie } : {});
      expect(read.body.data?.business).toEqual({ stripe_account_id: expected });
    }
    // Coming back (the "continue" link) reuses the account.
    expect(await startOnboarding(ownSlug, seller)).toBe(accountId);

    const view = await t.app.inject({
      method: 'GET',
      url: `/offline-payments/accounts/${accountId}`,
      headers: { cookie: seller },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({
      account: {
        id: accountId,
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
      },
      business: { name: business.name, slug: ownSlug },
    });
    // Not finished yet: still the "start or continue" state.
    expect(await stripeInfo(t.app, ownSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
  });

  it('gives two concurrent setup calls one account', async () => {
    const [first, second] = await Promise.all([
      setup(t.app, secondSlug, { ...HTML, cookie: seller }),
      setup(t.app, secondSlug, { ...HTML, cookie: seller }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([303, 303]);
    expect(first.headers.location).toBe(second.headers.location);
    expect((await accountRowsOf(t, secondSlug)).rows).toHaveLength(1);
  });

  it('stores one account when two requests both found none (the insert decides)', async () => {
    // Both callers pass the "no account yet" check before either stores one.
    let arrived = 0;
    let release!: () => void;
    const bothArrived = new Promise<void>((resolve) => (release = resolve));
    const offline = createOfflineProvider();
    const racing: PaymentProvider = {
      ...offline,
      createAccount: async (business) => {
        arrived += 1;
        if (arrived === 2) release();
        await bothArrived;
        return offline.createAccount(business);
      },
    };
    const business = (await findBusinessBySlug({ db: t.database.db }, otherSlug))!;
    const ctx = { db: t.database.db, payments: racing, log: t.app.log };
    const [a, b] = await Promise.all([
      ensurePaymentAccount(ctx, business),
      ensurePaymentAccount(ctx, business),
    ]);
    expect(arrived).toBe(2);
    expect(a.account_id).toBe(b.account_id);
    const { business: after, rows } = await accountRowsOf(t, otherSlug);
    expect(rows).toHaveLength(1);
    expect(after.stripe_account_id).toBe(a.account_id);
  });

  it('refuses onboarding details that Stripe would refuse, field by field', async () => {
    const accountId = await startOnboarding(ownSlug, seller);
    const refused = await onboard(
      accountId,
      {
        legalName: ' ',
        dateOfBirth: '2020-02-30',
        ssnLast4: '12a4',
        routingNumber: '110000001',
        accountNumber: '12',
      },
      seller,
    );
    expect(refused.statusCode).toBe(400);
    const { error } = refused.json();
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', field: 'legalName' });
    expect(Object.keys(error.fields).sort()).toEqual(
      ['accountNumber', 'dateOfBirth', 'legalName', 'routingNumber', 'ssnLast4'].sort(),
    );
    expect(error.fields.routingNumber).toMatch(/not a valid routing number/);
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const minor = await onboard(
      accountId,
      { ...VALID_ONBOARDING, dateOfBirth: young.toISOString().slice(0, 10) },
      seller,
    );
    expect(minor.json().error).toMatchObject({ field: 'dateOfBirth' });
    expect(minor.json().error.message).toMatch(/at least 18/);
    const notJson = await onboard(accountId, ['not', 'an', 'object'], seller);
    expect(notJson.statusCode).toBe(400);
    // Nothing changed.
    expect((await accountRowsOf(t, ownSlug)).rows[0]).toMatchObject({ details_submitted: false });
  });

  it('completing onboarding with the verifying test values makes the business ready', async () => {
    const accountId = await startOnboarding(ownSlug, seller);
    const done = await onboard(accountId, VALID_ONBOARDING, seller);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      account: { id: accountId, details_submitted: true, charges_enabled: true },
      returnUrl: `/business/${encodeURIComponent(ownSlug)}/stripe-connect-status`,
    });
    expect(await stripeInfo(t.app, ownSlug, seller)).toEqual({
      charges_enabled: true,
      details_submitted: true,
    });
    // The contract's exact string, key order included.
    const raw = await gql(t.app, STRIPE_INFO, { slug: ownSlug }, { cookie: seller });
    expect(raw.body.data?.myStripeInfo).toBe('{"charges_enabled":true,"details_submitted":true}');
    expect((await accountRowsOf(t, ownSlug)).rows[0]).toMatchObject({ payouts_enabled: true });
  });

  it("SSN ending '1111' leaves the account waiting for verification", async () => {
    const accountId = await startOnboarding(secondSlug, seller);
    const pending = await onboard(accountId, { ...VALID_ONBOARDING, ssnLast4: '1111' }, seller);
    expect(pending.statusCode).toBe(200);
    expect(await stripeInfo(t.app, secondSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: true,
    });
  });

  it('lets only members (and admins) see or complete an offline account', async () => {
    // An admin may start onboarding for any business.
    const accountId = await startOnboarding(otherSlug, admin);
    const asSeller = await onboard(accountId, VALID_ONBOARDING, seller);
    expect(asSeller.statusCode).toBe(403);
    expect(asSeller.json().error.code).toBe('FORBIDDEN');
    const view = await t.app.inject({
      method: 'GET',
      url: `/offline-payments/accounts/${accountId}`,
      headers: { cookie: buyer },
    });
    expect(view.statusCode).toBe(403);
    expect((await onboard(accountId, VALID_ONBOARDING)).statusCode).toBe(401);
    expect(
      (await onboard('acct_offline_0000000000000000', VALID_ONBOARDING, seller)).statusCode,
    ).toBe(404);
    expect((await onboard('not-an-account', VALID_ONBOARDING, seller)).statusCode).toBe(404);
    expect((await accountRowsOf(t, otherSlug)).rows[0]).toMatchObject({ details_submitted: false });
    // The admin can finish it.
    expect((await onboard(accountId, VALID_ONBOARDING, admin)).statusCode).toBe(200);
  });
});

/** A stand-in for the official client: records calls, answers like Stripe's API. */
function fakeStripeClient() {
  const calls = {
    create: [] as { params: unknown; options: unknown }[],
    links: [] as Record<string, unknown>[],
    retrieve: [] as string[],
    del: [] as string[],
  };
  let state: PaymentAccountState = {
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
  };
  let failing = false;
  let created = 0;
  const fail = () => {
    if (failing) throw new Error('connect ECONNREFUSED api.stripe.com');
  };
  const notUsedByOnboarding = async (): Promise<never> => {
    throw new Error('Onboarding makes no payments.');
  };
  const client: StripeConnectClient & StripePaymentsClient = {
    paymentIntents: { create: notUsedByOnboarding },
    transfers: { create: notUsedByOnboarding, createReversal: notUsedByOnboarding },
    refunds: { create: notUsedByOnboarding },
    customers: { create: notUsedByOnboarding },
    setupIntents: { create: notUsedByOnboarding },
    accounts: {
      create: async (params, options) => {
        fail();
        calls.create.push({ params, options });
        created += 1;
        return { id: `acct_1Fake${created}` };
      },
      retrieve: async (id) => {
        fail();
        calls.retrieve.push(id);
        return { id, ...state };
      },
      del: async (id) => {
        calls.del.push(id);
        return { id, deleted: true };
      },
    },
    accountLinks: {
      create: async (params) => {
        fail();
        calls.links.push(params as unknown as Record<string, unknown>);
        return {
          url: `https://connect.stripe.com/setup/e/${params.account}/link${calls.links.length}`,
        };
      },
    },
  };
  return {
    client,
    calls,
    setState: (next: PaymentAccountState) => (state = next),
    setFailing: (value: boolean) => (failing = value),
  };
}

describe('payment connection with Stripe (fake client)', () => {
  const PUBLIC_URL = 'https://market.example';
  const stripe = fakeStripeClient();
  let app: App;
  let drop: () => Promise<void>;
  let db: Db;
  let seller: string;
  let ownSlug: string;
  let secondSlug: string;

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      PUBLIC_URL,
    });
    const created = await createTestDatabase();
    drop = created.drop;
    db = created.database.db;
    app = await buildApp({
      config,
      database: created.database,
      logger: false,
      payments: createStripeProvider(stripe.client, { publicUrl: config.publicUrl }),
    });
    await app.ready();
    seller = await logInAsActor(app, 'seller');
    ({ ownSlug } = await sellerBusinessSlugs(db));
    secondSlug = await secondSellerSlug(db, ownSlug);
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('opens the connected account once and sends the seller to an account link', async () => {
    const first = await setup(app, ownSlug, { ...HTML, cookie: seller });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('https://connect.stripe.com/setup/e/acct_1Fake1/link1');
    const business = (await findBusinessBySlug({ db }, ownSlug))!;
    expect(stripe.calls.create).toEqual([
      {
        params: expect.objectContaining({
          country: 'US',
          controller: expect.objectContaining({ stripe_dashboard: { type: 'express' } }),
          business_profile: expect.objectContaining({ name: business.name }),
          metadata: expect.objectContaining({ business_id: String(business.id) }),
        }),
        options: { idempotencyKey: expect.stringContaining(`bevy-connect-${business.id}-`) },
      },
    ]);
    expect(stripe.calls.links).toEqual([
      {
        account: 'acct_1Fake1',
        type: 'account_onboarding',
        refresh_url: `${PUBLIC_URL}/stripe/setup-connect-account?slug=${encodeURIComponent(ownSlug)}`,
        return_url: `${PUBLIC_URL}/business/${encodeURIComponent(ownSlug)}/stripe-connect-status`,
      },
    ]);
    expect(business.stripe_account_id).toBe('acct_1Fake1');

    // The refresh URL (an expired link) comes back here: a new link, the same account.
    const again = await setup(app, ownSlug, { ...HTML, cookie: seller });
    expect(again.headers.location).toBe('https://connect.stripe.com/setup/e/acct_1Fake1/link2');
    expect(stripe.calls.create).toHaveLength(1);
    const rows = await db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.business_id, business.id));
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'stripe', account_id: 'acct_1Fake1' }),
    ]);
  });

  it('reads the state fresh from Stripe and caches it', async () => {
    expect(await stripeInfo(app, ownSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
    expect(stripe.calls.retrieve).toEqual(['acct_1Fake1']);
    stripe.setState({ details_submitted: true, charges_enabled: false, payouts_enabled: false });
    expect(await stripeInfo(app, ownSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: true,
    });
    stripe.setState({ details_submitted: true, charges_enabled: true, payouts_enabled: true });
    expect(await stripeInfo(app, ownSlug, seller)).toEqual({
      charges_enabled: true,
      details_submitted: true,
    });
    const business = (await findBusinessBySlug({ db }, ownSlug))!;
    const [cached] = await db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.business_id, business.id));
    expect(cached).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    // Stripe unreachable: the last known state, not an error.
    stripe.setFailing(true);
    try {
      expect(await stripeInfo(app, ownSlug, seller)).toEqual({
        charges_enabled: true,
        details_submitted: true,
      });
    } finally {
      stripe.setFailing(false);
    }
  });

  it('says Stripe could not be reached when it cannot open an account', async () => {
    stripe.setFailing(true);
    try {
      const api = await setup(app, secondSlug, { ...JSON_ACCEPT, cookie: seller });
      expect(api.statusCode).toBe(502);
      expect(api.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
      const browser = await setup(app, secondSlug, { ...HTML, cookie: seller });
      expect(browser.statusCode).toBe(303);
      expect(browser.headers.location).toBe(
        `/business/${encodeURIComponent(secondSlug)}/stripe-connect-status?problem=PAYMENT_PROVIDER_UNAVAILABLE`,
      );
    } finally {
      stripe.setFailing(false);
    }
  });

  it('replaces an offline test account with a Stripe one, and has no offline endpoints', async () => {
    const business = (await findBusinessBySlug({ db }, secondSlug))!;
    await db.insert(paymentAccounts).values({
      business_id: business.id,
      provider: 'offline',
      account_id: 'acct_offline_00000000000000aa',
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    // A test-mode account cannot take real payments.
    expect(await stripeInfo(app, secondSlug, seller)).toEqual({
      charges_enabled: false,
      details_submitted: false,
    });
    const response = await setup(app, secondSlug, { ...HTML, cookie: seller });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const [row] = await db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.business_id, business.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      account_id: 'acct_1Fake2',
      charges_enabled: false,
    });

    const offline = await app.inject({
      method: 'POST',
      url: '/offline-payments/accounts/acct_offline_00000000000000aa/onboarding',
      headers: { 'content-type': 'application/json', cookie: seller },
      payload: JSON.stringify(VALID_ONBOARDING),
    });
    expect(offline.statusCode).toBe(404);
  });
});
