import { RENEWAL_CONSENT_REQUIRED } from '@bevy/core/club-join-schemas';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businesses,
  clubReleaseItems,
  clubReleases,
  clubs,
  priceTiers,
  products,
} from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runRelease } from './club-run';

const MEMBERSHIP_FIELDS = `
  id status clubName businessSlug skipsUsed skipsPerYear renewalTerms fulfillmentMode
  card { brand last4 }
  tier { id name }
  nextRelease { id title chargeOn customizeThrough canChange skipped totalCents
    lines { productId name quantity unitPriceCents } }
`;

let t: TestApp;
let seller: string;
let buyer: string;
let stranger: string;
let ownSlug: string;
let productIds: number[];
let tierId: number;
let membershipId: number;
let releaseId: number;

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function asSeller(query: string, variables: Record<string, unknown>) {
  const result = await gql(t.app, query, variables, { cookie: seller });
  expect(result.body.errors).toBeUndefined();
  return result.body.data!;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  buyer = await logInAsActor(t.app, 'buyer');
  stranger = await logInAsActor(t.app, 'wholesale');
  ({ ownSlug } = await sellerBusinessSlugs(t.database.db));
  await t.database.db
    .update(businesses)
    .set({ fulfillment_allow_pickup_retail: true })
    .where(eq(businesses.slug, ownSlug));
  const sold = await t.database.db
    .selectDistinct({ id: products.id })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.business_id))
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(
      and(
        eq(businesses.slug, ownSlug),
        eq(products.status, 'published'),
        eq(priceTiers.channel, 'retail'),
        isNotNull(priceTiers.price_per_unit),
      ),
    )
    .limit(2);
  productIds = sold.map((row) => row.id);
  const created = await asSeller(
    `mutation ($businessSlug: String!, $input: ClubInput!) {
      createClub(businessSlug: $businessSlug, input: $input) { slug tiers { id } } }`,
    {
      businessSlug: ownSlug,
      input: {
        name: 'Reserve Club',
        description: 'Two bottles of our reserve wines, when they are ready.',
        cadence: 'release_dates',
        memberDiscountBasisPoints: 1_000,
        skipsPerYear: 1,
        minimumReleases: 0,
        offersPickup: true,
        offersDelivery: false,
        offersShipping: false,
        tiers: [{ name: 'Pair', bottles: 2, priceBasis: 'contents' }],
      },
    },
  );
  tierId = (created.createClub as { tiers: { id: number }[] }).tiers[0]!.id;
  await asSeller(
    `mutation { setClubStatus(businessSlug: "${ownSlug}", clubSlug: "reserve-club", open: true) { status } }`,
    {},
  );
  const release = await asSeller(
    `mutation ($businessSlug: String!, $items: [ClubReleaseItemInput!]!, $chargeOn: String!) {
      createClubRelease(businessSlug: $businessSlug, clubSlug: "reserve-club", title: "Winter reserve",
        chargeOn: $chargeOn, items: $items) { id status report { pending } } }`,
    {
      businessSlug: ownSlug,
      chargeOn: inDays(20),
      items: productIds.map((productId) => ({ tierId, productId, quantity: 1 })),
    },
  );
  releaseId = (release.createClubRelease as { id: number }).id;
});
afterAll(() => t.close());

const joinInput = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: `join-${Math.random().toString(36).slice(2)}`,
  tierId,
  mode: 'pickup',
  phone: '(503) 555-0142',
  payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
  renewalConsent: true,
  ...overrides,
});

const JOIN = `mutation ($businessSlug: String!, $input: JoinClubInput!) {
  joinClub(businessSlug: $businessSlug, clubSlug: "reserve-club", input: $input) { ${MEMBERSHIP_FIELDS} } }`;

