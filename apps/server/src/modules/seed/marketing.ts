import { consentText, normalizeEmail } from '@bevy/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessMembers,
  businesses,
  campaignClicks,
  campaignRecipients,
  campaigns,
  follows,
  marketingConsents,
  memberships,
  clubs,
  products,
  users,
} from '../../db/tables';
import { systemClock } from '../../platform/clock';
import { silentLogger } from '../../platform/silent-logger';
import { saveCampaign, saveSegment, scheduleCampaign, sendDueCampaigns } from '../marketing/index';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { placeSeedOrder, SEED_CONFIG } from './seed-orders';

/**
 * Demo marketing, so that it works right after `npm start`: at the demo seller's first business,
 * the demo buyer and the club's members follow it and agreed to its email; it has two segments
 * and a campaign sent three days ago, whose report shows the demo buyer's click and the order
 * placed after it. The campaign goes through the real sending (into the outbox, without SMTP).
 */

const DAY = 86_400_000;

async function accountId(db: Db, role: string) {
  const email = normalizeEmail(DEMO_ACCOUNTS.find((account) => account.role === role)!.email);
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A follower who agreed to the business's email `daysAgo`, as the double opt-in records it. */
async function subscribe(
  db: Db,
  business: { id: number; name: string },
  person: { id: number; email: string },
  daysAgo: number,
) {
  const at = new Date(Date.now() - daysAgo * DAY);
  await db
    .insert(follows)
    .values({ business_id: business.id, user_id: person.id, created_at: at })
    .onConflictDoNothing();
  await db
    .insert(marketingConsents)
    .values({
      business_id: business.id,
      user_id: person.id,
      email: person.email.toLowerCase(),
      status: 'subscribed',
      source: 'follow',
      consent_text: consentText(business.name),
      requested_at: at,
      confirmed_at: new Date(at.getTime() + 20 * 60_000),
    })
    .onConflictDoNothing();
}

/** Adds the demo marketing unless a campaign exists already; returns whether it did. */
export async function seedDemoMarketing(db: Db): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(campaigns)) as [
    { count: number },
  ];
  if (count > 0) return false;
  const seller = await accountId(db, 'Seller (works at two businesses)');
  const buyer = await accountId(db, 'Retail buyer');
  if (!seller || !buyer) return false;
  const [business] = await db
    .select({ id: businesses.id, name: businesses.name, slug: businesses.slug })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, seller.id))
    .orderBy(asc(businesses.id))
    .limit(1);
  const [wine] = business
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.business_id, business.id), eq(products.status, 'published')))
        .orderBy(asc(products.id))
        .limit(1)
    : [];
  if (!business || !wine) return false;

  await subscribe(db, business, buyer, 21);
  const members = await db
    .selectDistinct({ id: users.id, email: users.email })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .innerJoin(users, eq(users.id, memberships.user_id))
    .where(eq(clubs.business_id, business.id));
  for (const [index, member] of members.entries()) {
    if (member.id !== buyer.id) await subscribe(db, business, member, 30 + index);
  }

  const asSeller = {
    db,
    clock: systemClock,
    config: SEED_CONFIG,
    log: silentLogger,
    viewer: { id: seller.id, sessionId: 'seed', isAdmin: false },
  };
  await saveSegment(asSeller, business.slug, null, {
    name: 'Club members',
    filter: { relationship: 'club_member' },
  });
  await saveSegment(asSeller, business.slug, null, {
    name: 'Bought wine in the last 90 days',
    filter: { relationship: 'customer', boughtWithinDays: 90, beverageType: 'Wine' },
  });

  const campaign = await saveCampaign(asSeller, business.slug, null, {
    subject: `New from ${business.name}: the autumn release`,
    preview: 'Our newest bottle is here, and club members taste it first.',
    blocks: [
      {
        kind: 'text',
        html:
          '<h2>The autumn release is here</h2><p>We bottled it in September and it is drinking ' +
          'beautifully already. Order now for pickup or shipping.</p>',
      },
      { kind: 'product', productId: wine.id },
    ],
  });
  await scheduleCampaign(asSeller, business.slug, campaign.id, null);
  await sendDueCampaigns(asSeller);

  // Three days ago: sent, and the demo buyer clicked through and ordered.
  const sentAt = new Date(Date.now() - 3 * DAY);
  await db
    .update(campaigns)
    .set({ scheduled_at: sentAt, started_at: sentAt, finished_at: sentAt, updated_at: sentAt })
    .where(eq(campaigns.id, campaign.id));
  await db
    .update(campaignRecipients)
    .set({ queued_at: sentAt, sent_at: sentAt })
    .where(eq(campaignRecipients.campaign_id, campaign.id));
  const [recipient] = await db
    .select()
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaign_id, campaign.id),
        eq(campaignRecipients.user_id, buyer.id),
      ),
    );
  if (recipient) {
    await db.insert(campaignClicks).values({
      recipient_id: recipient.id,
      campaign_id: campaign.id,
      url: `${SEED_CONFIG.publicUrl}/business/${business.slug}`,
      clicked_at: new Date(sentAt.getTime() + 2 * 3_600_000),
    });
    await placeSeedOrder(db, buyer, {
      idempotencyKey: `seed-campaign-${campaign.id}`,
      lines: [{ productId: wine.id, quantity: 2 }],
      fulfillment: [{ businessId: business.id, mode: 'pickup' }],
    });
  }
  return true;
}
