import { discountedPrice, isCustomizable, isoDate, type Cents } from '@bevy/core';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businesses,
  clubReleases,
  clubs,
  clubShipments,
  clubTiers,
  memberships,
  orders,
  priceTiers,
  products,
} from '../../db/tables';
import { requireViewer } from '../../platform/access';
import type { ServiceContext } from '../../platform/context';
import {
  nextReleaseOf,
  ownMembership,
  skipsUsedBefore,
  timelineOf,
  type OwnMembership,
} from './member-changes.service';
import {
  catalogFor,
  linesOf,
  loadReleaseForRun,
  priceShipment,
  type TierRow,
} from './shipment-pricing';

/**
 * What a member sees of a membership at /consumer: the next release (contents, date, amount,
 * whether it can still be changed), the club's tiers, the products to swap in, and past releases.
 */

type ViewContext = Pick<ServiceContext, 'db' | 'viewer' | 'clock' | 'payments'>;

export interface MemberReleaseLine {
  productId: number;
  name: string;
  quantity: number;
  unitPriceCents: Cents;
}

export interface MemberRelease {
  id: number;
  title: string;
  chargeOn: string;
  customizeThrough: string;
  canChange: boolean;
  skipped: boolean;
  /** True once the member chose their own bottles. */
  customized: boolean;
  lines: MemberReleaseLine[];
  subtotalCents: Cents;
  totalCents: Cents;
  /** A product of it that can no longer be sold; null when all can. */
  unavailable: string | null;
}

export interface PastShipment {
  releaseTitle: string;
  chargeOn: string;
  outcome: string;
  orderId: number | null;
  orderNumber: string | null;
  amountCents: Cents | null;
  holdReasons: string[];
  declineMessage: string | null;
  nextTryOn: string | null;
}

export interface SwapChoice {
  productId: number;
  name: string;
  memberPriceCents: Cents;
}

export interface MembershipView extends OwnMembership {
  business: { name: string; slug: string };
  tiers: TierRow[];
  nextRelease: MemberRelease | null;
  history: PastShipment[];
  skipsUsed: number;
}

async function nextReleaseView(
  ctx: ViewContext,
  own: OwnMembership,
  today: string,
): Promise<MemberRelease | null> {
  const release = await nextReleaseOf(ctx.db, own.club.id, today, own.membership.next_charge_on);
  if (!release) return null;
  const run = (await loadReleaseForRun(ctx.db, release.id))!;
  const [shipment] = await ctx.db
    .select()
    .from(clubShipments)
    .where(
      and(
        eq(clubShipments.release_id, release.id),
        eq(clubShipments.membership_id, own.membership.id),
      ),
    );
  const lines = linesOf(run, own.tier.id, shipment?.lines ?? null);
  const priced = priceShipment(
    run,
    await catalogFor(ctx, run, lines),
    {
      tierId: own.tier.id,
      mode: own.membership.fulfillment_mode,
      address: own.membership.address,
    },
    lines,
  );
  const timeline = timelineOf(own.club, release.charge_on);
  return {
    id: release.id,
    title: release.title,
    chargeOn: release.charge_on,
    customizeThrough: timeline.customizeThrough,
    canChange:
      release.status === 'scheduled' &&
      own.membership.status !== 'cancelled' &&
      isCustomizable(timeline, today),
    skipped: shipment?.outcome === 'skipped',
    customized: (shipment?.lines ?? null) !== null,
    lines: priced.ok
      ? priced.lines.map((line) => ({
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
          unitPriceCents: line.unitPrice,
        }))
      : [],
    subtotalCents: priced.ok ? priced.totals.subtotal : 0,
    totalCents: priced.ok ? priced.totals.total : 0,
    unavailable: priced.ok ? null : priced.unavailable,
  };
}

async function historyOf(db: Db, membershipId: number): Promise<PastShipment[]> {
  const rows = await db
    .select({ shipment: clubShipments, release: clubReleases, orderNumber: orders.number })
    .from(clubShipments)
    .innerJoin(clubReleases, eq(clubReleases.id, clubShipments.release_id))
    .leftJoin(orders, eq(orders.id, clubShipments.order_id))
    .where(
      and(
        eq(clubShipments.membership_id, membershipId),
        sql`${clubShipments.outcome} not in ('pending', 'charging')`,
      ),
    )
    .orderBy(desc(clubReleases.charge_on))
    .limit(24);
  return rows.map(({ shipment, release, orderNumber }) => ({
    releaseTitle: release.title,
    chargeOn: release.charge_on,
    outcome: shipment.outcome,
    orderId: shipment.order_id,
    orderNumber,
    amountCents: shipment.amount_cents,
    holdReasons: shipment.hold_reasons,
    declineMessage: shipment.decline_message,
    nextTryOn: shipment.next_try_on,
  }));
}

async function viewOf(ctx: ViewContext, own: OwnMembership): Promise<MembershipView> {
  const today = isoDate(ctx.clock.now());
  const [[business], tiers, nextRelease, history, used] = await Promise.all([
    ctx.db
      .select({ name: businesses.name, slug: businesses.slug })
      .from(businesses)
      .where(eq(businesses.id, own.club.business_id)),
    ctx.db
      .select()
      .from(clubTiers)
      .where(eq(clubTiers.club_id, own.club.id))
      .orderBy(asc(clubTiers.position)),
    own.membership.status === 'cancelled' ? null : nextReleaseView(ctx, own, today),
    historyOf(ctx.db, own.membership.id),
    skipsUsedBefore(ctx.db, own.membership.id, today),
  ]);
  return { ...own, business: business!, tiers, nextRelease, history, skipsUsed: used };
}

/** One of the viewer's memberships, whole. */
export async function membershipView(ctx: ViewContext, membershipId: number) {
  return viewOf(ctx, await ownMembership(ctx, membershipId));
}

/** The viewer's memberships, live ones first, newest first. */
export async function myMemberships(ctx: ViewContext): Promise<MembershipView[]> {
  const viewer = requireViewer(ctx);
  const rows = await ctx.db
    .select({ membership: memberships, club: clubs, tier: clubTiers })
    .from(memberships)
    .innerJoin(clubs, eq(clubs.id, memberships.club_id))
    .innerJoin(clubTiers, eq(clubTiers.id, memberships.tier_id))
    .where(eq(memberships.user_id, viewer.id))
    .orderBy(sql`${memberships.status} = 'cancelled'`, desc(memberships.id));
  return Promise.all(rows.map((own) => viewOf(ctx, own)));
}

/** The producer's published retail products a member may swap in, at the member price. */
export async function swapChoices(
  ctx: Pick<ServiceContext, 'db'>,
  own: OwnMembership,
): Promise<SwapChoice[]> {
  const rows = await ctx.db
    .select({ id: products.id, name: products.name, price: priceTiers.price_per_unit })
    .from(products)
    .innerJoin(
      priceTiers,
      and(
        eq(priceTiers.product_id, products.id),
        eq(priceTiers.channel, 'retail'),
        eq(priceTiers.minimum_unit_count_for_price, 1),
      ),
    )
    .where(and(eq(products.business_id, own.club.business_id), eq(products.status, 'published')))
    .orderBy(asc(products.name))
    .limit(200);
  return rows.map((row) => ({
    productId: row.id,
    name: row.name,
    memberPriceCents: discountedPrice(row.price, own.club.member_discount_bp),
  }));
}
