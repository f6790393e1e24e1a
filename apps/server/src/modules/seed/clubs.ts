import {
  isoDate,
  normalizeEmail,
  scheduledChargeDates,
  shiftDate,
  subscriptionTierName,
  type ClubCadence,
} from '@bevy/core';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  clubReleaseItems,
  clubReleases,
  clubs,
  clubTiers,
  memberships,
  priceTiers,
  products,
  users,
} from '../../db/tables';
import { systemClock } from '../../platform/clock';
import { hashPassword } from '../accounts/index';
import {
  ensureSubscriptionReleases,
  renewalTermsOf,
  runRelease,
  savedCardColumns,
} from '../clubs/index';
import { createOfflineProvider } from '../payments/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { SEED_CONFIG } from './seed-orders';
import { silentLogger } from '../../platform/silent-logger';

/**
 * Demo clubs, so that clubs work right after `npm start`: three producers (two of them the demo
 * seller's) run a club with a release already charged and one coming, and the demo retail buyer
 * belongs to one of them. The charged release goes through the real run with the offline
 * provider; one member's card (4000 0000 0000 0341) is declined, to show a retry.
 */

interface DemoClubPlan {
  producerSlug: string;
  name: string;
  description: string;
  cadence: ClubCadence;
  /** One of the site's own pictures. */
  image: string;
  discountBasisPoints: number;
  tiers: { name: string; bottles: number; fixedPriceCents: number | null }[];
  /** Made-up members (card numbers); the demo buyer joins where `withDemoBuyer`. */
  members: string[];
  withDemoBuyer?: boolean;
}

/** Where made-up members receive shipments, by state. */
const DEMO_ADDRESSES: Record<string, { city: string; zip: string }> = {
  OR: { city: 'Portland', zip: '97211' },
  WA: { city: 'Seattle', zip: '98101' },
  CA: { city: 'San Francisco', zip: '94110' },
  NY: { city: 'New York', zip: '10001' },
};

const SUCCEEDS = '4242424242424242';
const DECLINES_LATER = '4000000000000341';

const PLANS: DemoClubPlan[] = [
  {
    producerSlug: 'cascadia-hollow-cellars',
    name: 'Hollow Cellar Club',
    description:
      'Three or six bottles of our newest wines each quarter, with first pick of small lots.',
    cadence: 'every_3_months',
    image: '/art/heroes/barrel-room.svg',
    discountBasisPoints: 1_500,
    tiers: [
      { name: 'Three bottles', bottles: 3, fixedPriceCents: null },
      { name: 'Six bottles', bottles: 6, fixedPriceCents: null },
    ],
    members: [SUCCEEDS, SUCCEEDS, SUCCEEDS, DECLINES_LATER],
  },
  {
    producerSlug: 'burnside-gravity-brewing',
    name: 'Taproom Circle',
    description: 'A mixed case of what is new in the taproom, every month.',
    cadence: 'monthly',
    image: '/art/heroes/brewery.svg',
    discountBasisPoints: 1_000,
    tiers: [{ name: 'Mixed case', bottles: 12, fixedPriceCents: null }],
    members: [SUCCEEDS, SUCCEEDS],
  },
  {
    producerSlug: 'basalt-and-bramble-wine-co',
    name: 'Basalt Wine Club',
    description: 'Our winemaker’s picks twice a year: three bottles, or six for one price.',
    cadence: 'twice_a_year',
    image: '/art/heroes/vineyard.svg',
    discountBasisPoints: 1_000,
    tiers: [
      { name: 'Three bottles', bottles: 3, fixedPriceCents: null },
      { name: 'Six for $150', bottles: 6, fixedPriceCents: 15_000 },
    ],
    members: [SUCCEEDS],
    withDemoBuyer: true,
  },
];

/** Up to three published products of the business with a retail price, cheapest first. */
async function releaseProducts(db: Db, businessId: number) {
  const rows = await db
    .selectDistinct({ id: products.id, price: priceTiers.price_per_unit })
    .from(products)
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(
      and(
        eq(products.business_id, businessId),
        eq(products.status, 'published'),
        eq(priceTiers.channel, 'retail'),
        eq(priceTiers.minimum_unit_count_for_price, 1),
        isNotNull(priceTiers.price_per_unit),
        sql`coalesce(${products.stock_count}, 1000) >= 100`,
      ),
    )
    .orderBy(asc(priceTiers.price_per_unit), asc(products.id))
    .limit(3);
  return rows.map((row) => row.id);
}

/** A tier's bottles spread over the products, one by one. */
function itemsFor(releaseId: number, tierId: number, bottles: number, productIds: number[]) {
  const quantities = productIds.map(
    (_, index) =>
      Math.floor(bottles / productIds.length) + (index < bottles % productIds.length ? 1 : 0),
  );
  return productIds
    .map((productId, index) => ({
      release_id: releaseId,
      tier_id: tierId,
      product_id: productId,
      quantity: quantities[index]!,
    }))
    .filter((item) => item.quantity > 0);
}

