import {
  holdReasons,
  orderTotals,
  percentToMillionths,
  priceReleaseLines,
  tierForQuantity,
  type ClubOrderLine,
  type HoldReason,
  type OrderTotals,
} from '@bevy/core';
import type { OrderAddress } from '@bevy/core/checkout-schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { memberships } from '../../db/tables';
import {
  businesses,
  clubReleaseItems,
  clubReleases,
  clubs,
  clubTiers,
  type ShipmentLine,
} from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { fulfillmentFee, loadCatalog, type LoadedCatalog } from '../checkout/index';
import { locateZip } from '../geo/index';

/**
 * A member's release as an order: the tier's contents (or the member's own lines) priced from the
 * producer's retail prices in the database, less the member discount or shared out of the tier's
 * fixed price, with tax and the producer's delivery or shipping fee.
 */

export type ClubRow = typeof clubs.$inferSelect;
export type TierRow = typeof clubTiers.$inferSelect;

/** A release with what pricing its shipments needs. */
export interface ReleaseForRun {
  release: typeof clubReleases.$inferSelect;
  club: ClubRow;
  business: typeof businesses.$inferSelect;
  tiers: ReadonlyMap<number, TierRow>;
  items: (typeof clubReleaseItems.$inferSelect)[];
  /** The release's products, once read (catalogFor). */
  catalog?: Promise<LoadedCatalog>;
}

export async function loadReleaseForRun(db: Db, releaseId: number): Promise<ReleaseForRun | null> {
  const [found] = await db
    .select({ release: clubReleases, club: clubs, business: businesses })
    .from(clubReleases)
    .innerJoin(clubs, eq(clubs.id, clubReleases.club_id))
    .innerJoin(businesses, eq(businesses.id, clubs.business_id))
    .where(eq(clubReleases.id, releaseId));
  if (!found) return null;
  const [tiers, items] = await Promise.all([
    db.select().from(clubTiers).where(eq(clubTiers.club_id, found.club.id)),
    db.select().from(clubReleaseItems).where(eq(clubReleaseItems.release_id, releaseId)),
  ]);
  return { ...found, tiers: new Map(tiers.map((tier) => [tier.id, tier])), items };
}

/** The lines a member receives: their own, or their tier's share of the release. */
export function linesOf(
  run: ReleaseForRun,
  tierId: number,
  own: readonly ShipmentLine[] | null,
): ShipmentLine[] {
  if (own) return [...own];
  return (
    run.items
      .filter((item) => item.tier_id === tierId)
      // A product deleted since is no product: priced as unavailable, so the member is asked to swap.
      .map((item) => ({ productId: item.product_id ?? 0, quantity: item.quantity }))
  );
}

/**
 * The products and producer of these lines, from the database: read once per run for the
 * release's own products (what nearly every member receives), afresh for a member's additions.
 * Stock is not taken from it: the order's conditional update holds what is really there.
 */
export function catalogFor(
  ctx: Pick<ServiceContext, 'db' | 'payments'>,
  run: ReleaseForRun,
  lines: readonly ShipmentLine[],
): Promise<LoadedCatalog> {
  const own = new Set(
    run.items.flatMap((item) => (item.product_id === null ? [] : [item.product_id])),
  );
  if (lines.every((line) => own.has(line.productId))) {
    run.catalog ??= loadCatalog(ctx, [...own], [run.business.id]);
    return run.catalog;
  }
  const ids = new Set([...own, ...lines.map((line) => line.productId)]);
  return loadCatalog(ctx, [...ids], [run.business.id]);
}

export interface PricedShipmentLine extends ClubOrderLine {
  name: string;
  tierMinimum: number;
  /** Whether the product counts stock, so the order holds it. */
  countsStock: boolean;
}

export type PricedShipment =
  | { ok: true; lines: PricedShipmentLine[]; totals: OrderTotals }
  | { ok: false; unavailable: string };

/** The member's order for the release, or the product that cannot be sold to them now. */
export function priceShipment(
  run: ReleaseForRun,
  catalog: LoadedCatalog,
  member: { tierId: number; mode: 'pickup' | 'delivery' | 'ship'; address: OrderAddress | null },
  lines: readonly ShipmentLine[],
): PricedShipment {
  const tier = run.tiers.get(member.tierId)!;
  const atRetail = [];
  for (const line of lines) {
    const product = catalog.products.get(line.productId);
    const retail = product?.tiers.filter((entry) => entry.channel === 'retail') ?? [];
    const price = tierForQuantity(retail, line.quantity) ?? retail[0];
    if (!product || product.status !== 'published' || !price) {
      return { ok: false, unavailable: product?.name ?? 'A product the producer removed' };
    }
    atRetail.push({
      productId: line.productId,
      quantity: line.quantity,
      retailUnitPrice: price.price_per_unit,
      name: product.name,
      tierMinimum: price.minimum_unit_count_for_price,
      countsStock: product.stock_count !== null,
    });
  }
  const priced = priceReleaseLines(
    atRetail,
    tier.price_basis === 'fixed'
      ? { basis: 'fixed', priceCents: tier.fixed_price_cents! }
      : { basis: 'contents', discountBasisPoints: run.club.member_discount_bp },
  );
  const business = catalog.businesses.get(run.business.id)!;
  const subtotal = priced.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const fee = fulfillmentFee(business, member, priced, subtotal, locateZip);
  const byProduct = new Map(atRetail.map((line) => [line.productId, line]));
  return {
    ok: true,
    lines: priced.map((line) => {
      const { name, tierMinimum, countsStock } = byProduct.get(line.productId)!;
      return { ...line, name, tierMinimum, countsStock };
    }),
    totals: orderTotals(priced, percentToMillionths(business.sales_tax_rate), fee.feeCents ?? 0),
  };
}

/** Why this member cannot receive the release on its charge date (none: they can). */
export function holdsOf(
  run: ReleaseForRun,
  membership: typeof memberships.$inferSelect,
  user: { date_of_birth: string; disabled_at: Date | null },
): HoldReason[] {
  const { card_exp_year: year, card_exp_month: month } = membership;
  return holdReasons(
    {
      dateOfBirth: user.date_of_birth,
      disabled: user.disabled_at !== null,
      fulfillment: membership.fulfillment_mode,
      shipToState: membership.address?.state ?? null,
      cardExpiresThrough: `${year}-${String(month).padStart(2, '0')}`,
    },
    run.release.charge_on,
    new Set(run.business.ship_to_states),
  );
}
