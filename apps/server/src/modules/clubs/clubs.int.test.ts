import type { ClubInputDraft } from '@bevy/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { clubs, users } from '../../db/tables';
import { DEMO_ACTORS } from '../../test/demo-actors';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { refusalOf } from '../../test/refusal';
import { createTestDatabase } from '../../test/test-app';
import { createClub, listClubsToManage } from './index';

let database: Database;
let drop: () => Promise<void>;
let ownSlug: string;
let otherSlug: string;
let sellerCtx: Parameters<typeof createClub>[0];
let buyerCtx: Parameters<typeof createClub>[0];

async function contextOf(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { db: database.db, viewer: { id: user!.id, sessionId: 'test-session', isAdmin: false } };
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  ({ ownSlug, otherSlug } = await sellerBusinessSlugs(database.db));
  sellerCtx = await contextOf(DEMO_ACTORS.seller.email);
  buyerCtx = await contextOf(DEMO_ACTORS.buyer.email);
});
afterAll(() => drop());

const cellarClub = (overrides: Partial<ClubInputDraft> = {}): ClubInputDraft => ({
  name: 'Cellar Club',
  description: 'Three or six bottles each quarter, first pick of our small lots.',
  cadence: 'every_3_months',
  firstReleaseOn: '2027-03-15',
  memberDiscountBasisPoints: 1_500,
  skipsPerYear: 1,
  minimumReleases: 0,
  offersPickup: true,
  offersDelivery: false,
  offersShipping: true,
  tiers: [
    { name: 'Three bottles', bottles: 3, priceBasis: 'contents', fixedPriceCents: null },
    { name: 'Six bottles', bottles: 6, priceBasis: 'fixed', fixedPriceCents: 16_800 },
  ],
  ...overrides,
});

describe('a producer creates a club', () => {
  it('stores a draft with its tiers in order, and the notice and cut-off defaults', async () => {
    const club = await createClub(sellerCtx, ownSlug, cellarClub());
    expect(club).toMatchObject({
      slug: 'cellar-club',
      status: 'draft',
      cadence: 'every_3_months',
      first_release_on: '2027-03-15',
      member_discount_bp: 1_500,
      notice_days: 7,
      cutoff_days: 2,
    });
    expect(club.tiers.map((tier) => [tier.name, tier.bottles, tier.fixed_price_cents])).toEqual([
      ['Three bottles', 3, null],
      ['Six bottles', 6, 16_800],
    ]);
    const listed = await listClubsToManage(sellerCtx, ownSlug);
    expect(listed.find((row) => row.id === club.id)?.tiers).toHaveLength(2);
  });

  it('gives a second club of the same name its own address', async () => {
    const again = await createClub(sellerCtx, ownSlug, cellarClub());
    expect(again.slug).toBe('cellar-club-2');
  });

  it('keeps its uploaded picture, and refuses one from another site', async () => {
    const image = '/uploads/0123456789abcdef0123456789abcdef.png';
    const club = await createClub(
      sellerCtx,
      ownSlug,
      cellarClub({ name: 'Pictured Club', imageUrl: image }),
    );
    expect(club.image_path).toBe(image);
    const refused = await refusalOf(
      createClub(
        sellerCtx,
        ownSlug,
        cellarClub({ name: 'Elsewhere Club', imageUrl: 'https://example.com/a.png' }),
      ),
    );
    expect(refused.message).toBe('Upload the image again.');
  });

  it('keeps no first date for a club on release dates', async () => {
    const club = await createClub(
      sellerCtx,
      ownSlug,
      cellarClub({ name: 'Library Releases', cadence: 'release_dates', firstReleaseOn: null }),
    );
    expect(club.first_release_on).toBeNull();
  });
});

describe('a club is refused', () => {
  it('to someone who does not work at the business, and for a business that does not exist', async () => {
    expect((await refusalOf(createClub(buyerCtx, ownSlug, cellarClub()))).code).toBe('FORBIDDEN');
    expect((await refusalOf(createClub(sellerCtx, otherSlug, cellarClub()))).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (await refusalOf(createClub({ db: database.db, viewer: null }, ownSlug, cellarClub()))).code,
    ).toBe('UNAUTHENTICATED');
    expect((await refusalOf(createClub(sellerCtx, 'no-such-producer', cellarClub()))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusalOf(listClubsToManage(buyerCtx, ownSlug))).code).toBe('FORBIDDEN');
  });

  it('with a message on each field the producer must correct, and nothing stored', async () => {
    const before = await database.db.select().from(clubs);
    const cases: [Partial<ClubInputDraft>, string, string][] = [
      [{ tiers: [] }, 'tiers', 'Add at least one tier.'],
      [{ firstReleaseOn: null }, 'firstReleaseOn', 'Enter the first release date.'],
      [
        { firstReleaseOn: '2027-02-30' },
        'firstReleaseOn',
        'Enter the first release date as YYYY-MM-DD.',
      ],
      [{ noticeDays: 3, cutoffDays: 4 }, 'cutoffDays', 'make the cut-off at most the notice'],
      [
        { memberDiscountBasisPoints: 6_000 },
        'memberDiscountBasisPoints',
        'The member discount is at most 50%.',
      ],
      [
        { offersPickup: false, offersDelivery: false, offersShipping: false },
        'offersPickup',
        'Offer at least one way to get the releases.',
      ],
      [
        { tiers: [{ name: 'Six', bottles: 6, priceBasis: 'fixed', fixedPriceCents: null }] },
        'tiers.0.fixedPriceCents',
        'Enter the price of a release.',
      ],
      [
        {
          tiers: [
            { name: 'Six', bottles: 6, priceBasis: 'contents', fixedPriceCents: null },
            { name: 'six', bottles: 12, priceBasis: 'contents', fixedPriceCents: null },
          ],
        },
        'tiers.1.name',
        'Give each tier its own name.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const error = await refusalOf(createClub(sellerCtx, ownSlug, cellarClub(overrides)));
      expect(error.code).toBe('BAD_USER_INPUT');
      expect((error.extra.fields as Record<string, string>)[field]).toContain(message);
    }
    expect(await database.db.select().from(clubs)).toHaveLength(before.length);
  });

  it('by the database too, whatever the code above it lets through', async () => {
    const [business] = await listClubsToManage(sellerCtx, ownSlug);
    await expect(
      database.db.insert(clubs).values({
        business_id: business!.business_id,
        slug: 'too-generous',
        name: 'Too generous',
        cadence: 'monthly',
        first_release_on: '2027-01-01',
        member_discount_bp: 9_000,
      }),
    ).rejects.toThrow();
  });
});
