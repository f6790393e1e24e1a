import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProducer, createProduct, orderRequest } from './checkout-fixtures';
import { ledgerImbalance } from '../payouts/ledger';
import { createUser } from '../orders/order-management-fixtures';

/** Delivery and shipping fees priced and charged by checkout (decision 014). */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await logInAsActor(t.app, 'buyer');
});
afterAll(() => t.close());

const db = () => t.database.db;

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id amountCents
    orders { id businessId fulfillmentMode subtotalCents taxAndFeesCents fulfillmentFeeCents totalCents }
  }
}`;

/** The producers' own ZIP code (0 miles away) and one about 45 miles away. */
const NEAR = {
  name: 'Riley Retail',
  line1: '1 SE Water Ave',
  city: 'Portland',
  state: 'OR',
  zip: '97214',
};
const SALEM = {
  name: 'Riley Retail',
  line1: '1 Court St',
  city: 'Salem',
  state: 'OR',
  zip: '97301',
};
const SAN_FRANCISCO = {
  name: 'Riley Retail',
  line1: '1 Mission St',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
};

/** A producer that delivers within 60 miles for $5 (10 miles) or $9, with a $30 minimum. */
const deliverer = () =>
  createProducer(db(), {
    sales_tax_rate: '10',
    fulfillment_deliver_retail: true,
    fulfillment_deliver_retail_radius_miles: 60,
    delivery_fee_bands: [
      { within_miles: 10, fee_cents: 500 },
      { within_miles: 30, fee_cents: 900 },
    ],
    delivery_minimum_cents: 3_000,
  });

/** A producer that ships to OR and CA: $15 up to 2 bottles, $20 up to 6, +$10 to CA, free over $150. */
const shipper = () =>
  createProducer(db(), {
    sales_tax_rate: '0',
    fulfillment_ship_retail: true,
    ship_to_states: ['CA', 'OR'],
    shipping_rates: [
      { up_to_bottles: 2, fee_cents: 1_500 },
      { up_to_bottles: 6, fee_cents: 2_000 },
    ],
    shipping_extra_per_dozen_cents: 1_000,
    shipping_surcharge_cents: 1_000,
    shipping_surcharge_states: ['CA'],
    free_shipping_over_cents: 15_000,
  });

async function place(
  lines: { productId: number; quantity: number }[],
  fulfillment: Record<string, unknown>[],
  overrides: Record<string, unknown> = {},
) {
  const input = orderRequest(lines, [], { fulfillment, ...overrides });
  return gql(t.app, PLACE, { input }, { cookie });
}

interface PlacedCheckout {
  id: string;
  amountCents: number;
  orders: {
    id: number;
    subtotalCents: number;
    taxAndFeesCents: number;
    fulfillmentFeeCents: number;
    totalCents: number;
  }[];
}

describe('checkout with fulfillment fees', () => {
  it('charges the delivery band’s fee, untaxed and without commission, and records it', async () => {
    const producer = await deliverer();
    const wine = await createProduct(db(), producer.id, { retail: [[1, 2_000]] });
    const result = await place(
      [{ productId: wine.id, quantity: 2 }],
      [{ businessId: producer.id, mode: 'delivery', address: NEAR }],
    );
    expect(result.body.errors).toBeUndefined();
    const checkout = result.body.data!.placeOrder as PlacedCheckout;
    // 2 × $20.00 = $40.00; 10% is $4.00; delivery within 10 miles $5.00.
    expect(checkout.orders[0]).toMatchObject({
      subtotalCents: 4_000,
      taxAndFeesCents: 400,
      fulfillmentFeeCents: 500,
      totalCents: 4_900,
    });
    expect(checkout.amountCents).toBe(4_900);
    const [row] = await db().select().from(orders).where(eq(orders.checkout_id, checkout.id));
    expect(row).toMatchObject({
      fulfillment_fee_cents: 500,
      total_cents: 4_900,
      // 8% of the products only; the producer gets the whole fee.
      commission_cents: 320,
      payout_cents: 4_580,
    });
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.checkout_id, checkout.id));
    expect(ledger.find((entry) => entry.kind === 'transfer')!.amount_cents).toBe(4_580);
    expect(
      ledgerImbalance(ledger.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
    ).toBe(0);
  });

  it('charges the farther band by the distance to the buyer’s ZIP code', async () => {
    const producer = await deliverer();
    const wine = await createProduct(db(), producer.id, { retail: [[1, 4_000]] });
    const result = await place(
      [{ productId: wine.id, quantity: 1 }],
      [{ businessId: producer.id, mode: 'delivery', address: SALEM }],
    );
    expect(result.body.errors).toBeUndefined();
    const checkout = result.body.data!.placeOrder as PlacedCheckout;
    // Salem is beyond the last band (30 miles) but inside the radius: the last band's fee.
    expect(checkout.orders[0]).toMatchObject({ fulfillmentFeeCents: 900, totalCents: 5_300 });
  });

  it('refuses a delivery under the minimum, saying how much is missing, and creates nothing', async () => {
    const producer = await deliverer();
    const wine = await createProduct(db(), producer.id, { retail: [[1, 1_250]] });
    const result = await place(
      [{ productId: wine.id, quantity: 2 }],
      [{ businessId: producer.id, mode: 'delivery', address: NEAR }],
    );
    const error = result.body.errors?.[0];
    expect(error?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'fulfillment.0.mode',
    });
    expect(error?.message).toBe(
      `Delivery from ${producer.name} needs at least $30.00 of products; add $5.00 more.`,
    );
    const made = await db().select().from(orders).where(eq(orders.business_id, producer.id));
    expect(made).toEqual([]);
    // The same cart picked up is fine: the minimum is for delivery only.
    const pickedUp = await place(
      [{ productId: wine.id, quantity: 2 }],
      [{ businessId: producer.id, mode: 'pickup' }],
    );
    expect(pickedUp.body.errors).toBeUndefined();
  });

  it('ships by bottle count with the state surcharge, and free over the threshold', async () => {
    const producer = await shipper();
    const cider = await createProduct(db(), producer.id, { retail: [[1, 1_000]] });
    const toOregon = await place(
      [{ productId: cider.id, quantity: 3 }],
      [
        {
          businessId: producer.id,
          mode: 'ship',
          address: { ...NEAR, zip: '97401', city: 'Eugene' },
        },
      ],
    );
    expect(toOregon.body.errors).toBeUndefined();
    expect((toOregon.body.data!.placeOrder as PlacedCheckout).orders[0]).toMatchObject({
      fulfillmentFeeCents: 2_000,
      totalCents: 5_000,
    });
    const toCalifornia = await place(
      [{ productId: cider.id, quantity: 8 }],
      [{ businessId: producer.id, mode: 'ship', address: SAN_FRANCISCO }],
    );
    expect(toCalifornia.body.errors).toBeUndefined();
    // 8 bottles: $20 for 6, +$10 for the next 12 (or part), +$10 to California.
    expect((toCalifornia.body.data!.placeOrder as PlacedCheckout).orders[0]).toMatchObject({
      fulfillmentFeeCents: 4_000,
      totalCents: 12_000,
    });
    const free = await place(
      [{ productId: cider.id, quantity: 15 }],
      [{ businessId: producer.id, mode: 'ship', address: SAN_FRANCISCO }],
    );
    expect((free.body.data!.placeOrder as PlacedCheckout).orders[0]).toMatchObject({
      fulfillmentFeeCents: 0,
      totalCents: 15_000,
    });
  });

  it('refuses a total that left the fee out, rather than charging what the buyer did not see', async () => {
    const producer = await deliverer();
    const wine = await createProduct(db(), producer.id, { retail: [[1, 2_000]] });
    const result = await place(
      [{ productId: wine.id, quantity: 2 }],
      [{ businessId: producer.id, mode: 'delivery', address: NEAR }],
      { expectedTotal: 4_400 },
    );
    expect(result.body.errors?.[0]).toMatchObject({
      message: 'The total is now $49.00. Review your cart before paying.',
      extensions: { code: 'PRICE_CHANGED', field: 'expectedTotal' },
    });
  });

  it('keeps the fee through a partial refund, and gives it back with the last unit', async () => {
    const producer = await deliverer();
    const seller = await createUser(t.app, db(), { businessIds: [producer.id] });
    const wine = await createProduct(db(), producer.id, { retail: [[1, 2_000]] });
    const placed = await place(
      [{ productId: wine.id, quantity: 2 }],
      [{ businessId: producer.id, mode: 'delivery', address: NEAR }],
    );
    const checkout = placed.body.data!.placeOrder as PlacedCheckout;
    const orderId = checkout.orders[0]!.id;
    const READ = `query($id: Int!) {
      order(id: $id) { fulfillmentFeeCents totalCents refundedCents lines { id } }
    }`;
    const REFUND = `mutation($orderId: Int!, $lineId: Int!) {
      refundOrderLine(orderId: $orderId, lineId: $lineId, quantity: 1) { refundedCents }
    }`;
    const read = async () =>
      (await gql(t.app, READ, { id: orderId }, { cookie: seller.cookie })).body.data!.order as {
        fulfillmentFeeCents: number;
        totalCents: number;
        refundedCents: number;
        lines: { id: number }[];
      };
    const before = await read();
    expect(before).toMatchObject({ fulfillmentFeeCents: 500, totalCents: 4_900 });
    const refund = () =>
      gql(t.app, REFUND, { orderId, lineId: before.lines[0]!.id }, { cookie: seller.cookie });
    expect((await refund()).body.errors).toBeUndefined();
    // One unit and its tax share; the delivery happened, so its fee stays.
    expect((await read()).refundedCents).toBe(2_200);
    expect((await refund()).body.errors).toBeUndefined();
    expect((await read()).refundedCents).toBe(4_900);
    const ledger = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.checkout_id, checkout.id));
    expect(
      ledgerImbalance(ledger.map((e) => ({ kind: e.kind, amountCents: e.amount_cents }))),
    ).toBe(0);
  });
});
