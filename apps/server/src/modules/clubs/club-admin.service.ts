import { isoDate, type Cents } from '@bevy/core';
import { and, asc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  clubReleases,
  clubShipments,
  clubTiers,
  memberships,
  orders,
  products,
  users,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { retryDueCharges, runRelease } from './club-run';
import { endMembership, nextReleaseOf } from './member-changes.service';
import { managedClub, releasesOf } from './releases.service';
import { catalogFor, linesOf, loadReleaseForRun, priceShipment } from './shipment-pricing';

/**
 * What a producer sees and does of a club: its releases with each run's report (and one-click
 * retry of the failed), its members with their status (search, filters, CSV), pausing or
 * cancelling for a member with a reason, and the club's figures.
 */

type AdminContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'payments' | 'config' | 'log'>;

export interface RunReport {
  pending: number;
  charged: number;
  retrying: number;
  declined: number;
  skipped: number;
  held: number;
  chargedCents: Cents;
}

async function reportsOf(db: Db, releaseIds: number[]): Promise<Map<number, RunReport>> {
  const rows =
    releaseIds.length === 0
      ? []
      : await db
          .select({
            releaseId: clubShipments.release_id,
            outcome: clubShipments.outcome,
            count: sql<number>`count(*)::int`,
            cents: sql<number>`coalesce(sum(${clubShipments.amount_cents}), 0)::int`,
          })
          .from(clubShipments)
          .where(inArray(clubShipments.release_id, releaseIds))
          .groupBy(clubShipments.release_id, clubShipments.outcome);
  const reports = new Map<number, RunReport>();
  for (const id of releaseIds) {
    reports.set(id, {
      pending: 0,
      charged: 0,
      retrying: 0,
      declined: 0,
      skipped: 0,
      held: 0,
      chargedCents: 0,
    });
  }
  for (const row of rows) {
    const report = reports.get(row.releaseId)!;
    const key = row.outcome === 'charging' ? 'pending' : row.outcome;
    report[key] += row.count;
    if (row.outcome === 'charged') report.chargedCents += row.cents;
  }
  return reports;
}

/** The club's releases, newest first, with their products' names and each run's report. */
export async function releasesToManage(ctx: AdminContext, businessSlug: string, clubSlug: string) {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  const releases = await releasesOf(ctx.db, club.id);
  const productIds = [
    ...new Set(
      releases.flatMap((r) =>
        r.items.flatMap((i) => (i.product_id === null ? [] : [i.product_id])),
      ),
    ),
  ];
  const names =
    productIds.length === 0
      ? []
      : await ctx.db
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, productIds));
  const reports = await reportsOf(
    ctx.db,
    releases.map((release) => release.id),
  );
  return releases.map((release) => ({
    ...release,
    items: release.items.map((item) => ({
      ...item,
      productName: names.find((row) => row.id === item.product_id)?.name ?? 'Deleted product',
    })),
    report: reports.get(release.id)!,
  }));
}

/** One release's run, member by member, for its report. */
export async function releaseShipments(
  ctx: AdminContext,
  businessSlug: string,
  clubSlug: string,
  releaseId: number,
) {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  return ctx.db
    .select({
      shipment: clubShipments,
      memberName: users.name,
      memberEmail: users.email,
      orderNumber: orders.number,
    })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .innerJoin(memberships, eq(memberships.id, clubShipments.membership_id))
    .innerJoin(users, eq(users.id, memberships.user_id))
    .leftJoin(orders, eq(orders.id, clubShipments.order_id))
    .where(and(eq(clubShipments.release_id, releaseId), eq(clubReleases.club_id, club.id)))
    .orderBy(asc(users.name))
    .limit(2_000);
}

/**
 * Tries the failed members of a run again at once: held ones are checked afresh (they may have
 * fixed their card or address), those waiting for a retry are charged now, and finally declined
 * ones get a new order and one more try. Members who cancelled or paused are passed over.
 */
