import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fulfillmentFeesSchema } from './business-schemas';
import {
  feeFor,
  feeSummary,
  NO_FULFILLMENT_FEES,
  shippingRateFor,
  type FeeOrder,
  type FulfillmentFees,
} from './fulfillment-fees';
import { commissionOf, orderTotals, percentOf, refundDue } from './order-math';

const PORTLAND = { lat: 45.5152, lng: -122.6784 };
/** About 7.5 miles from Portland. */
const BEAVERTON = { lat: 45.4871, lng: -122.8037 };
/** About 45 miles from Portland. */
const SALEM = { lat: 44.9429, lng: -123.0351 };

const TERMS: FulfillmentFees = {
  delivery_fee_bands: [
    { within_miles: 10, fee_cents: 500 },
    { within_miles: 25, fee_cents: 1_000 },
  ],
  delivery_minimum_cents: 2_500,
  shipping_rates: [
    { up_to_bottles: 2, fee_cents: 1_500 },
    { up_to_bottles: 6, fee_cents: 2_000 },
    { up_to_bottles: 12, fee_cents: 2_500 },
  ],
  shipping_extra_per_dozen_cents: 2_000,
  shipping_surcharge_cents: 1_000,
  shipping_surcharge_states: ['AK', 'HI'],
  free_shipping_over_cents: 15_000,
};

const order = (overrides: Partial<FeeOrder>): FeeOrder => ({
  mode: 'delivery',
  producerName: 'Hillside Cellars',
  productSubtotal: 5_000,
  bottles: 2,
  ...overrides,
});

describe('feeFor', () => {
  it('charges nothing for pickup', () => {
    expect(
      feeFor(order({ mode: 'pickup' }), TERMS, { producer: null, buyer: null, state: null }),
    ).toEqual({ feeCents: 0, label: null, problem: null });
  });

  it('charges the delivery band the distance falls in, and the last band beyond it', () => {
    const at = (buyer: typeof PORTLAND) =>
      feeFor(order({}), TERMS, { producer: PORTLAND, buyer, state: 'OR' });
    expect(at(BEAVERTON)).toEqual({
      feeCents: 500,
      label: 'Delivery fee (within 10 miles)',
      problem: null,
    });
    expect(at(SALEM)).toEqual({
      feeCents: 1_000,
      label: 'Delivery fee (beyond 25 miles)',
      problem: null,
    });
  });

  it('does not know a banded fee before the buyer gives a place, but knows a single one', () => {
    const unknown = feeFor(order({}), TERMS, { producer: PORTLAND, buyer: null, state: null });
    expect(unknown.feeCents).toBeNull();
    expect(unknown.label).toBe('Delivery fee: from $5.00 by distance; enter your ZIP code');
    const single = { ...TERMS, delivery_fee_bands: [{ within_miles: 10, fee_cents: 500 }] };
    expect(
      feeFor(order({}), single, { producer: PORTLAND, buyer: null, state: null }).feeCents,
    ).toBe(500);
  });

  it('refuses delivery under the minimum with the amount still missing', () => {
    const quote = feeFor(order({ productSubtotal: 1_999 }), TERMS, {
      producer: PORTLAND,
      buyer: BEAVERTON,
      state: 'OR',
    });
    expect(quote.problem).toBe(
      'Delivery from Hillside Cellars needs at least $25.00 of products; add $5.01 more.',
    );
    expect(
      feeFor(order({ productSubtotal: 2_500 }), TERMS, {
        producer: PORTLAND,
        buyer: BEAVERTON,
        state: 'OR',
      }).problem,
    ).toBeNull();
  });

  it('delivers free with no bands', () => {
    expect(
      feeFor(order({}), NO_FULFILLMENT_FEES, { producer: null, buyer: null, state: null }),
    ).toEqual({ feeCents: 0, label: 'Free delivery', problem: null });
  });

  it.each([
    [1, 1_500],
    [2, 1_500],
    [3, 2_000],
    [12, 2_500],
    [13, 4_500],
    [24, 4_500],
    [25, 6_500],
  ])('ships %i bottles for %i cents', (bottles, fee) => {
    expect(shippingRateFor(TERMS, bottles)).toBe(fee);
  });

  it('adds the state surcharge, and ships free at the threshold', () => {
    const ship = (state: string, productSubtotal = 5_000) =>
      feeFor(order({ mode: 'ship', bottles: 3, productSubtotal }), TERMS, {
        producer: PORTLAND,
        buyer: null,
        state,
      });
    expect(ship('OR')).toEqual({
      feeCents: 2_000,
      label: 'Shipping (3 bottles to Oregon)',
      problem: null,
    });
    expect(ship('HI').feeCents).toBe(3_000);
    expect(ship('HI', 15_000)).toEqual({
      feeCents: 0,
      label: 'Free shipping (orders over $150.00)',
      problem: null,
    });
    expect(ship('HI', 14_999).feeCents).toBe(3_000);
  });

  it('does not know a surcharged shipping fee before the state is given', () => {
    const quote = feeFor(order({ mode: 'ship', bottles: 3 }), TERMS, {
      producer: null,
      buyer: null,
      state: null,
    });
    expect(quote.feeCents).toBeNull();
    const noSurcharge = { ...TERMS, shipping_surcharge_cents: 0 };
    expect(
      feeFor(order({ mode: 'ship', bottles: 3 }), noSurcharge, {
        producer: null,
        buyer: null,
        state: null,
      }).feeCents,
    ).toBe(2_000);
  });
});

