import { clubChargeKey, type HoldReason } from '@bevy/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubChargeTries, clubShipments } from '../../db/tables';
import { CheckoutRefused } from '../checkout/index';
import { queueMail } from '../mail/index';
import { memberProblemEmail } from './club-emails';
import type { ClaimedShipment, ReleaseLoader, RunContext } from './club-run';
import { placeShipmentOrders, type ShipmentToPlace } from './shipment-order';
import { catalogFor, holdsOf, linesOf, priceShipment } from './shipment-pricing';

/**
 * Before the provider is asked: each claimed shipment's try is written with its key, and a first
 * try places the member's order (stock held, awaiting payment), or holds the member instead.
 * A batch is prepared in one transaction with a statement per table for all of it; when that
 * fails on something one member's shipment explains (a product too short for the whole batch,
 * a shipment another process took over), it is undone and each shipment prepared alone, so that
 * only that member is held or passed over.
 */

export type ChargeTry = typeof clubChargeTries.$inferSelect;

/** A shipment of the batch was changed by someone else between its claim and its preparation. */
class ChangedMeanwhile extends Error {}

/** A claimed shipment to prepare: its first order to place, or none for a retry. */
interface ToPrepare {
  claimed: ClaimedShipment;
  order: ShipmentToPlace | null;
}

/**
 * The try to ask the provider about for each claimed shipment, by shipment id: a resumed
 * shipment's unanswered try, or a new one. Members held, and shipments no longer ours, get none.
 */
export async function prepareTries(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: readonly ClaimedShipment[],
): Promise<Map<number, ChargeTry>> {
  const tries = new Map<number, ChargeTry>();
  const batch: ToPrepare[] = [];
  for (const entry of claimed) {
    if (entry.asking) tries.set(entry.shipment.id, entry.asking);
    else {
      const next = await nextStep(ctx, releases, entry);
      if (next) batch.push(next);
    }
  }
  if (batch.length === 0) return tries;
  try {
    const written = await ctx.db.transaction((tx) =>
      prepareTogether(ctx, tx as unknown as Db, batch),
    );
    for (const attempt of written) tries.set(attempt.shipment_id, attempt);
  } catch (error) {
    if (!(error instanceof CheckoutRefused || error instanceof ChangedMeanwhile)) throw error;
    for (const entry of batch) {
      const attempt = await prepareAlone(ctx, releases, entry.claimed);
      if (attempt) tries.set(entry.claimed.shipment.id, attempt);
    }
  }
  return tries;
}

/** One shipment prepared in a transaction of its own: held when its own stock is short. */
async function prepareAlone(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: ClaimedShipment,
): Promise<ChargeTry | null> {
  const next = await nextStep(ctx, releases, claimed);
  if (!next) return null;
  try {
    const [attempt] = await ctx.db.transaction((tx) =>
      prepareTogether(ctx, tx as unknown as Db, [next]),
    );
    return attempt ?? null;
  } catch (error) {
    if (error instanceof ChangedMeanwhile) return null;
    if (!(error instanceof CheckoutRefused)) throw error;
    await holdMember(ctx, releases, claimed, ['out_of_stock']);
    return null;
  }
}

/**
 * What a shipment needs before its transaction, read outside it: a retry needs nothing, a first
 * try its order priced. Null when the member is held instead (recorded here).
 */
async function nextStep(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: ClaimedShipment,
): Promise<ToPrepare | null> {
  if (claimed.shipment.order_id !== null) return { claimed, order: null };
  const order = await orderToPlace(ctx, releases, claimed);
  if ('held' in order) {
    await holdMember(ctx, releases, claimed, order.held);
    return null;
  }
  return { claimed, order };
}

/**
 * In the caller's transaction, with the shipments locked and still as claimed: the first tries'
 * orders placed, every try written with its key, the shipments updated, and the stock held last
 * (the products' rows, which the whole release shares, are then locked only until the commit).
 */
