import { describe, expect, it } from 'vitest';
import {
  BUYER_KINDS,
  deliveryRadiusMilesFor,
  deliveryRefusal,
  describeDeliveryRefusal,
  FULFILLMENT_MODES,
  fulfillmentFlagFor,
  fulfillmentSearchFilter,
  undeliverableSearchFilter,
  type DeliveryTerms,
  type FulfillmentFlags,
} from './fulfillment';

describe('fulfillmentFlagFor', () => {
  it.each([
    ['pickup', 'retail', 'fulfillment_allow_pickup_retail'],
    ['pickup', 'wholesale', 'fulfillment_allow_pickup_wholesale'],
    ['delivery', 'retail', 'fulfillment_deliver_retail'],
    ['delivery', 'wholesale', 'fulfillment_deliver_wholesale'],
    ['ship', 'retail', 'fulfillment_ship_retail'],
    ['ship', 'wholesale', 'fulfillment_ship_wholesale'],
  ] as const)('(%s, %s) -> %s', (mode, buyer, flag) => {
    expect(fulfillmentFlagFor(mode, buyer)).toBe(flag);
  });

  it('yields exactly the six FulfillmentFlags keys', () => {
    const flags: FulfillmentFlags = {
      fulfillment_allow_pickup_retail: false,
      fulfillment_allow_pickup_wholesale: false,
      fulfillment_deliver_retail: false,
      fulfillment_deliver_wholesale: false,
      fulfillment_ship_retail: false,
      fulfillment_ship_wholesale: false,
    };
    const produced = FULFILLMENT_MODES.flatMap((mode) =>
      BUYER_KINDS.map((buyer) => fulfillmentFlagFor(mode, buyer)),
    );
    expect(new Set(produced).size).toBe(6);
    expect([...produced].sort()).toEqual(Object.keys(flags).sort());
  });
});

describe('deliveryRefusal', () => {
  // Portland, OR and places at known distances from it.
  const portland = { lat: 45.5152, lng: -122.6784 };
  const salem = { lat: 44.9429, lng: -123.0351 }; // about 43 miles
  const seattle = { lat: 47.6062, lng: -122.3321 }; // about 145 miles
  const terms = (overrides: Partial<DeliveryTerms> = {}): DeliveryTerms => ({
    fulfillment_deliver_retail: true,
    fulfillment_deliver_wholesale: true,
    fulfillment_deliver_retail_radius_miles: 50,
    fulfillment_deliver_wholesale_radius_miles: 100,
    _geoloc: portland,
    ...overrides,
  });

  it('delivers within the radius for the buyer’s kind', () => {
    expect(deliveryRefusal(terms(), 'retail', salem)).toBeNull();
    expect(deliveryRefusal(terms(), 'wholesale', salem)).toBeNull();
  });

  it('refuses a kind the producer does not deliver to, wherever the buyer is', () => {
    expect(deliveryRefusal(terms({ fulfillment_deliver_retail: false }), 'retail', null)).toEqual({
      reason: 'no-retail',
    });
    expect(
      deliveryRefusal(terms({ fulfillment_deliver_wholesale: false }), 'wholesale', salem),
    ).toEqual({ reason: 'no-wholesale' });
  });

  it('refuses beyond the radius, in miles by the spec’s formula', () => {
    const refusal = deliveryRefusal(
      terms({ fulfillment_deliver_wholesale_radius_miles: 100 }),
      'wholesale',
      seattle,
    );
    expect(refusal).toMatchObject({ reason: 'out-of-range', radiusMiles: 100 });
    expect((refusal as { distanceMiles: number }).distanceMiles).toBeCloseTo(145, -1);
    expect(deliveryRefusal(terms(), 'retail', seattle)).toMatchObject({ reason: 'out-of-range' });
  });

  it('uses the other kind’s radius when the buyer’s kind has none', () => {
    const onlyRetailRadius = terms({ fulfillment_deliver_wholesale_radius_miles: null });
    expect(deliveryRefusal(onlyRetailRadius, 'wholesale', salem)).toBeNull();
    expect(deliveryRefusal(onlyRetailRadius, 'wholesale', seattle)).toMatchObject({
      reason: 'out-of-range',
      radiusMiles: 50,
    });
  });

  it('cannot refuse by distance without the buyer’s location or any radius', () => {
    expect(deliveryRefusal(terms(), 'retail', null)).toBeNull();
    const noRadius = terms({
      fulfillment_deliver_retail_radius_miles: null,
      fulfillment_deliver_wholesale_radius_miles: null,
    });
    expect(deliveryRefusal(noRadius, 'retail', seattle)).toBeNull();
    expect(deliveryRefusal(terms({ _geoloc: null }), 'retail', salem)).toMatchObject({
      reason: 'out-of-range',
    });
  });

  it('says each reason in words', () => {
    expect(describeDeliveryRefusal({ reason: 'no-retail' })).toBe(
      'Does not deliver to retail buyers',
    );
    expect(describeDeliveryRefusal({ reason: 'no-wholesale' })).toBe(
      'Does not deliver to wholesale buyers',
    );
    expect(
      describeDeliveryRefusal({ reason: 'out-of-range', distanceMiles: 62.4, radiusMiles: 25 }),
    ).toBe('Out of delivery range: 62 miles away, delivers within 25 miles');
  });
});

describe('fulfillmentSearchFilter', () => {
  it('filters pickup and shipping by the flag for the buyer’s kind', () => {
    expect(fulfillmentSearchFilter('pickup', 'retail')).toBe(
      'fulfillment_allow_pickup_retail:true',
    );
    expect(fulfillmentSearchFilter('ship', 'wholesale')).toBe('fulfillment_ship_wholesale:true');
  });

  it('ships only from producers licensed for the buyer’s state, once it is known', () => {
    expect(fulfillmentSearchFilter('ship', 'retail', 'NY')).toBe(
      'fulfillment_ship_retail:true AND ship_to_states:"NY"',
    );
  });

  it('delivers from producers whose radius reaches the buyer, once they are located', () => {
    expect(fulfillmentSearchFilter('delivery', 'retail')).toBe('fulfillment_deliver_retail:true');
    expect(fulfillmentSearchFilter('delivery', 'wholesale', 'OR', true)).toBe(
      'delivery_reach_meters_wholesale >= _geoDistance',
    );
  });

  it('lists the producers that deliver, but not to this buyer, apart', () => {
    expect(undeliverableSearchFilter('retail', true)).toBe(
      '(fulfillment_deliver_retail:true OR fulfillment_deliver_wholesale:true) AND NOT (delivery_reach_meters_retail >= _geoDistance)',
    );
    expect(undeliverableSearchFilter('wholesale', false)).toBe(
      '(fulfillment_deliver_retail:true OR fulfillment_deliver_wholesale:true) AND NOT (fulfillment_deliver_wholesale:true)',
    );
  });
});

describe('deliveryRadiusMilesFor', () => {
  it('takes the radius for the buyer’s kind, else the other kind’s, else none', () => {
    const radii = (retail: number | null, wholesale: number | null) => ({
      fulfillment_deliver_retail_radius_miles: retail,
      fulfillment_deliver_wholesale_radius_miles: wholesale,
    });
    expect(deliveryRadiusMilesFor(radii(10, 40), 'retail')).toBe(10);
    expect(deliveryRadiusMilesFor(radii(10, 40), 'wholesale')).toBe(40);
    expect(deliveryRadiusMilesFor(radii(null, 40), 'retail')).toBe(40);
    expect(deliveryRadiusMilesFor(radii(null, null), 'wholesale')).toBeNull();
  });
});