export async function retryFailedShipments(
  ctx: AdminContext,
  businessSlug: string,
  clubSlug: string,
  releaseId: number,
): Promise<void> {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  const [release] = await ctx.db
    .select()
    .from(clubReleases)
    .where(and(eq(clubReleases.id, releaseId), eq(clubReleases.club_id, club.id)));
  if (!release) throw notFound('There is no such release.');
  if (release.status !== 'running' && release.status !== 'done') {
    throw badInput('This release has not run yet.');
  }
  const today = isoDate(ctx.clock.now());
  // Only members still in the club: a cancelled or paused one is never charged by a retry.
  const live = sql`${clubShipments.membership_id} in (select id from memberships where status = 'active')`;
  await ctx.db
    .update(clubShipments)
    .set({ outcome: 'pending', hold_reasons: [], updated_at: new Date() })
    .where(and(eq(clubShipments.release_id, releaseId), eq(clubShipments.outcome, 'held'), live));
  await ctx.db
    .update(clubShipments)
    .set({ next_try_on: today })
    .where(
      and(eq(clubShipments.release_id, releaseId), eq(clubShipments.outcome, 'retrying'), live),
    );
  // A finally declined member (their order failed, its stock returned) gets a new order and one
  // more try, under new keys; the failed order stays as it was.
  await ctx.db
    .update(clubShipments)
    .set({
      outcome: 'pending',
      order_id: null,
      checkout_id: null,
      amount_cents: null,
      first_declined_on: null,
      next_try_on: null,
      decline_code: null,
      decline_message: null,
      updated_at: new Date(),
    })
    .where(
      and(eq(clubShipments.release_id, releaseId), eq(clubShipments.outcome, 'declined'), live),
    );
  await ctx.db
    .update(clubReleases)
    .set({ status: 'running' })
    .where(eq(clubReleases.id, releaseId));
  await runRelease(ctx, releaseId);
  await retryDueCharges(ctx);
}

export const MEMBER_STATUSES = ['active', 'paused', 'cancelled', 'card_problem', 'held'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** A member's status as the producer sees it: a live membership's last release may need help. */
const memberStatusSql = sql<MemberStatus>`case
  when ${memberships.status} <> 'active' then ${memberships.status}::text
  when last.outcome in ('retrying', 'declined') then 'card_problem'
  when last.outcome = 'held' then 'held'
  else 'active' end`;

export interface MemberFilter {
  search?: string | null;
  status?: MemberStatus | null;
}

/** The club's members with their status, filtered; at most 5,000 (the CSV has them all). */
export async function clubMembers(
  ctx: AdminContext,
  businessSlug: string,
  clubSlug: string,
  filter: MemberFilter = {},
) {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  const search = filter.search?.trim();
  const conditions: (SQL | undefined)[] = [eq(memberships.club_id, club.id)];
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.email, like)));
  }
  if (filter.status) conditions.push(sql`${memberStatusSql} = ${filter.status}`);
  return ctx.db
    .select({
      membership: memberships,
      name: users.name,
      email: users.email,
      tierName: clubTiers.name,
      status: memberStatusSql,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.user_id))
    .innerJoin(clubTiers, eq(clubTiers.id, memberships.tier_id))
    .leftJoin(
      sql`lateral (select s.outcome from club_shipments s join club_releases r on r.id = s.release_id
        where s.membership_id = ${memberships.id} and s.outcome not in ('pending', 'charging')
        order by r.charge_on desc limit 1) last`,
      sql`true`,
    )
    .where(and(...conditions))
    .orderBy(asc(users.name), asc(memberships.id))
    .limit(5_000);
}

