import type { ProductHit } from '@bevy/core';

/** Test data for the cart's tests: a Storage kept in memory, and a product hit. */

export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

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