describe('feeSummary', () => {
  it('says the terms in a few words', () => {
    const oneBand = { ...TERMS, delivery_fee_bands: [{ within_miles: 10, fee_cents: 500 }] };
    expect(feeSummary(oneBand, 'delivery')).toBe('Delivery $5 within 10 mi · $25 minimum');
    expect(feeSummary(TERMS, 'delivery')).toBe('Delivery from $5 within 10 mi · $25 minimum');
    expect(feeSummary(TERMS, 'ship')).toBe('Ships from $15 · free over $150');
    expect(feeSummary(NO_FULFILLMENT_FEES, 'delivery')).toBe('Free delivery');
    expect(feeSummary(NO_FULFILLMENT_FEES, 'ship')).toBe('Free shipping');
  });
});

describe('fulfillmentFeesSchema', () => {
  it('accepts the terms above', () => {
    expect(fulfillmentFeesSchema.parse(TERMS)).toEqual(TERMS);
  });

  it('reads a free-shipping threshold left out as none', () => {
    const { free_shipping_over_cents: _left, ...withoutThreshold } = TERMS;
    expect(fulfillmentFeesSchema.parse(withoutThreshold).free_shipping_over_cents).toBeNull();
  });

  it('puts each mistake on its field', () => {
    const result = fulfillmentFeesSchema.safeParse({
      ...TERMS,
      delivery_fee_bands: [
        { within_miles: 10, fee_cents: 500 },
        { within_miles: 10, fee_cents: 1_000 },
      ],
      shipping_rates: [{ up_to_bottles: 0, fee_cents: 1.5 }],
      delivery_minimum_cents: -1,
      free_shipping_over_cents: 0,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      'delivery_fee_bands.1.within_miles': 'Each band must reach farther than the one before.',
      'shipping_rates.0.up_to_bottles': 'Use 1 to 120 bottles.',
      'shipping_rates.0.fee_cents': 'Use whole cents.',
      delivery_minimum_cents: 'Use $0 to $1,000.',
      free_shipping_over_cents: 'Use more than $0, or leave it empty for no free shipping.',
    });
  });

  it('asks for the states of a surcharge', () => {
    const result = fulfillmentFeesSchema.safeParse({ ...TERMS, shipping_surcharge_states: [] });
    expect(result.error?.issues).toMatchObject([
      {
        path: ['shipping_surcharge_states'],
        message: 'Choose the states the surcharge applies to.',
      },
    ]);
  });

  it('refuses more than three bands', () => {
    const band = { within_miles: 1, fee_cents: 0 };
    const result = fulfillmentFeesSchema.safeParse({
      ...TERMS,
      delivery_fee_bands: [1, 2, 3, 4].map((miles) => ({ ...band, within_miles: miles })),
    });
    expect(result.error?.issues[0]?.message).toBe('Use at most 3.');
  });
});

/** Random terms that the schema accepts. */
const terms: fc.Arbitrary<FulfillmentFees> = fc
  .record({
    miles: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 3 }),
    bottles: fc.uniqueArray(fc.integer({ min: 1, max: 120 }), { maxLength: 3 }),
    fees: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 6, maxLength: 6 }),
    minimum: fc.integer({ min: 0, max: 100_000 }),
    extra: fc.integer({ min: 0, max: 50_000 }),
    surcharge: fc.integer({ min: 0, max: 50_000 }),
    threshold: fc.option(fc.integer({ min: 1, max: 1_000_000 })),
  })
  .map(({ miles, bottles, fees, minimum, extra, surcharge, threshold }) => ({
    delivery_fee_bands: [...miles]
      .sort((a, b) => a - b)
      .map((within, index) => ({ within_miles: within, fee_cents: fees[index]! })),
    delivery_minimum_cents: minimum,
    shipping_rates: [...bottles]
      .sort((a, b) => a - b)
      .map((upTo, index) => ({ up_to_bottles: upTo, fee_cents: fees[index + 3]! })),
    shipping_extra_per_dozen_cents: extra,
    shipping_surcharge_cents: surcharge,
    shipping_surcharge_states: ['AK', 'HI'],
    free_shipping_over_cents: threshold,
  }));

