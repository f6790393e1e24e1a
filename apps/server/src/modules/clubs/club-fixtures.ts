import { ChangeFeed } from '../../platform/changes';
import { randomUUID } from 'node:crypto';
import type { ClubInputDraft } from '@bevy/core';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { businessMembers, clubShipments, mailOutbox, users } from '../../db/tables';
import { manualClock } from '../../platform/clock';
import type { PaymentProvider } from '../../platform/payment-provider';
import {
  createBuyer,
  createProducer,
  createProduct,
  TEST_MAIL_CONFIG,
} from '../checkout/checkout-fixtures';
import { createOfflineProvider } from '../payments/offline-provider';
import { createClub, setClubStatus } from './clubs.service';
import { joinClub } from './memberships.service';
import { createRelease } from './releases.service';
import { silentLogger } from '../../platform/silent-logger';

/** Test data for clubs: a producer with a club, its products and a release, and members. */

export const CLUB_CARDS = {
  succeeds: '4242424242424242',
  /** Saves, then every charge is declined (card_declined: soft). */
  declinesLater: '4000000000000341',
  /** Saves, then insufficient funds (soft). */
  insufficientFunds: '4000000000009995',
} as const;

export interface ClubWorld {
  db: Db;
  clock: ReturnType<typeof manualClock>;
  payments: PaymentProvider;
  business: { id: number; slug: string; name: string };
  clubSlug: string;
  clubId: number;
  tierIds: number[];
  productIds: number[];
  /** A context for the producer's people. */
  seller: ReturnType<ClubWorld['contextOf']>;
  /** A background job's context (no viewer). */
  system: ReturnType<ClubWorld['contextOf']>;
  contextOf(userId: number | null): {
    db: Db;
    viewer: { id: number; sessionId: string; isAdmin: boolean } | null;
    payments: PaymentProvider;
    clock: ClubWorld['clock'];
    config: Config;
    log: FastifyBaseLogger;
    changes: ChangeFeed;
  };
}

/**
 * An open club of a producer of its own (ships to OR and CA), with two products in stock, one
 * tier of 3 bottles at 15% off their contents; the clock starts on `today`.
 */
export async function createClubWorld(
  db: Db,
  options: {
    today?: string;
    payments?: PaymentProvider;
    stock?: number | null;
    club?: Partial<ClubInputDraft>;
  } = {},
): Promise<ClubWorld> {
  const clock = manualClock(`${options.today ?? '2027-03-01'}T12:00:00Z`);
  const payments = options.payments ?? createOfflineProvider(db);
  const business = await createProducer(db, {
    fulfillment_ship_retail: true,
    ship_to_states: ['OR', 'CA'],
  });
  const sellerId = await createBuyer(db);
  await db.insert(businessMembers).values({ user_id: sellerId, business_id: business.id });
  const stock = options.stock === undefined ? 100_000 : options.stock;
  const productIds = [
    (
      await createProduct(db, business.id, {
        name: 'Estate Pinot Noir',
        stock,
        retail: [[1, 3_200]],
      })
    ).id,
    (await createProduct(db, business.id, { name: 'Dry Riesling', stock, retail: [[1, 2_400]] }))
      .id,
  ];
  // What the club's writes change reaches nobody here: no search index or cache is kept.
  const changes = new ChangeFeed();
  const contextOf = (userId: number | null) => ({
    db,
    viewer: userId === null ? null : { id: userId, sessionId: 'test-session', isAdmin: false },
    payments,
    clock,
    config: TEST_MAIL_CONFIG as unknown as Config,
    log: silentLogger,
    changes,
  });
  const seller = contextOf(sellerId);
  const club = await createClub(seller, business.slug, {
    name: 'Cellar Club',
    description: 'Three bottles a quarter.',
    cadence: 'release_dates',
    firstReleaseOn: null,
    memberDiscountBasisPoints: 1_500,
    skipsPerYear: 2,
    minimumReleases: 0,
    offersPickup: true,
    offersDelivery: false,
    offersShipping: true,
    tiers: [{ name: 'Three bottles', bottles: 3, priceBasis: 'contents', fixedPriceCents: null }],
    ...options.club,
  });
  await setClubStatus(seller, business.slug, club.slug, 'open');
  return {
    db,
    clock,
    payments,
    business,
    clubSlug: club.slug,
    clubId: club.id,
    tierIds: club.tiers.map((tier) => tier.id),
    productIds,
    seller,
    system: contextOf(null),
    contextOf,
  };
}

/** A release of the world's club on `chargeOn`: 2 Pinot Noir and 1 Riesling for the first tier. */
export function createWorldRelease(world: ClubWorld, chargeOn: string) {
  return createRelease(world.seller, world.business.slug, world.clubSlug, {
    title: `Release of ${chargeOn}`,
    chargeOn,
    items: [
      { tierId: world.tierIds[0]!, productId: world.productIds[0]!, quantity: 2 },
      { tierId: world.tierIds[0]!, productId: world.productIds[1]!, quantity: 1 },
    ],
  });
}

export interface MemberSpec {
  card?: string;
  dateOfBirth?: string;
  mode?: 'pickup' | 'ship';
  state?: string;
}

/** A new buyer who joins the world's club; returns the membership. */
export async function joinAsNewBuyer(world: ClubWorld, spec: MemberSpec = {}) {
  const userId = await createBuyer(world.db);
  if (spec.dateOfBirth) {
    await world.db
      .update(users)
      .set({ date_of_birth: spec.dateOfBirth })
      .where(eq(users.id, userId));
  }
  return joinClub(
    world.contextOf(userId),
    world.business.slug,
    world.clubSlug,
    joinRequest(world, spec),
  );
}

/** A real city and ZIP code of each state the tests ship to. */
const PLACES: Record<string, { city: string; state: string; zip: string }> = {
  OR: { city: 'Portland', state: 'OR', zip: '97211' },
  CA: { city: 'San Francisco', state: 'CA', zip: '94110' },
  TX: { city: 'Austin', state: 'TX', zip: '78701' },
};

export function joinRequest(world: ClubWorld, spec: MemberSpec = {}) {
  const mode = spec.mode ?? 'ship';
  return {
    idempotencyKey: randomUUID(),
    tierId: world.tierIds[0]!,
    mode,
    address:
      mode === 'ship'
        ? {
            name: 'Riley Retail',
            line1: '12 NE Alberta St',
            ...PLACES[spec.state ?? 'OR']!,
          }
        : null,
    phone: '(503) 555-0142',
    payment: {
      card: { number: spec.card ?? CLUB_CARDS.succeeds, expMonth: 12, expYear: 2034, cvc: '123' },
    },
    renewalConsent: true as const,
  };
}

/** The subjects of the emails queued to a user, oldest first. */
export async function mailSubjectsTo(world: ClubWorld, userId: number): Promise<string[]> {
  return (await mailTo(world, userId)).map((row) => row.subject);
}

/** The emails queued to a user, oldest first. */
export async function mailTo(world: ClubWorld, userId: number) {
  const [user] = await world.db.select().from(users).where(eq(users.id, userId));
  return world.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, user!.email))
    .orderBy(asc(mailOutbox.id));
}

/** A member's shipment (of the one release these tests make). */
export async function shipmentOfMember(world: ClubWorld, membershipId: number) {
  const [row] = await world.db
    .select()
    .from(clubShipments)
    .where(eq(clubShipments.membership_id, membershipId));
  return row!;
}
