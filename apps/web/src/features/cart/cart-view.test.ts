import {
  cartReducer,
  EMPTY_CART,
  orderTotals,
  percentToMillionths,
  type CartState,
  type ProductHit,
} from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { demoProduct } from '../../lib/cart-test-data';
import {
  buildCartView,
  describeLineProblem,
  type BuyerLocation,
  type CatalogBusiness,
  type CatalogProduct,
} from './cart-view';

const orchard: CatalogBusiness = {
  id: 3,
  name: 'Orchard Folk',
  slug: 'orchard-folk',
  sales_tax_rate: 8.875,
  ship_to_states: ['OR', 'WA'],
  fulfillment_allow_pickup_retail: true,
  fulfillment_allow_pickup_wholesale: false,
  fulfillment_deliver_retail: true,
  fulfillment_deliver_wholesale: false,
  fulfillment_ship_retail: true,
  fulfillment_ship_wholesale: true,
  fulfillment_deliver_retail_radius_miles: 25,
  fulfillment_deliver_wholesale_radius_miles: null,
  addresses: [
    {
      locality: 'Portland',
      administrative_area_level_1: 'OR',
      latitude: 45.52,
      longitude: -122.68,
    },
  ],
};

const hillside: CatalogBusiness = {
  ...orchard,
  id: 9,
  name: 'Hillside Cellars',
  slug: 'hillside-cellars',
  sales_tax_rate: 0,
  fulfillment_deliver_retail: false,
  fulfillment_ship_retail: false,
  addresses: [
    { locality: 'Napa', administrative_area_level_1: 'CA', latitude: 38.3, longitude: -122.29 },
  ],
};

const portland: BuyerLocation = { lat: 45.5, lng: -122.65, city: 'Portland', state: 'OR' };
const boise: BuyerLocation = { lat: 43.6, lng: -116.2, city: 'Boise', state: 'ID' };

/** The stored product of id, made by producer `business`. */
function stored(id: string, business: CatalogBusiness, overrides: Partial<ProductHit> = {}) {
  return demoProduct(id, {
    producedByBusinessId: business.id,
    businessName: business.name,
    slug: business.slug,
    ...overrides,
  });
}

/** The catalog entry matching a stored product, as the server would return it to retail. */
function current(product: ProductHit, business: CatalogBusiness): CatalogProduct {
  return {
    id: product.objectID,
    name: product.name,
    stockCount: null,
    pricing: product.retailPricing,
    business,
  };
}

function cartOf(...lines: [ProductHit, number][]): CartState {
  let cart = EMPTY_CART;
  for (const [product, quantity] of lines) {
    for (let i = 0; i < quantity; i++) {
      cart = cartReducer(cart, { type: 'add', id: product.objectID, product, isUnique: false });
    }
  }
  return cart;
}

const cider = stored('7', orchard);
const perry = stored('8', orchard, {
  retailPricing: [{ price_per_unit: 1299, minimum_unit_count_for_price: 1 }],
});
const wine = stored('20', hillside, {
  retailPricing: [
    { price_per_unit: 3200, minimum_unit_count_for_price: 1 },
    { price_per_unit: 2950, minimum_unit_count_for_price: 6 },
  ],
});
const everything = [current(cider, orchard), current(perry, orchard), current(wine, hillside)];
const retailCatalog = { buyerKind: 'retail' as const, products: everything };

