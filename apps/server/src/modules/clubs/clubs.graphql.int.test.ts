import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

const CREATE_CLUB = `
  mutation CreateClub($businessSlug: String!, $input: ClubInput!) {
    createClub(businessSlug: $businessSlug, input: $input) {
      slug
      status
      cadence
      memberDiscountBasisPoints
      noticeDays
      cutoffDays
      upcomingChargeDates
      tiers { name bottles priceBasis fixedPriceCents }
    }
  }
`;
const CLUBS_TO_MANAGE = `
  query ClubsToManage($businessSlug: String!) {
    clubsToManage(businessSlug: $businessSlug) { name tiers { name } }
  }
`;

const input = {
  name: 'Brewers Circle',
  description: 'A mixed case of new releases every month.',
  cadence: 'monthly',
  firstReleaseOn: '2020-01-31',
  memberDiscountBasisPoints: 1_000,
  skipsPerYear: 2,
  minimumReleases: 0,
  offersPickup: true,
  offersDelivery: true,
  offersShipping: false,
  tiers: [{ name: 'Mixed twelve', bottles: 12, priceBasis: 'contents' }],
};

let t: TestApp;
let seller: string;
let buyer: string;
let ownSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  buyer = await logInAsActor(t.app, 'buyer');
  ({ ownSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

describe('clubs over GraphQL', () => {
  it('lets a seller create a club and lists it with its next charge dates', async () => {
    const created = await gql(
      t.app,
      CREATE_CLUB,
      { businessSlug: ownSlug, input },
      { cookie: seller },
    );
    expect(created.body.errors).toBeUndefined();
    const club = created.body.data!.createClub as Record<string, unknown> & {
      upcomingChargeDates: string[];
    };
    expect(club).toMatchObject({
      slug: 'brewers-circle',
      status: 'draft',
      cadence: 'monthly',
      memberDiscountBasisPoints: 1_000,
      noticeDays: 7,
      cutoffDays: 2,
      tiers: [{ name: 'Mixed twelve', bottles: 12, priceBasis: 'contents', fixedPriceCents: null }],
    });
    // Counted from the 31st: each is the 31st or the last day of a shorter month, from today on.
    const today = new Date().toISOString().slice(0, 10);
    expect(club.upcomingChargeDates).toHaveLength(3);
    for (const date of club.upcomingChargeDates) {
      expect(date >= today).toBe(true);
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      expect(day).toBe(Math.min(31, new Date(Date.UTC(year, month, 0)).getUTCDate()));
    }
    const listed = await gql(t.app, CLUBS_TO_MANAGE, { businessSlug: ownSlug }, { cookie: seller });
    // Beside any club the demo data gave the business.
    expect(listed.body.data!.clubsToManage).toContainEqual({
      name: 'Brewers Circle',
      tiers: [{ name: 'Mixed twelve' }],
    });
  });

  it('answers bad input with the field and its message, and a stranger with FORBIDDEN', async () => {
    const bad = await gql(
      t.app,
      CREATE_CLUB,
      { businessSlug: ownSlug, input: { ...input, noticeDays: 2, cutoffDays: 5 } },
      { cookie: seller },
    );
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'cutoffDays',
    });
    for (const cookie of [buyer, undefined]) {
      const refused = await gql(
        t.app,
        CLUBS_TO_MANAGE,
        { businessSlug: ownSlug },
        cookie ? { cookie } : {},
      );
      expect(refused.body.errors?.[0]?.extensions?.code).toBe(
        cookie ? 'FORBIDDEN' : 'UNAUTHENTICATED',
      );
    }
  });
});