async function memberUser(db: Db, index: number): Promise<number> {
  const email = normalizeEmail(`club-member-${index}@bevy.example`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return existing.id;
  const [created] = await db
    .insert(users)
    .values({
      name: [
        'Morgan Reyes',
        'Jamie Chen',
        'Taylor Brooks',
        'Casey Novak',
        'Drew Patel',
        'Quinn Ortiz',
        'Rowan Ellis',
      ][index % 7]!,
      email,
      password_hash: await hashPassword(`club-member-${index}-demo`),
      date_of_birth: '1984-03-09',
    })
    .returning({ id: users.id });
  return created!.id;
}

/** Adds the demo clubs unless some club exists already; returns how many were added. */
export async function seedDemoClubs(db: Db, today = isoDate(new Date())): Promise<number> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(clubs)) as [
    { count: number },
  ];
  if (count > 0) return 0;
  const payments = createOfflineProvider(db);
  const buyerEmail = normalizeEmail(DEMO_ACCOUNTS.find((a) => a.role === 'Retail buyer')!.email);
  const [demoBuyer] = await db.select().from(users).where(eq(users.email, buyerEmail));
  const found = await db
    .select()
    .from(businesses)
    .where(
      inArray(
        businesses.slug,
        PLANS.map((plan) => plan.producerSlug),
      ),
    );
  let added = 0;
  let memberIndex = 0;
  for (const plan of PLANS) {
    const business = found.find((row) => row.slug === plan.producerSlug);
    const productIds = business ? await releaseProducts(db, business.id) : [];
    if (!business || productIds.length === 0) continue;
    const pickup = business.fulfillment_allow_pickup_retail;
    const { club, tiers } = await insertDemoClub(
      db,
      {
        business_id: business.id,
        slug: plan.name.toLowerCase().replace(/\s+/g, '-'),
        name: plan.name,
        description: plan.description,
        image_path: plan.image,
        cadence: plan.cadence,
        first_release_on: shiftDate(today, -2),
        member_discount_bp: plan.discountBasisPoints,
        skips_per_year: 2,
        offers_pickup: pickup,
        offers_shipping: !pickup || business.fulfillment_ship_retail,
      },
      plan.tiers,
    );
    const releases = await db
      .insert(clubReleases)
      .values([
        {
          club_id: club.id,
          title: 'Last release',
          charge_on: shiftDate(today, -2),
          status: 'scheduled' as const,
        },
        {
          club_id: club.id,
          title: 'Next release',
          // The next date of the club's schedule, as its page lists it.
          charge_on: scheduledChargeDates(
            plan.cadence,
            shiftDate(today, -2),
            shiftDate(today, 1),
            1,
          )[0]!,
          status: 'scheduled' as const,
        },
      ])
      .returning();
    for (const release of releases) {
      await db
        .insert(clubReleaseItems)
        .values(tiers.flatMap((tier) => itemsFor(release.id, tier.id, tier.bottles, productIds)));
    }
    const state =
      Object.keys(DEMO_ADDRESSES).find((code) => business.ship_to_states.includes(code)) ?? 'OR';
    const { city, zip } = DEMO_ADDRESSES[state]!;
    const people: { userId: number; card: string }[] = plan.members.map((card) => ({
      userId: 0,
      card,
    }));
    for (const person of people) person.userId = await memberUser(db, memberIndex++);
    if (plan.withDemoBuyer && demoBuyer) people.unshift({ userId: demoBuyer.id, card: SUCCEEDS });
    for (const [index, person] of people.entries()) {
      await insertDemoMembership(db, payments, {
        club,
        tier: tiers[index % tiers.length]!,
        userId: person.userId,
        card: person.card,
        ship: pickup ? null : { city, state, zip },
        joinedOn: shiftDate(today, -90),
      });
    }
    await runRelease(runContext(db, payments), releases[0]!.id, { concurrency: 1 });
    added++;
  }
  if (await seedDemoSubscription(db, payments, today, memberIndex)) added++;
  await seedMembersOnlyProduct(db);
  return added;
}

/**
 * The Basalt club's dearest wine is for its members only: the demo buyer, a member, can buy it;
 * anyone else sees it badged, and the cart tells them to join.
 */
async function seedMembersOnlyProduct(db: Db) {
  const [business] = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(eq(businesses.slug, 'basalt-and-bramble-wine-co'));
  if (!business) return;
  const [dearest] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(priceTiers, eq(priceTiers.product_id, products.id))
    .where(
      and(
        eq(products.business_id, business.id),
        eq(products.status, 'published'),
        eq(priceTiers.channel, 'retail'),
      ),
    )
    .orderBy(desc(priceTiers.price_per_unit), asc(products.id))
    .limit(1);
  if (dearest) {
    await db.update(products).set({ members_only: true }).where(eq(products.id, dearest.id));
  }
}

