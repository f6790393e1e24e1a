import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orderLines, orders } from '../../db/tables';
import { holdStock, recordEvents, type LoadedCatalog } from '../checkout/index';
import type { ClaimedShipment, RunContext } from './club-run';
import type { PricedShipment, ReleaseForRun } from './shipment-pricing';

/** A member's release ready to become an order: priced from the catalog it was priced with. */
export interface ShipmentToPlace {
  run: ReleaseForRun;
  claimed: ClaimedShipment;
  catalog: LoadedCatalog;
  priced: Extract<PricedShipment, { ok: true }>;
}

/** A member's order as placed in the run's transaction. */
export interface PlacedShipmentOrder {
  checkoutId: string;
  orderId: number;
  amount: number;
}

/** Members' orders as placed in the run's transaction, with their stock still to hold. */
export interface PlacedShipmentOrders {
  /** By shipment id. */
  placed: ReadonlyMap<number, PlacedShipmentOrder>;
  /**
   * Holds the orders' stock, each product once for all of them; call it last in the
   * transaction. Throws CheckoutRefused when a product has too little left, and the
   * transaction must then be undone.
   */
  holdStock(): Promise<void>;
}

/**
 * Members' releases as orders through the normal workflow, in the run's transaction, with one
 * statement per table for all of them: one checkout per shipment (its key is the shipment's,
 * unique per buyer, so there is never a second) and one order awaiting payment. Lines are marked
 * as holding stock where the product counts it; `holdStock` then takes it, and unmarks a product
 * that stopped counting.
 */
export async function placeShipmentOrders(
  ctx: RunContext,
  db: Db,
  toPlace: readonly ShipmentToPlace[],
): Promise<PlacedShipmentOrders> {
  if (toPlace.length === 0) return { placed: new Map(), holdStock: async () => undefined };
  // A shipment's first order has the shipment's key; a new one after a final decline, its try's.
  const keyOf = ({ claimed: { shipment } }: ShipmentToPlace) =>
    shipment.tries === 0
      ? `club-shipment-${shipment.id}`
      : `club-shipment-${shipment.id}-try-${shipment.tries + 1}`;
  const created = await db
    .insert(checkouts)
    .values(
      toPlace.map((entry) => ({
        buyer_id: entry.claimed.user.id,
        idempotency_key: keyOf(entry),
        request_fingerprint: keyOf(entry),
        origin: 'club' as const,
        amount_cents: entry.priced.totals.total,
        payment_provider: ctx.payments.kind,
        transfer_group: keyOf(entry),
      })),
    )
    .returning({ id: checkouts.id, key: checkouts.idempotency_key });
  const checkoutOf = new Map(created.map((row) => [row.key, row.id]));
  const placedOrders = await db
    .insert(orders)
    .values(toPlace.map((entry) => orderRow(entry, checkoutOf.get(keyOf(entry))!)))
    .returning({ id: orders.id, checkoutId: orders.checkout_id });
  const orderOf = new Map(placedOrders.map((row) => [row.checkoutId, row.id]));
  const placed = new Map(
    toPlace.map((entry) => {
      const checkoutId = checkoutOf.get(keyOf(entry))!;
      const order = {
        checkoutId,
        orderId: orderOf.get(checkoutId)!,
        amount: entry.priced.totals.total,
      };
      return [entry.claimed.shipment.id, order] as const;
    }),
  );
  await db.insert(orderLines).values(
    toPlace.flatMap((entry) =>
      entry.priced.lines.map((line) => ({
        order_id: placed.get(entry.claimed.shipment.id)!.orderId,
        product_id: line.productId,
        product_name: line.name,
        channel: 'retail' as const,
        tier_minimum: line.tierMinimum,
        unit_price_cents: line.unitPrice,
        quantity: line.quantity,
        line_total_cents: line.unitPrice * line.quantity,
        stock_reserved: line.countsStock,
      })),
    ),
  );
  // One release a batch, nearly always: its orders' events in one statement.
  const byNote = new Map<string, { id: number }[]>();
  for (const entry of toPlace) {
    const note = `Club release: ${entry.run.release.title}`;
    const order = { id: placed.get(entry.claimed.shipment.id)!.orderId };
    byNote.set(note, [...(byNote.get(note) ?? []), order]);
  }
  for (const [note, changed] of byNote) {
    await recordEvents(db, changed, null, 'awaiting_payment', null, note);
  }
  return { placed, holdStock: () => holdTogether(db, toPlace, [...orderOf.values()]) };
}

/** A member's order row, awaiting payment. */
function orderRow({ run, claimed, catalog, priced }: ShipmentToPlace, checkoutId: string) {
  const { membership, user } = claimed;
  const business = catalog.businesses.get(run.business.id)!;
  const address = membership.address ?? business.address;
  return {
    checkout_id: checkoutId,
    business_id: run.business.id,
    buyer_id: user.id,
    buyer_kind: 'retail' as const,
    status: 'awaiting_payment' as const,
    fulfillment_mode: membership.fulfillment_mode,
    fulfillment_address: membership.fulfillment_mode === 'pickup' ? business.address : address,
    contact_name: user.name,
    contact_email: user.email,
    contact_phone: membership.contact_phone,
    billing_address: address ?? {
      name: user.name,
      line1: business.name,
      line2: null,
      city: '',
      state: '',
      zip: '',
    },
    tax_rate: business.sales_tax_rate,
    subtotal_cents: priced.totals.subtotal,
    tax_and_fees_cents: priced.totals.taxAndFees,
    fulfillment_fee_cents: priced.totals.fulfillmentFee,
    total_cents: priced.totals.total,
    commission_cents: priced.totals.commission,
    payout_cents: priced.totals.payout,
    // Checked at joining and again by the run's holds, for the charge date.
    age_confirmed_at: membership.renewal_consent_at,
  };
}

/**
 * The stock of all these orders, held with one conditional update per product for their sum.
 * A product whose seller stopped counting stock since the catalog was read holds none, and its
 * lines are unmarked.
 */
async function holdTogether(db: Db, toPlace: readonly ShipmentToPlace[], orderIds: number[]) {
  const summed = new Map<number, { entry: ShipmentToPlace; productId: number; quantity: number }>();
  for (const entry of toPlace) {
    for (const line of entry.priced.lines) {
      const known = summed.get(line.productId);
      if (known) known.quantity += line.quantity;
      else
        summed.set(line.productId, { entry, productId: line.productId, quantity: line.quantity });
    }
  }
  const lines = [...summed.values()].map(({ entry, productId, quantity }, index) => {
    const line = entry.priced.lines.find((own) => own.productId === productId)!;
    return {
      index,
      product: entry.catalog.products.get(productId)!,
      quantity,
      channel: 'retail' as const,
      unitPrice: line.unitPrice,
      tierMinimum: line.tierMinimum,
      lineTotal: line.unitPrice * quantity,
    };
  });
  const held = await holdStock(db, lines);
  const countedBefore = toPlace.flatMap((entry) =>
    entry.priced.lines.filter((line) => line.countsStock).map((line) => line.productId),
  );
  const notHeld = [...new Set(countedBefore)].filter((productId) => !held.has(productId));
  if (notHeld.length > 0) {
    await db
      .update(orderLines)
      .set({ stock_reserved: false })
      .where(and(inArray(orderLines.order_id, orderIds), inArray(orderLines.product_id, notHeld)));
  }
}
