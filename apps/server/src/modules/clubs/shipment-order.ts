import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkouts, clubShipments, orderLines, orders } from '../../db/tables';
import { CheckoutRefused, holdStock, recordEvents, type LoadedCatalog } from '../checkout/index';
import type { ClaimedShipment, RunContext } from './club-run';
import type { PricedShipment, ReleaseForRun } from './shipment-pricing';

/**
 * A member's release as an order through the normal workflow, in the run's transaction: one
 * checkout per shipment (its key is the shipment's, unique per buyer, so there is never a
 * second), one order awaiting payment with its stock held, and the shipment pointing at both.
 * Null when a product's stock ran out: nothing is kept, and the member is held instead.
 */
export async function placeShipmentOrder(
  ctx: RunContext,
  db: Db,
  run: ReleaseForRun,
  claimed: ClaimedShipment,
  catalog: LoadedCatalog,
  priced: Extract<PricedShipment, { ok: true }>,
): Promise<{ orderId: number; amount: number } | null> {
  const { shipment, membership, user } = claimed;
  const business = catalog.businesses.get(run.business.id)!;
  const key = `club-shipment-${shipment.id}`;
  const address = membership.address ?? business.address;
  try {
    // A savepoint: running out of stock undoes only the order, not the run's transaction.
    return await db.transaction(async (savepoint) => {
      const sp = savepoint as unknown as Db;
      const held = await holdStock(
        sp,
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
      const [checkout] = await sp
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
      const [order] = await sp
        .insert(orders)
        .values({
          checkout_id: checkout!.id,
          business_id: run.business.id,
          buyer_id: user.id,
          buyer_kind: 'retail',
          status: 'awaiting_payment',
          fulfillment_mode: membership.fulfillment_mode,
          fulfillment_address:
            membership.fulfillment_mode === 'pickup' ? business.address : address,
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
      await sp.insert(orderLines).values(
        priced.lines.map((line) => ({
          order_id: order!.id,
          product_id: line.productId,
          product_name: line.name,
          channel: 'retail' as const,
          tier_minimum: line.tierMinimum,
          unit_price_cents: line.unitPrice,
          quantity: line.quantity,
          line_total_cents: line.unitPrice * line.quantity,
          stock_reserved: held.has(line.productId),
        })),
      );
      await recordEvents(
        sp,
        [order!],
        null,
        'awaiting_payment',
        null,
        `Club release: ${run.release.title}`,
      );
      await sp
        .update(clubShipments)
        .set({
          checkout_id: checkout!.id,
          order_id: order!.id,
          amount_cents: priced.totals.total,
          updated_at: new Date(),
        })
        .where(eq(clubShipments.id, shipment.id));
      return { orderId: order!.id, amount: priced.totals.total };
    });
  } catch (error) {
    if (error instanceof CheckoutRefused) return null;
    throw error;
  }
}