/** Pauses (until a date) or cancels a membership for its member, with the producer's reason. */
export async function changeMemberForThem(
  ctx: AdminContext,
  businessSlug: string,
  clubSlug: string,
  membershipId: number,
  change: { action: 'pause' | 'cancel' | 'resume'; reason: string; until?: string | null },
) {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  const reason = change.reason.trim();
  if (change.action !== 'resume' && reason.length === 0) {
    throw badInput('Give the member a reason.', 'reason');
  }
  const [membership] = await ctx.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.club_id, club.id)));
  if (!membership || membership.status === 'cancelled') throw notFound('There is no such member.');
  const today = isoDate(ctx.clock.now());
  if (change.action === 'cancel') {
    await endMembership(ctx.db, membershipId, reason.slice(0, 500), ctx.clock.now());
    return;
  }
  if (change.action === 'pause' && (!change.until || change.until <= today)) {
    throw badInput('Choose the day the pause ends, after today.', 'until');
  }
  await ctx.db
    .update(memberships)
    .set(
      change.action === 'pause'
        ? { status: 'paused', paused_until: change.until!, status_reason: reason.slice(0, 500) }
        : { status: 'active', paused_until: null, status_reason: null },
    )
    .where(eq(memberships.id, membershipId));
}

export interface ClubFigures {
  activeMembers: number;
  joinedThisMonth: number;
  cancelledThisMonth: number;
  /** Members lost this month because their card could not be charged. */
  involuntaryChurnThisMonth: number;
  /** Charges this month that went through after a first decline. */
  recoveredThisMonth: number;
  nextReleaseOn: string | null;
  /** What the next release should charge its receiving members, before their changes. */
  nextReleaseExpectedCents: Cents;
}

/** The club's figures for its members view. */
export async function clubFigures(
  ctx: AdminContext,
  businessSlug: string,
  clubSlug: string,
): Promise<ClubFigures> {
  const { club } = await managedClub(ctx, businessSlug, clubSlug);
  const today = isoDate(ctx.clock.now());
  const monthStart = `${today.slice(0, 7)}-01`;
  const [counts] = await ctx.db
    .select({
      active: sql<number>`count(*) filter (where ${memberships.status} = 'active')::int`,
      joined: sql<number>`count(*) filter (where ${memberships.joined_on} >= ${monthStart})::int`,
      cancelled: sql<number>`count(*) filter (where ${memberships.cancelled_at} >= ${monthStart}::date)::int`,
    })
    .from(memberships)
    .where(eq(memberships.club_id, club.id));
  const [payments] = await ctx.db
    .select({
      involuntary: sql<number>`count(*) filter (where ${clubShipments.outcome} = 'declined')::int`,
      recovered: sql<number>`count(*) filter (where ${clubShipments.outcome} = 'charged' and ${clubShipments.tries} > 1)::int`,
    })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .where(
      and(
        eq(clubReleases.club_id, club.id),
        gte(clubShipments.updated_at, new Date(`${monthStart}T00:00:00Z`)),
      ),
    );
  const next = await nextReleaseOf(ctx.db, club.id, today);
  return {
    activeMembers: counts!.active,
    joinedThisMonth: counts!.joined,
    cancelledThisMonth: counts!.cancelled,
    involuntaryChurnThisMonth: payments!.involuntary,
    recoveredThisMonth: payments!.recovered,
    nextReleaseOn: next?.charge_on ?? null,
    nextReleaseExpectedCents: next ? await expectedRevenue(ctx, next.id) : 0,
  };
}

/** Each active member's tier contents priced as for pickup: the release's expected charges. */
async function expectedRevenue(ctx: AdminContext, releaseId: number): Promise<Cents> {
  const run = (await loadReleaseForRun(ctx.db, releaseId))!;
  const perTier = await ctx.db
    .select({ tierId: memberships.tier_id, count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.club_id, run.club.id),
        eq(memberships.status, 'active'),
        // A subscription's release is only its subscribers' whose next order falls on it.
        sql`coalesce(${memberships.next_charge_on}, ${run.release.charge_on}) = ${run.release.charge_on}`,
      ),
    )
    .groupBy(memberships.tier_id);
  let total = 0;
  for (const { tierId, count } of perTier) {
    const lines = linesOf(run, tierId, null);
    if (lines.length === 0) continue;
    const priced = priceShipment(
      run,
      await catalogFor(ctx, run, lines),
      { tierId, mode: 'pickup', address: null },
      lines,
    );
    if (priced.ok) total += priced.totals.total * count;
  }
  return total;
}
