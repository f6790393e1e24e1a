import {
  isoDate,
  normalizeEmail,
  scheduledChargeDates,
  shiftDate,
  type ClubCadence,
} from '@bevy/core';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
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
import { renewalTermsOf, runRelease } from '../clubs/index';
import { createOfflineProvider } from '../payments/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
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
    discountBasisPoints: 1_000,
    tiers: [{ name: 'Mixed case', bottles: 12, fixedPriceCents: null }],
    members: [SUCCEEDS, SUCCEEDS],
  },
  {
    producerSlug: 'basalt-and-bramble-wine-co',
    name: 'Basalt Wine Club',
    description: 'Our winemaker’s picks twice a year: three bottles, or six for one price.',
    cadence: 'twice_a_year',
    discountBasisPoints: 1_000,
    tiers: [
      { name: 'Three bottles', bottles: 3, fixedPriceCents: null },
      { name: 'Six for $150', bottles: 6, fixedPriceCents: 15_000 },
    ],
    members: [SUCCEEDS],
    withDemoBuyer: true,
  },
];

/** What the run needs besides the database: it emails as the app does. */
const SEED_CONFIG = {
  publicUrl: 'http://127.0.0.1:3000',
  SITE_NAME: 'Bevy',
  SMTP_URL: undefined,
} as unknown as Config;

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
    const [club] = await db
      .insert(clubs)
      .values({
        business_id: business.id,
        slug: plan.name.toLowerCase().replace(/\s+/g, '-'),
        name: plan.name,
        description: plan.description,
        cadence: plan.cadence,
        first_release_on: shiftDate(today, -2),
        member_discount_bp: plan.discountBasisPoints,
        skips_per_year: 2,
        offers_pickup: pickup,
        offers_shipping: !pickup || business.fulfillment_ship_retail,
        status: 'open',
      })
      .returning();
    const tiers = await db
      .insert(clubTiers)
      .values(
        plan.tiers.map((tier, position) => ({
          club_id: club!.id,
          name: tier.name,
          bottles: tier.bottles,
          price_basis: tier.fixedPriceCents === null ? ('contents' as const) : ('fixed' as const),
          fixed_price_cents: tier.fixedPriceCents,
          position,
        })),
      )
      .returning();
    const releases = await db
      .insert(clubReleases)
      .values([
        {
          club_id: club!.id,
          title: 'Last release',
          charge_on: shiftDate(today, -2),
          status: 'scheduled' as const,
        },
        {
          club_id: club!.id,
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
      const [user] = await db.select().from(users).where(eq(users.id, person.userId));
      const saved = await payments.saveCard({
        source: { kind: 'card', number: person.card, expMonth: 12, expYear: 2034, cvc: '123' },
        email: user!.email,
        idempotencyKey: `demo-club-${club!.id}-${person.userId}`,
      });
      if (saved.status !== 'saved') continue;
      const tier = tiers[index % tiers.length]!;
      await db.insert(memberships).values({
        club_id: club!.id,
        tier_id: tier.id,
        user_id: person.userId,
        fulfillment_mode: pickup ? 'pickup' : 'ship',
        address: pickup
          ? null
          : { name: user!.name, line1: '100 Main St', line2: null, city, state, zip },
        contact_phone: '+15035550142',
        card_customer_id: saved.customerId,
        card_payment_method_id: saved.paymentMethodId,
        card_brand: saved.brand,
        card_last4: saved.last4,
        card_exp_month: saved.expMonth,
        card_exp_year: saved.expYear,
        renewal_consent_at: new Date(`${shiftDate(today, -90)}T12:00:00Z`),
        renewal_terms: renewalTermsOf(club!, tier),
        joined_on: shiftDate(today, -90),
      });
    }
    await runRelease(
      { db, payments, clock: systemClock, config: SEED_CONFIG, log: silentLogger },
      releases[0]!.id,
      { concurrency: 1 },
    );
    added++;
  }
  return added;
}