const runContext = (db: Db, payments: ReturnType<typeof createOfflineProvider>) => ({
  db,
  payments,
  clock: systemClock,
  config: SEED_CONFIG,
  log: silentLogger,
});

/** An open club (or subscription) with its tiers, priced by contents unless a price is fixed. */
async function insertDemoClub(
  db: Db,
  values: Omit<typeof clubs.$inferInsert, 'status'>,
  tiers: DemoClubPlan['tiers'],
) {
  const [club] = (await db
    .insert(clubs)
    .values({ ...values, status: 'open' })
    .returning()) as [typeof clubs.$inferSelect];
  const inserted = await db
    .insert(clubTiers)
    .values(
      tiers.map((tier, position) => ({
        club_id: club.id,
        name: tier.name,
        bottles: tier.bottles,
        price_basis: tier.fixedPriceCents === null ? ('contents' as const) : ('fixed' as const),
        fixed_price_cents: tier.fixedPriceCents,
        position,
      })),
    )
    .returning();
  return { club, tiers: inserted };
}

/** A made-up member with a saved card, joined on `joinedOn` (a subscriber at `cadence`). */
async function insertDemoMembership(
  db: Db,
  payments: ReturnType<typeof createOfflineProvider>,
  member: {
    club: typeof clubs.$inferSelect;
    tier: typeof clubTiers.$inferSelect;
    userId: number;
    card: string;
    ship: { city: string; state: string; zip: string } | null;
    joinedOn: string;
    cadence?: ClubCadence;
  },
) {
  const { club, tier, ship } = member;
  const [user] = await db.select().from(users).where(eq(users.id, member.userId));
  const saved = await payments.saveCard({
    source: { kind: 'card', number: member.card, expMonth: 12, expYear: 2034, cvc: '123' },
    email: user!.email,
    idempotencyKey: `demo-club-${club.id}-${member.userId}`,
  });
  if (saved.status !== 'saved') return;
  await db.insert(memberships).values({
    club_id: club.id,
    tier_id: tier.id,
    user_id: member.userId,
    fulfillment_mode: ship ? 'ship' : 'pickup',
    address: ship ? { name: user!.name, line1: '100 Main St', line2: null, ...ship } : null,
    contact_phone: '+15035550142',
    ...savedCardColumns(saved),
    renewal_consent_at: new Date(`${member.joinedOn}T12:00:00Z`),
    renewal_terms: renewalTermsOf(club, tier, member.cadence),
    joined_on: member.joinedOn,
    cadence: member.cadence ?? null,
    next_charge_on: member.cadence ? member.joinedOn : null,
  });
}

/**
 * A product subscription of the brewery's cheapest drink, by 6 or 12 a month or every 2 months,
 * with a subscriber whose first order (20 days ago) went through the run; their next order's
 * release is made by it.
 */
async function seedDemoSubscription(
  db: Db,
  payments: ReturnType<typeof createOfflineProvider>,
  today: string,
  memberIndex: number,
): Promise<boolean> {
  const [business] = await db
    .select()
    .from(businesses)
    .where(eq(businesses.slug, 'burnside-gravity-brewing'));
  const [productId] = business ? await releaseProducts(db, business.id) : [];
  if (!business || productId === undefined) return false;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  const pickup = business.fulfillment_allow_pickup_retail;
  const { club, tiers } = await insertDemoClub(
    db,
    {
      business_id: business.id,
      slug: `${product!.handle}-subscription`,
      name: `${product!.name} subscription`.slice(0, 80),
      description: 'By the six or the dozen, on your schedule. Skip any month.',
      product_id: productId,
      subscription_cadences: ['monthly', 'every_2_months'],
      cadence: 'monthly',
      first_release_on: shiftDate(today, -20),
      member_discount_bp: 1_000,
      skips_per_year: 6,
      offers_pickup: pickup,
      offers_shipping: !pickup || business.fulfillment_ship_retail,
    },
    [6, 12].map((quantity) => ({
      name: subscriptionTierName(quantity),
      bottles: quantity,
      fixedPriceCents: null,
    })),
  );
  const joinedOn = shiftDate(today, -20);
  await ensureSubscriptionReleases(db, club, [joinedOn]);
  const state =
    Object.keys(DEMO_ADDRESSES).find((code) => business.ship_to_states.includes(code)) ?? 'OR';
  await insertDemoMembership(db, payments, {
    club,
    tier: tiers[0]!,
    userId: await memberUser(db, memberIndex),
    card: SUCCEEDS,
    ship: pickup ? null : { ...DEMO_ADDRESSES[state]!, state },
    joinedOn,
    cadence: 'monthly',
  });
  const [first] = await db
    .select({ id: clubReleases.id })
    .from(clubReleases)
    .where(and(eq(clubReleases.club_id, club.id), eq(clubReleases.charge_on, joinedOn)));
  await runRelease(runContext(db, payments), first!.id, { concurrency: 1 });
  return true;
}