async function prepareTogether(
  ctx: RunContext,
  db: Db,
  batch: readonly ToPrepare[],
): Promise<ChargeTry[]> {
  const claimedById = new Map(batch.map(({ claimed }) => [claimed.shipment.id, claimed.shipment]));
  const locked = await db
    .select({
      id: clubShipments.id,
      outcome: clubShipments.outcome,
      tries: clubShipments.tries,
      orderId: clubShipments.order_id,
    })
    .from(clubShipments)
    .where(inArray(clubShipments.id, [...claimedById.keys()]))
    .orderBy(asc(clubShipments.id))
    .for('update');
  const unchanged = locked.filter((row) => {
    const claimed = claimedById.get(row.id)!;
    return (
      row.outcome === 'charging' && row.tries === claimed.tries && row.orderId === claimed.order_id
    );
  });
  if (unchanged.length !== batch.length) throw new ChangedMeanwhile();
  const orders = await placeShipmentOrders(
    ctx,
    db,
    batch.flatMap(({ order }) => (order ? [order] : [])),
  );
  const written = await db
    .insert(clubChargeTries)
    .values(
      batch.map(({ claimed: { shipment } }) => {
        const amount = orders.placed.get(shipment.id)?.amount ?? shipment.amount_cents;
        if (amount === null) throw new Error(`Shipment ${shipment.id} has no order to charge.`);
        const tryNumber = shipment.tries + 1;
        return {
          shipment_id: shipment.id,
          try_number: tryNumber,
          idempotency_key: clubChargeKey(shipment.release_id, shipment.membership_id, tryNumber),
          amount_cents: amount,
          created_at: ctx.clock.now(),
        };
      }),
    )
    .returning();
  const values = sql.join(
    batch.map(({ claimed: { shipment } }) => {
      const placed = orders.placed.get(shipment.id);
      return sql`(${shipment.id}::int, ${shipment.tries + 1}::int, ${placed?.checkoutId ?? null}::uuid, ${placed?.orderId ?? null}::int, ${placed?.amount ?? null}::int)`;
    }),
    sql`, `,
  );
  await db.execute(sql`
    update club_shipments as s
    set tries = v.tries, checkout_id = coalesce(v.checkout_id, s.checkout_id),
      order_id = coalesce(v.order_id, s.order_id), amount_cents = coalesce(v.amount, s.amount_cents),
      updated_at = now()
    from (values ${values}) as v(id, tries, checkout_id, order_id, amount)
    where s.id = v.id`);
  await orders.holdStock();
  return written;
}

/** Why the member is held at the run, or their order priced and ready to place. */
async function orderToPlace(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: ClaimedShipment,
): Promise<{ held: HoldReason[] } | ShipmentToPlace> {
  const { membership, user, shipment } = claimed;
  const run = await releases(shipment.release_id);
  const reasons = holdsOf(run, membership, user);
  if (reasons.length > 0) return { held: reasons };
  const lines = linesOf(run, membership.tier_id, shipment.lines);
  // Nothing to send (a subscription whose product was deleted): held, never charged for fees.
  if (lines.length === 0) return { held: ['out_of_stock'] };
  const catalog = await catalogFor(ctx, run, lines);
  const priced = priceShipment(
    run,
    catalog,
    { tierId: membership.tier_id, mode: membership.fulfillment_mode, address: membership.address },
    lines,
  );
  return priced.ok ? { run, claimed, catalog, priced } : { held: ['out_of_stock'] };
}

/**
 * The member is held, not charged: recorded on the shipment (still theirs) in a transaction of
 * its own, and they are told why.
 */
async function holdMember(
  ctx: RunContext,
  releases: ReleaseLoader,
  claimed: ClaimedShipment,
  reasons: HoldReason[],
) {
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const [held] = await db
      .update(clubShipments)
      .set({ outcome: 'held', hold_reasons: reasons, lease_until: null, updated_at: new Date() })
      .where(and(eq(clubShipments.id, claimed.shipment.id), eq(clubShipments.outcome, 'charging')))
      .returning({ releaseId: clubShipments.release_id });
    if (!held) return;
    const run = await releases(held.releaseId);
    await queueMail({ db, config: ctx.config }, [
      memberProblemEmail(ctx.config, {
        user: claimed.user,
        club: run.club,
        membershipId: claimed.membership.id,
        chargeOn: run.release.charge_on,
        reasons,
        atRun: true,
      }),
    ]);
  });
}