describe('buildCartView', () => {
  it('groups lines by producer in the order they were added, with each producer’s totals', () => {
    const cart = cartOf([cider, 6], [wine, 2], [perry, 1]);
    const view = buildCartView(cart, retailCatalog, {}, null);
    expect(view.groups.map((g) => [g.name, g.lines.map((l) => l.id)])).toEqual([
      ['Orchard Folk', ['7', '8']],
      ['Hillside Cellars', ['20']],
    ]);
    const [orchardGroup, hillsideGroup] = view.groups;
    expect(orchardGroup!.lines.map((l) => [l.unitPrice, l.lineTotal])).toEqual([
      [800, 4800],
      [1299, 1299],
    ]);
    expect(orchardGroup!.totals).toEqual(
      orderTotals(
        [
          { unitPrice: 800, quantity: 6 },
          { unitPrice: 1299, quantity: 1 },
        ],
        percentToMillionths('8.875'),
      ),
    );
    expect(orchardGroup!.totals!.taxAndFees).toBe(541); // 8.875% of $60.99 is 541.286 cents
    expect(hillsideGroup!.totals!.total).toBe(6400);
    expect(view.grandTotal).toBe(orchardGroup!.totals!.total + 6400);
    expect(orchardGroup!.place).toBe('Portland, OR');
    expect(view.ready).toBe(true);
  });

  it('prices every line from the catalog, never from the prices stored in the browser', () => {
    const tampered = stored('7', orchard, {
      retailPricing: [{ price_per_unit: 1, minimum_unit_count_for_price: 1 }],
      wholesalePricing: [{ price_per_unit: 1, minimum_unit_count_for_price: 1 }],
    });
    const view = buildCartView(cartOf([tampered, 2]), retailCatalog, {}, null);
    const line = view.groups[0]!.lines[0]!;
    expect(line.unitPrice).toBe(900);
    expect(line.changes).toEqual([{ kind: 'price', was: 1, now: 900 }]);
  });

  it('says what changed since a line was added: its price at this quantity, its name', () => {
    const renamedAndDearer: CatalogProduct = {
      ...current(cider, orchard),
      name: 'Harvest Cider Reserve',
      pricing: [{ price_per_unit: 950, minimum_unit_count_for_price: 1 }],
    };
    const view = buildCartView(
      cartOf([cider, 1]),
      { buyerKind: 'retail', products: [renamedAndDearer] },
      {},
      null,
    );
    const line = view.groups[0]!.lines[0]!;
    expect(line.name).toBe('Harvest Cider Reserve');
    expect(line.changes).toEqual([
      { kind: 'renamed', was: cider.name },
      { kind: 'price', was: 900, now: 950 },
    ]);
    expect(view.ready).toBe(true);
  });

  it('keeps a product no longer for sale in view, unpriced, and stops checkout until removed', () => {
    const view = buildCartView(
      cartOf([cider, 1], [wine, 1]),
      { buyerKind: 'retail', products: [current(wine, hillside)] },
      {},
      null,
    );
    const [orchardGroup, hillsideGroup] = view.groups;
    expect(orchardGroup!.name).toBe('Orchard Folk');
    expect(orchardGroup!.lines[0]).toMatchObject({
      unitPrice: null,
      lineTotal: null,
      problems: [{ kind: 'unavailable' }],
    });
    expect(orchardGroup!.totals).toBeNull();
    expect(orchardGroup!.reach).toBeNull();
    expect(view.grandTotal).toBe(hillsideGroup!.totals!.total);
    expect(view.ready).toBe(false);
  });

  it('flags a quantity below the lowest tier’s minimum, and leaves it out of the totals', () => {
    const wholesaleOnly: CatalogProduct = {
      ...current(cider, orchard),
      pricing: [{ price_per_unit: 500, minimum_unit_count_for_price: 24 }],
    };
    const view = buildCartView(
      cartOf([cider, 3]),
      { buyerKind: 'wholesale', products: [wholesaleOnly] },
      {},
      null,
    );
    const line = view.groups[0]!.lines[0]!;
    expect(line.problems).toEqual([{ kind: 'below-minimum', minimum: 24 }]);
    expect(describeLineProblem(line.problems[0]!, 'wholesale')).toBe(
      'Below the minimum: order at least 24 units.',
    );
    expect(view.groups[0]!.totals).toBeNull();
    expect(view.ready).toBe(false);
  });

  it('flags a product with no prices left for this buyer, and more than the stock', () => {
    const view = buildCartView(
      cartOf([cider, 5], [perry, 1]),
      {
        buyerKind: 'retail',
        products: [
          { ...current(cider, orchard), stockCount: 3 },
          { ...current(perry, orchard), pricing: [] },
        ],
      },
      {},
      null,
    );
    const [ciderLine, perryLine] = view.groups[0]!.lines;
    expect(ciderLine!.problems).toEqual([{ kind: 'stock', inStock: 3 }]);
    expect(describeLineProblem(ciderLine!.problems[0]!, 'retail')).toBe('Only 3 units in stock.');
    expect(perryLine!.problems).toEqual([{ kind: 'no-price' }]);
    expect(view.ready).toBe(false);
  });

  it('holds back a members-only product from a buyer outside the producer’s clubs', () => {
    const forMembers = { ...current(cider, orchard), membersOnly: true };
    const outsider = buildCartView(
      cartOf([cider, 1]),
      { buyerKind: 'retail', products: [{ ...forMembers, viewerIsMember: false }] },
      {},
      null,
    );
    const [line] = outsider.groups[0]!.lines;
    expect(line!.problems).toEqual([{ kind: 'members-only', producer: 'Orchard Folk' }]);
    expect(describeLineProblem(line!.problems[0]!, 'retail')).toBe(
      'For members of Orchard Folk’s clubs only. Join one, or remove it to continue.',
    );
    expect(outsider.ready).toBe(false);
    const member = buildCartView(
      cartOf([cider, 1]),
      { buyerKind: 'retail', products: [{ ...forMembers, viewerIsMember: true }] },
      {},
      null,
    );
    expect(member.groups[0]!.lines[0]!.problems).toEqual([]);
  });

  it('offers the ways the producer serves this kind of buyer, pickup first unless chosen', () => {
    const cart = cartOf([cider, 1]);
    const retail = buildCartView(cart, retailCatalog, {}, null).groups[0]!;
    expect(retail.modes).toEqual(['pickup', 'delivery', 'ship']);
    expect(retail.mode).toBe('pickup');
    const chosen = buildCartView(cart, retailCatalog, { '3': 'ship' }, null).groups[0]!;
    expect(chosen.mode).toBe('ship');
    const wholesale = buildCartView(
      cart,
      {
        buyerKind: 'wholesale',
        products: [{ ...current(cider, orchard), pricing: cider.wholesalePricing }],
      },
      { '3': 'pickup' },
      null,
    ).groups[0]!;
    expect(wholesale.modes).toEqual(['ship']);
    expect(wholesale.mode).toBe('ship');
  });

  it('tells a wholesale buyer the producer’s invoice terms, and nobody else', () => {
    const onTerms = { ...orchard, wholesale_invoice_terms_days: 30 };
    const cart = cartOf([cider, 1]);
    const wholesale = buildCartView(
      cart,
      {
        buyerKind: 'wholesale',
        products: [{ ...current(cider, onTerms), pricing: cider.wholesalePricing }],
      },
      {},
      null,
    ).groups[0]!;
    expect(wholesale.invoiceTermsDays).toBe(30);
    const retail = buildCartView(
      cart,
      { buyerKind: 'retail', products: [current(cider, onTerms)] },
      {},
      null,
    ).groups[0]!;
    expect(retail.invoiceTermsDays).toBeNull();
    expect(buildCartView(cart, retailCatalog, {}, null).groups[0]!.invoiceTermsDays).toBeNull();
  });

  it('refuses a producer that offers this buyer no way to get the goods', () => {
    const closed = { ...hillside, fulfillment_allow_pickup_retail: false };
    const view = buildCartView(
      cartOf([wine, 1]),
      { buyerKind: 'retail', products: [current(wine, closed)] },
      {},
      null,
    );
    expect(view.groups[0]!.reach).toEqual({
      status: 'refused',
      message:
        'Hillside Cellars does not offer pickup, delivery or shipping to retail buyers right now.',
    });
    expect(view.ready).toBe(false);
  });

  it('checks delivery against the radius once the buyer’s ZIP code is known', () => {
    const cart = cartOf([cider, 1]);
    const reach = (location: BuyerLocation | null) =>
      buildCartView(cart, retailCatalog, { '3': 'delivery' }, location).groups[0]!.reach;
    expect(reach(null)).toEqual({
      status: 'unknown',
      message: 'Enter your ZIP code to check delivery to you.',
    });
    expect(reach(portland)).toEqual({ status: 'ok', message: 'Delivers to Portland, OR.' });
    expect(reach(boise)).toMatchObject({
      status: 'refused',
      message: expect.stringMatching(
        /^Out of delivery range: \d+ miles away, delivers within 25 miles\.$/,
      ),
    });
    expect(buildCartView(cart, retailCatalog, { '3': 'delivery' }, boise).ready).toBe(false);
  });

  it('checks shipping against the states the producer may ship to', () => {
    const cart = cartOf([cider, 1]);
    const reach = (location: BuyerLocation) =>
      buildCartView(cart, retailCatalog, { '3': 'ship' }, location).groups[0]!.reach;
    expect(reach(portland)).toEqual({ status: 'ok', message: 'Ships to Oregon.' });
    expect(reach(boise)).toEqual({
      status: 'refused',
      message: 'Cannot ship to Idaho: licensed to ship to Oregon, Washington.',
    });
  });

  it('shows an empty cart as no groups, nothing to pay and nothing to check out', () => {
    expect(buildCartView(EMPTY_CART, retailCatalog, {}, null)).toEqual({
      buyerKind: 'retail',
      groups: [],
      grandTotal: 0,
      feesPending: false,
      ready: false,
    });
  });
});
