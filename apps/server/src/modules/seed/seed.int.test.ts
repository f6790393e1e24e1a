import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privacyRequests,
  addresses,
  banners,
  businessMembers,
  businesses,
  clubReleases,
  clubs,
  clubShipments,
  campaigns,
  events,
  follows,
  segments,
  memberships,
  priceTiers,
  products,
  tickets,
  users,
} from '../../db/tables';
import { createTestDatabase } from '../../test/test-app';
import { verifyPassword } from '../accounts/password';
import { seatCounts } from '../events/index';
import { campaignReport } from '../marketing/campaigns.service';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoData } from './seed';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function totals() {
  const db = database.database.db;
  const [row] = await db
    .select({
      producers: countDistinct(businesses.id),
    })
    .from(businesses);
  const [productCount] = await db.select({ n: count() }).from(products);
  const [tierCount] = await db.select({ n: count() }).from(priceTiers);
  const [userCount] = await db.select({ n: count() }).from(users);
  const [bannerCount] = await db.select({ n: count() }).from(banners);
  return {
    producers: row!.producers,
    products: productCount!.n,
    tiers: tierCount!.n,
    users: userCount!.n,
    banners: bannerCount!.n,
  };
}

describe('demo data', () => {
  it('looks like a real marketplace', async () => {
    const db = database.database.db;
    const t = await totals();
    expect(t.producers).toBeGreaterThanOrEqual(40);
    expect(t.products).toBeGreaterThanOrEqual(400);
    const [states] = await db
      .select({ n: countDistinct(addresses.administrative_area_level_1) })
      .from(addresses);
    expect(states!.n).toBeGreaterThanOrEqual(15);
    const located = await db.select().from(addresses);
    for (const address of located) {
      expect(address.postal_code).toMatch(/^\d{5}$/);
      expect(address.latitude).not.toBeNull();
    }
    const types = await db.selectDistinct({ type: products.beverage_type }).from(products);
    expect(types).toHaveLength(7);
    // Producers that ship say where to, and only they do.
    const shipping = await db.select().from(businesses);
    for (const business of shipping) {
      const ships = business.fulfillment_ship_retail || business.fulfillment_ship_wholesale;
      expect(business.ship_to_states.length > 0, business.slug).toBe(ships);
    }
  });

  it('has a demo account for each role, with working passwords', async () => {
    const db = database.database.db;
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(await verifyPassword(account.password, user!.password_hash)).toBe(true);
      expect(await verifyPassword('wrong password', user!.password_hash)).toBe(false);
      expect(user!.is_admin).toBe(account.isAdmin);
      expect(user!.wholesale_access_expires_on !== null).toBe(account.wholesale);
      const memberships = await db
        .select()
        .from(businessMembers)
        .where(eq(businessMembers.user_id, user!.id));
      expect(memberships).toHaveLength(account.workplaces);
    }
  });

  it('runs clubs and a product subscription whose first order was charged', async () => {
    const db = database.database.db;
    const all = await db.select().from(clubs);
    expect(all.filter((club) => club.subscription_cadences === null)).toHaveLength(3);
    const [subscription] = all.filter((club) => club.subscription_cadences !== null);
    expect(subscription).toMatchObject({
      status: 'open',
      name: expect.stringMatching(/subscription$/),
    });
    const [subscriber] = await db
      .select()
      .from(memberships)
      .where(eq(memberships.club_id, subscription!.id));
    const charged = await db
      .select({ outcome: clubShipments.outcome })
      .from(clubShipments)
      .where(eq(clubShipments.membership_id, subscriber!.id));
    expect(charged).toEqual([{ outcome: 'charged' }]);
    const [next] = await db
      .select()
      .from(clubReleases)
      .where(eq(clubReleases.charge_on, subscriber!.next_charge_on!));
    expect(next).toMatchObject({ club_id: subscription!.id, status: 'scheduled' });
    const membersOnly = await db
      .select({ business: products.business_id })
      .from(products)
      .where(eq(products.members_only, true));
    expect(membersOnly).toHaveLength(1);
  });

  it('has upcoming events, one nearly sold out, one for members, and the demo buyer’s tickets', async () => {
    const db = database.database.db;
    const all = await db.select().from(events);
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((event) => event.starts_at > new Date())).toBe(true);
    expect(new Set(all.map((event) => event.venue_state)).size).toBeGreaterThanOrEqual(2);
    expect(all.filter((event) => event.visibility === 'members')).toHaveLength(1);
    const counts = await seatCounts(
      db,
      all.map((event) => event.id),
      new Date(),
    );
    const nearlySoldOut = all.filter((event) => {
      const left = event.capacity - counts.get(event.id)!.total;
      return left > 0 && left <= 3;
    });
    expect(nearlySoldOut).toHaveLength(1);
    const buyer = DEMO_ACCOUNTS.find((account) => account.role === 'Retail buyer')!;
    const held = await db
      .select({ status: tickets.status })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.buyer_id))
      .where(eq(users.email, buyer.email));
    expect(held.map((ticket) => ticket.status)).toEqual(['valid', 'valid']);
  });

  it('shows marketing: the demo buyer follows the seller’s business, with segments and a sent campaign whose report has a click and revenue', async () => {
    const db = database.database.db;
    const buyer = DEMO_ACCOUNTS.find((account) => account.role === 'Retail buyer')!;
    const followed = await db
      .select({ businessId: follows.business_id })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.user_id))
      .where(eq(users.email, buyer.email));
    expect(followed).toHaveLength(1);
    const [campaign] = await db.select().from(campaigns);
    expect(campaign).toMatchObject({ status: 'sent', business_id: followed[0]!.businessId });
    const report = await campaignReport({ db }, campaign!);
    expect(report.sent).toBeGreaterThanOrEqual(2);
    expect(report.clicks).toBe(1);
    expect(report.orders).toBeGreaterThanOrEqual(1);
    expect(report.revenueCents).toBeGreaterThan(0);
    const saved = await db
      .select()
      .from(segments)
      .where(eq(segments.business_id, campaign!.business_id));
    expect(saved.map((segment) => segment.name).sort()).toEqual([
      'Bought wine in the last 90 days',
      'Club members',
    ]);
  });

  it('fills the admins’ privacy queue: one request due within a week, one due later, one answered', async () => {
    const db = database.database.db;
    const now = Date.now();
    const queue = await db.select().from(privacyRequests);
    const open = queue.filter((request) => request.status === 'open');
    const daysLeft = open
      .map((request) => (request.due_at.getTime() - now) / 86_400_000)
      .sort((a, b) => a - b);
    expect(daysLeft).toHaveLength(2);
    expect(daysLeft[0]).toBeGreaterThan(0);
    expect(daysLeft[0]).toBeLessThan(7);
    expect(daysLeft[1]).toBeGreaterThan(7);
    const answered = queue.filter((request) => request.status === 'completed');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.requester_email).toMatch(/@answered\.invalid$/);
  });

  it('seeding again changes nothing', async () => {
    const before = await totals();
    const report = await seedDemoData(database.database.db);
    expect(report).toEqual({ producersAdded: 0, productsAdded: 0, accountsAdded: 0 });
    expect(await totals()).toEqual(before);
  });
});
