import type { ProductHit } from './product-hit';

/** Test data shared by the packages' and the web app's tests: a complete product hit. */
export function demoProduct(id: string, overrides: Partial<ProductHit> = {}): ProductHit {
  return {
    objectID: id,
    name: `Harvest Cider ${id}`,
    short_description: 'Crisp and dry.',
    bottleImageUrl: null,
    hasImage: false,
    productType: 'Cider',
    producedBy: 'Orchard Folk',
    producedByBusinessId: 3,
    businessName: 'Orchard Folk',
    slug: 'orchard-folk',
    'Beverage Type': ['Cider'],
    'Produced By': 'Orchard Folk',
    Varietal: null,
    Vintage: null,
    'Closure Style': null,
    Format: null,
    Volume: 500,
    ABV: 6.5,
    _geoloc: { lat: 45.52, lng: -122.68 },
    fulfillment_allow_pickup_retail: true,
    fulfillment_allow_pickup_wholesale: false,
    fulfillment_deliver_retail: true,
    fulfillment_deliver_wholesale: false,
    fulfillment_ship_retail: true,
    fulfillment_ship_wholesale: false,
    fulfillment_deliver_retail_radius_miles: 25,
    fulfillment_deliver_wholesale_radius_miles: null,
    ship_to_states: ['OR', 'WA'],
    retailPricing: [
      { minimum_unit_count_for_price: 1, price_per_unit: 900 },
      { minimum_unit_count_for_price: 12, price_per_unit: 750 },
      { minimum_unit_count_for_price: 6, price_per_unit: 800 },
    ],
    wholesalePricing: [{ minimum_unit_count_for_price: 24, price_per_unit: 500 }],
    ...overrides,
  };
}
