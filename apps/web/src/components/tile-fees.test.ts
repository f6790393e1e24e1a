import { NO_FULFILLMENT_FEES, type ProductHitWithFees } from '@bevy/core';
import { demoProduct } from '@bevy/core/test-fixtures';
import { describe, expect, it } from 'vitest';
import { fulfillmentLines } from './tile-fees';

const hit: ProductHitWithFees = {
  ...demoProduct('5'),
  fulfillment_deliver_retail: true,
  fulfillment_deliver_wholesale: false,
  fulfillment_ship_retail: true,
  fulfillment_ship_wholesale: true,
  fulfillment_fees: {
    ...NO_FULFILLMENT_FEES,
    delivery_fee_bands: [{ within_miles: 10, fee_cents: 500 }],
    delivery_minimum_cents: 2_500,
    shipping_rates: [
      { up_to_bottles: 2, fee_cents: 1_500 },
      { up_to_bottles: 6, fee_cents: 2_000 },
    ],
    free_shipping_over_cents: 15_000,
  },
};

describe('fulfillmentLines', () => {
  it('states the terms of the ways the producer serves this kind of buyer', () => {
    expect(fulfillmentLines(hit, 'retail')).toEqual([
      'Delivery $5 within 10 mi · $25 minimum',
      'Ships from $15 · free over $150',
    ]);
    expect(fulfillmentLines(hit, 'wholesale')).toEqual(['Ships from $15 · free over $150']);
  });

  it('says nothing for a hit without fees', () => {
    const { fulfillment_fees: _none, ...withoutFees } = hit;
    expect(fulfillmentLines(withoutFees, 'retail')).toEqual([]);
  });
});
