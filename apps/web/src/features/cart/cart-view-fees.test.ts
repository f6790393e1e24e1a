import { cartReducer, EMPTY_CART, type CartState, type ProductHit } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { demoProduct } from '../../lib/cart-test-data';
import { buildCartView, type BuyerLocation, type CatalogBusiness } from './cart-view';

/** The cart's fees, shown by the same arithmetic checkout charges (decision 014). */

const burnside: CatalogBusiness = {
  id: 4,
  name: 'Burnside Gravity Brewing',
  slug: 'burnside-gravity-brewing',
  sales_tax_rate: 10,
  ship_to_states: ['OR', 'CA'],
  fulfillment_allow_pickup_retail: true,
  fulfillment_allow_pickup_wholesale: false,
  fulfillment_deliver_retail: true,
  fulfillment_deliver_wholesale: false,
  fulfillment_ship_retail: true,
  fulfillment_ship_wholesale: false,
  fulfillment_deliver_retail_radius_miles: 25,
  fulfillment_deliver_wholesale_radius_miles: null,
  fulfillmentFees: {
    delivery_fee_bands: [
      { within_miles: 5, fee_cents: 500 },
      { within_miles: 25, fee_cents: 900 },
    ],
    delivery_minimum_cents: 3_000,
    shipping_rates: [{ up_to_bottles: 6, fee_cents: 1_500 }],
    shipping_extra_per_dozen_cents: 1_000,
    shipping_surcharge_cents: 0,
    shipping_surcharge_states: [],
    free_shipping_over_cents: 10_000,
  },
  addresses: [
    {
      locality: 'Portland',
      administrative_area_level_1: 'OR',
      latitude: 45.52,
      longitude: -122.68,
    },
  ],
};

const portland: BuyerLocation = { lat: 45.5, lng: -122.65, city: 'Portland', state: 'OR' };

const lager = demoProduct('31', {
  producedByBusinessId: burnside.id,
  businessName: burnside.name,
  slug: burnside.slug,
  retailPricing: [{ price_per_unit: 1_200, minimum_unit_count_for_price: 1 }],
});

function catalogOf(product: ProductHit) {
  return {
    buyerKind: 'retail' as const,
    products: [
      {
        id: product.objectID,
        name: product.name,
        stockCount: null,
        pricing: product.retailPricing,
        business: burnside,
      },
    ],
  };
}

function cartOf(quantity: number): CartState {
  let cart = EMPTY_CART;
  for (let i = 0; i < quantity; i++) {
    cart = cartReducer(cart, { type: 'add', id: lager.objectID, product: lager, isUnique: false });
  }
  return cart;
}

const delivery = { [String(burnside.id)]: 'delivery' as const };

describe('fees in the cart', () => {
  it('adds the delivery band’s fee to the producer’s total and the grand total, untaxed', () => {
    const view = buildCartView(cartOf(3), catalogOf(lager), delivery, portland);
    const [group] = view.groups;
    expect(group!.fee).toEqual({
      feeCents: 500,
      label: 'Delivery fee (within 5 miles)',
      problem: null,
    });
    // 3 × $12.00 = $36.00, 10% tax + fees $3.60, delivery $5.00.
    expect(group!.totals).toMatchObject({
      subtotal: 3_600,
      taxAndFees: 360,
      fulfillmentFee: 500,
      total: 4_460,
      commission: 288,
    });
    expect(view.grandTotal).toBe(4_460);
    expect(view.ready).toBe(true);
  });

  it('stops checkout below the delivery minimum, saying how much to add', () => {
    const view = buildCartView(cartOf(2), catalogOf(lager), delivery, portland);
    expect(view.groups[0]!.fee?.problem).toBe(
      'Delivery from Burnside Gravity Brewing needs at least $30.00 of products; add $6.00 more.',
    );
    expect(view.groups[0]!.ready).toBe(false);
    expect(view.ready).toBe(false);
    // Pickup has no minimum and no fee.
    const pickup = buildCartView(cartOf(2), catalogOf(lager), {}, portland);
    expect(pickup.groups[0]!.fee).toEqual({ feeCents: 0, label: null, problem: null });
    expect(pickup.ready).toBe(true);
  });

  it('leaves a fee that depends on distance out until the ZIP code is known, and says so', () => {
    const view = buildCartView(cartOf(3), catalogOf(lager), delivery, null);
    expect(view.groups[0]!.fee?.feeCents).toBeNull();
    expect(view.feesPending).toBe(true);
    expect(view.grandTotal).toBe(3_960);
  });

  it('ships by bottle count, and free over the threshold', () => {
    const ship = { [String(burnside.id)]: 'ship' as const };
    expect(buildCartView(cartOf(7), catalogOf(lager), ship, portland).groups[0]!.fee).toEqual({
      feeCents: 2_500,
      label: 'Shipping (7 bottles to Oregon)',
      problem: null,
    });
    expect(
      buildCartView(cartOf(9), catalogOf(lager), ship, portland).groups[0]!.fee?.feeCents,
    ).toBe(0);
  });
});
