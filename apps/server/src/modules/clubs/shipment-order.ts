import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, orderLines, orders } from '../../db/tables';
import { holdStock, recordEvents, type LoadedCatalog } from '../checkout/index';
import type { ClaimedShipment, RunContext } from './club-run';
import type { PricedShipment, ReleaseForRun } from './shipment-pricing';

/** A member's order as placed in the run's transaction, with the stock still to hold. */
export interface PlacedShipmentOrder {
  checkoutId: string;
  orderId: number;
  amount: number;
  /**
   * Holds the order's stock; call it last in the transaction. Throws CheckoutRefused when a
   * product sold out, and the transaction must then be undone.
   */
  holdStock(): Promise<void>;
}

/**
 * A member's release as an order through the normal workflow, in the run's transaction: one
 * checkout per shipment (its key is the shipment's, unique per buyer, so there is never a
 * second) and one order awaiting payment. Its lines are marked as holding stock where the
 * product counts it; `holdStock` then takes it, and unmarks a product that stopped counting.
 */
export async function placeShipmentOrder(
  ctx: RunContext,
  db: Db,
  run: ReleaseForRun,
  claimed: ClaimedShipment,
  catalog: LoadedCatalog,
  priced: Extract<PricedShipment, { ok: true }>,
): Promise<PlacedShipmentOrder> {
  const { shipment, membership, user } = claimed;
  const business = catalog.businesses.get(run.business.id)!;
  const key = `club-shipment-${shipment.id}`;
  const address = membership.address ?? business.address;
  const [checkout] = await db
    .insert(checkouts)
    .values({
      buyer_id: user.id,
      idempotency_key: key,
      request_fingerprint: key,
      origin: 'club',
      amount_cents: priced.totals.total,
      payment_provider: ctx.payments.kind,
      transfer_group: key,
    })
    .returning({ id: checkouts.id });
  const [order] = await db
    .insert(orders)
    .values({
      checkout_id: checkout!.id,
      business_id: run.business.id,
      buyer_id: user.id,
      buyer_kind: 'retail',
      status: 'awaiting_payment',
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
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values(
    priced.lines.map((line) => ({
      order_id: order!.id,
      product_id: line.productId,
      product_name: line.name,
      channel: 'retail' as const,
      tier_minimum: line.tierMinimum,
      unit_price_cents: line.unitPrice,
      quantity: line.quantity,
      line_total_cents: line.unitPrice * line.quantity,
      stock_reserved: line.countsStock,
    })),
  );
  await recordEvents(
    db,
    [order!],
    null,
    'awaiting_payment',
    null,
    `Club release: ${run.release.title}`,
  );
  return {
    checkoutId: checkout!.id,
    orderId: order!.id,
    amount: priced.totals.total,
    async holdStock() {
      const held = await holdStock(
        db,
        priced.lines.map((line, index) => ({
          index,
          product: catalog.products.get(line.productId)!,
          quantity: line.quantity,
          channel: 'retail' as const,
          unitPrice: line.unitPrice,
          tierMinimum: line.tierMinimum,
          lineTotal: line.unitPrice * line.quantity,
        })),
      );
      // A product whose seller stopped counting stock since the catalog was read holds none.
      const notHeld = priced.lines
        .filter((line) => line.countsStock && !held.has(line.productId))
        .map((line) => line.productId);
      if (notHeld.length > 0) {
        await db
          .update(orderLines)
          .set({ stock_reserved: false })
          .where(and(eq(orderLines.order_id, order!.id), inArray(orderLines.product_id, notHeld)));
      }
    },
  };
}