const producerOrder = fc.record({
  lines: fc.array(
    fc.record({
      unitPrice: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 48 }),
    }),
    { minLength: 1, maxLength: 5 },
  ),
  taxRate: fc.integer({ min: 0, max: 250_000 }),
  terms,
  mode: fc.constantFrom('pickup' as const, 'delivery' as const, 'ship' as const),
  buyer: fc.record({
    lat: fc.double({ min: 44, max: 47, noNaN: true }),
    lng: fc.double({ min: -124, max: -121, noNaN: true }),
  }),
  state: fc.constantFrom('OR', 'WA', 'AK', 'HI'),
  /** How many units to refund first, as a share of each line (0 to 1 in tenths). */
  partialTenths: fc.integer({ min: 0, max: 9 }),
});

const isWholeCents = (value: number) => Number.isSafeInteger(value) && value >= 0;

describe('fees in the money of random carts', () => {
  it('adds each fee to its order whole, with tax and commission on the products only', () => {
    fc.assert(
      fc.property(fc.array(producerOrder, { minLength: 1, maxLength: 4 }), (cart) => {
        let charge = 0;
        let paidOut = 0;
        let commissions = 0;
        for (const spec of cart) {
          const subtotal = spec.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
          const bottles = spec.lines.reduce((sum, l) => sum + l.quantity, 0);
          const quote = feeFor(
            { mode: spec.mode, producerName: 'P', productSubtotal: subtotal, bottles },
            spec.terms,
            { producer: PORTLAND, buyer: spec.buyer, state: spec.state },
          );
          // With the buyer's place known, the fee is always known.
          expect(quote.feeCents).not.toBeNull();
          const fee = quote.feeCents!;
          expect(isWholeCents(fee)).toBe(true);
          if (spec.mode === 'delivery') {
            expect(quote.problem === null).toBe(subtotal >= spec.terms.delivery_minimum_cents);
          }
          const totals = orderTotals(spec.lines, spec.taxRate, fee);
          expect(totals.subtotal).toBe(subtotal);
          expect(totals.taxAndFees).toBe(percentOf(subtotal, spec.taxRate));
          expect(totals.fulfillmentFee).toBe(fee);
          expect(totals.total).toBe(subtotal + totals.taxAndFees + fee);
          expect(totals.commission).toBe(commissionOf(subtotal));
          expect(totals.payout).toBe(totals.total - totals.commission);
          for (const amount of Object.values(totals)) expect(isWholeCents(amount)).toBe(true);

          const money = { subtotal, total: totals.total, taxRate: spec.taxRate };
          // Refunding everything at once returns exactly the total, fee included.
          expect(refundDue(money, { refundedSubtotal: 0, refunded: 0 }, subtotal)).toBe(
            totals.total,
          );
          // A partial refund keeps the fee; refunding the rest returns it.
          const partial = spec.lines.reduce(
            (sum, l) => sum + l.unitPrice * Math.floor((l.quantity * spec.partialTenths) / 10),
            0,
          );
          const first = refundDue(money, { refundedSubtotal: 0, refunded: 0 }, partial);
          expect(isWholeCents(first)).toBe(true);
          if (partial < subtotal) {
            expect(first).toBeLessThanOrEqual(partial + percentOf(partial, spec.taxRate) + 1);
          }
          const rest = refundDue(
            money,
            { refundedSubtotal: partial, refunded: first },
            subtotal - partial,
          );
          expect(first + rest).toBe(totals.total);

          charge += totals.total;
          paidOut += totals.payout;
          commissions += totals.commission;
        }
        expect(paidOut + commissions).toBe(charge);
      }),
    );
  });

  it('refuses to refund a negative amount or more than is left', () => {
    const money = { subtotal: 1_000, total: 1_500, taxRate: 0 };
    const none = { refundedSubtotal: 0, refunded: 0 };
    expect(() => refundDue(money, none, -1)).toThrow(RangeError);
    expect(() => refundDue(money, none, 1_001)).toThrow(RangeError);
    expect(refundDue(money, none, 400)).toBe(400);
    expect(refundDue(money, none, 1_000)).toBe(1_500);
  });
});
