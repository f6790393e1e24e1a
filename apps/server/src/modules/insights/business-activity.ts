import type { InsightsRange } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { campaignReport } from '../marketing/index';
import {
  INSIGHT_LIMITS,
  type CampaignRevenue,
  type ClubInsights,
  type CustomerMix,
  type EventSellThrough,
} from './insights.types';

/**
 * A producer's figures that are not order sums: read directly, as they are small (a producer's
 * buyers in the range, its club members, events and campaigns).
 */

/** The instant a UTC day starts; `dayEnd` is the start of the next day. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

const COUNTED = sql.raw(`status not in ('awaiting_payment', 'payment_failed', 'cancelled')`);

/**
 * New buyers are those whose first counted order at the producer falls in the range; the others
 * with a counted order in it are returning. The range's buyers come from orders_business_buyers_idx
 * alone; "any counted order before?" is asked once per buyer (materialized: inlined, it was asked
 * once per aggregate), through orders_business_buyer_idx alone.
 */
export async function customerMix(
  db: Db,
  businessId: number,
  range: InsightsRange,
): Promise<CustomerMix> {
  const from = dayStart(range.from).toISOString();
  const [row] = rowsOf<Record<keyof CustomerMix, string | number>>(
    await db.execute(sql`
      with buyers as (
        select buyer_id, sum(total_cents - refunded_cents) as net
        from orders
        where business_id = ${businessId} and ${COUNTED}
          and created_at >= ${from} and created_at < ${dayEnd(range.to).toISOString()}
        group by buyer_id),
      marked as materialized (
        select b.net, exists (
          select 1 from orders p
          where p.business_id = ${businessId} and p.buyer_id = b.buyer_id
            and p.created_at < ${from}
            and p.status not in ('awaiting_payment', 'payment_failed', 'cancelled')) as is_returning
        from buyers b)
      select count(*) filter (where not is_returning) as "newCustomers",
        count(*) filter (where is_returning) as "returningCustomers",
        coalesce(sum(net) filter (where not is_returning), 0) as "newNetCents",
        coalesce(sum(net) filter (where is_returning), 0) as "returningNetCents"
      from marked`),
  );
  return {
    newCustomers: Number(row!.newCustomers),
    returningCustomers: Number(row!.returningCustomers),
    newNetCents: Number(row!.newNetCents),
    returningNetCents: Number(row!.returningNetCents),
  };
}

/**
 * Club figures as the club's members view counts them (club-admin.service): a member is active
 * from joining until cancelled; involuntary churn is a release charge finally declined (not one
 * declined because the member had cancelled); recovered is one charged after a decline.
 */
export async function clubInsights(
  db: Db,
  businessId: number,
  range: InsightsRange,
): Promise<ClubInsights> {
  const start = dayStart(range.from).toISOString();
  const end = dayEnd(range.to).toISOString();
  const [row] = rowsOf<Record<string, string | number | null>>(
    await db.execute(sql`
      with m as (
        select m.* from memberships m join clubs c on c.id = m.club_id
        where c.business_id = ${businessId}),
      s as (
        select s.* from club_shipments s
        join club_releases r on r.id = s.release_id
        join clubs c on c.id = r.club_id
        where c.business_id = ${businessId} and s.updated_at >= ${start} and s.updated_at < ${end})
      select
        (select count(*) from m where joined_on <= ${range.to}
          and (cancelled_at is null or cancelled_at >= ${end})) as active,
        (select avg(${range.to}::date - joined_on) from m where joined_on <= ${range.to}
          and (cancelled_at is null or cancelled_at >= ${end})) as tenure,
        (select count(*) from m where joined_on < ${range.from}
          and (cancelled_at is null or cancelled_at >= ${start})) as "atStart",
        (select count(*) from m where joined_on between ${range.from} and ${range.to}) as joined,
        (select count(*) from m where cancelled_at >= ${start} and cancelled_at < ${end})
          as cancelled,
        (select count(*) from s where outcome = 'declined'
          and coalesce(decline_code, '') <> 'membership_cancelled') as involuntary,
        (select count(*) from s where outcome = 'charged' and tries > 1) as recovered,
        (select coalesce(sum(amount_cents), 0) from s where outcome = 'charged' and tries > 1)
          as "recoveredCents"`),
  );
  const cancelled = Number(row!.cancelled);
  const involuntary = Number(row!.involuntary);
  const atStart = Number(row!.atStart);
  return {
    activeMembers: Number(row!.active),
    joined: Number(row!.joined),
    cancelled,
    involuntaryChurn: involuntary,
    churnRate: atStart === 0 ? 0 : Math.min(1, (cancelled + involuntary) / atStart),
    recoveredPayments: Number(row!.recovered),
    recoveredCents: Number(row!.recoveredCents),
    averageTenureDays: row!.tenure === null ? 0 : Math.round(Number(row!.tenure) * 10) / 10,
  };
}

/** Events (not cancelled) starting in the range: paid tickets against the event's seats. */
export async function eventSellThrough(
  db: Db,
  businessId: number,
  range: InsightsRange,
): Promise<EventSellThrough[]> {
  const rows = rowsOf<{
    id: number;
    title: string;
    starts_at: string | Date;
    capacity: number;
    sold: string | number;
    revenue: string | number;
  }>(
    await db.execute(sql`
      select e.id, e.title, e.starts_at, e.capacity,
        count(t.id) as sold, coalesce(sum(t.price_cents), 0) as revenue
      from events e
      left join tickets t on t.event_id = e.id and t.status = 'valid'
      where e.business_id = ${businessId} and e.status = 'scheduled'
        and e.starts_at >= ${dayStart(range.from).toISOString()}
        and e.starts_at < ${dayEnd(range.to).toISOString()}
      group by e.id
      order by e.starts_at, e.id
      limit ${INSIGHT_LIMITS.events}`),
  );
  return rows.map((row) => {
    const sold = Number(row.sold);
    const capacity = row.capacity;
    return {
      eventId: row.id,
      name: row.title,
      startsAt: new Date(row.starts_at),
      sold,
      capacity,
      sellThrough: capacity > 0 ? sold / capacity : null,
      revenueCents: Number(row.revenue),
    };
  });
}

/** Campaigns whose sending began in the range, with the campaign report's own attribution. */
export async function campaignRevenue(
  db: Db,
  businessId: number,
  range: InsightsRange,
): Promise<CampaignRevenue[]> {
  const sent = rowsOf<{ id: number; subject: string; started_at: string | Date }>(
    await db.execute(sql`
      select id, subject, started_at from campaigns
      where business_id = ${businessId} and status in ('sending', 'sent')
        and started_at >= ${dayStart(range.from).toISOString()}
        and started_at < ${dayEnd(range.to).toISOString()}
      order by started_at desc, id desc
      limit ${INSIGHT_LIMITS.campaigns}`),
  );
  const reports: Awaited<ReturnType<typeof campaignReport>>[] = [];
  for (const campaign of sent) {
    reports.push(await campaignReport({ db }, { id: campaign.id, business_id: businessId }));
  }
  return sent.map((campaign, index) => {
    const report = reports[index]!;
    return {
      campaignId: campaign.id,
      subject: campaign.subject,
      sentAt: new Date(campaign.started_at),
      recipients: report.recipients,
      clicks: report.clicks,
      orders: report.orders,
      revenueCents: report.revenueCents,
    };
  });
}