describe('memberships over GraphQL', () => {
  it('shows the club with each tier’s renewal terms, and refuses a join without the consent', async () => {
    const page = await gql(
      t.app,
      `query ($businessSlug: String!) { club(businessSlug: $businessSlug, clubSlug: "reserve-club") {
        businessName viewerMembershipId club { name tiers { name renewalTerms } } } }`,
      { businessSlug: ownSlug },
      { cookie: buyer },
    );
    const club = page.body.data!.club as {
      viewerMembershipId: number | null;
      club: { tiers: { renewalTerms: string }[] };
    };
    expect(club.viewerMembershipId).toBeNull();
    expect(club.club.tiers[0]!.renewalTerms).toMatch(
      /^I agree that Reserve Club \(Pair\) charges my saved card for each release of 2 bottles its retail price less my 10% member discount/,
    );
    const refused = await gql(
      t.app,
      JOIN,
      { businessSlug: ownSlug, input: joinInput({ renewalConsent: false }) },
      { cookie: buyer },
    );
    expect(refused.body.errors?.[0]).toMatchObject({
      message: RENEWAL_CONSENT_REQUIRED,
      extensions: { code: 'BAD_USER_INPUT', field: 'renewalConsent' },
    });
  });

  it('joins with a saved card and shows the next release priced for the member', async () => {
    const joined = await gql(
      t.app,
      JOIN,
      { businessSlug: ownSlug, input: joinInput() },
      { cookie: buyer },
    );
    expect(joined.body.errors).toBeUndefined();
    const membership = joined.body.data!.joinClub as {
      id: number;
      card: unknown;
      nextRelease: {
        lines: { unitPriceCents: number; quantity: number }[];
        totalCents: number;
        canChange: boolean;
      };
    };
    membershipId = membership.id;
    expect(membership).toMatchObject({
      status: 'active',
      card: { brand: 'visa', last4: '4242' },
      nextRelease: { id: releaseId, title: 'Winter reserve', canChange: true, skipped: false },
    });
    expect(membership.nextRelease.lines).toHaveLength(2);
    expect(membership.nextRelease.totalCents).toBeGreaterThan(0);
    const again = await gql(
      t.app,
      JOIN,
      { businessSlug: ownSlug, input: joinInput() },
      { cookie: buyer },
    );
    expect(again.body.errors?.[0]?.message).toBe('You are already a member of this club.');
  });

  it('keeps a membership to its member', async () => {
    const query = `query ($id: Int!) { membership(id: $id) { id } }`;
    const foreign = await gql(t.app, query, { id: membershipId }, { cookie: stranger });
    expect(foreign.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const own = await gql(t.app, query, { id: membershipId }, { cookie: buyer });
    expect(own.body.data!.membership).toEqual({ id: membershipId });
  });

  it('skips the release within the skips a year, then cancels', async () => {
    const skip = `mutation ($membershipId: Int!, $releaseId: Int!, $skip: Boolean!) {
      skipClubRelease(membershipId: $membershipId, releaseId: $releaseId, skip: $skip) { skipsUsed nextRelease { skipped } } }`;
    const skipped = await gql(
      t.app,
      skip,
      { membershipId, releaseId, skip: true },
      { cookie: buyer },
    );
    expect(skipped.body.data!.skipClubRelease).toEqual({
      skipsUsed: 1,
      nextRelease: { skipped: true },
    });
    const members = await asSeller(
      `query ($businessSlug: String!) {
        clubMembers(businessSlug: $businessSlug, clubSlug: "reserve-club") { name status tierName }
        clubFigures(businessSlug: $businessSlug, clubSlug: "reserve-club") { activeMembers joinedThisMonth nextReleaseExpectedCents } }`,
      { businessSlug: ownSlug },
    );
    expect(members.clubMembers).toEqual([
      { name: expect.any(String), status: 'active', tierName: 'Pair' },
    ]);
    expect(members.clubFigures).toMatchObject({ activeMembers: 1, joinedThisMonth: 1 });
    const cancelled = await gql(
      t.app,
      `mutation ($membershipId: Int!) { cancelMembership(membershipId: $membershipId) { status nextRelease { id } } }`,
      { membershipId },
      { cookie: buyer },
    );
    expect(cancelled.body.data!.cancelMembership).toEqual({
      status: 'cancelled',
      nextRelease: null,
    });
  });
});

describe('a club order among the producer’s orders', () => {
  it('is marked with its club and release', async () => {
    const joined = await gql(
      t.app,
      JOIN,
      { businessSlug: ownSlug, input: joinInput() },
      { cookie: stranger },
    );
    expect(joined.body.errors).toBeUndefined();
    // A release due today, run as the calendar job would.
    const [due] = await t.database.db
      .insert(clubReleases)
      .values({
        club_id: (
          await t.database.db.select().from(clubs).where(eq(clubs.slug, 'reserve-club'))
        )[0]!.id,
        title: 'Today’s release',
        charge_on: new Date().toISOString().slice(0, 10),
        status: 'scheduled',
      })
      .returning();
    await t.database.db.insert(clubReleaseItems).values(
      productIds.map((productId) => ({
        release_id: due!.id,
        tier_id: tierId,
        product_id: productId,
        quantity: 1,
      })),
    );
    await runRelease(t.app.services, due!.id);
    const listed = await asSeller(
      `query { businessOrders(limit: 5) { orders { number clubRelease } } }`,
      {},
    );
    const orders = (listed.businessOrders as { orders: { clubRelease: string | null }[] }).orders;
    expect(orders[0]!.clubRelease).toBe('Reserve Club: Today’s release');
  });
});
