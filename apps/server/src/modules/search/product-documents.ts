import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BuyerKind, PriceTier, ProductHitWithFees } from '@bevy/core';
import type { SearchDocument } from '@bevy/search';
import type { Db } from '../../db/client';
import { addresses, businesses, priceTiers, products } from '../../db/tables';
import { fulfillmentFeesOf, fulfillmentOfferOf } from '../businesses/index';
import {
  DELIVERY_REACH_FACETS,
  PRODUCT_SORTABLE_ATTRIBUTES,
  sortAndReachFieldsOf,
  WHOLESALE_ONLY_ATTRIBUTES,
} from './product-sort-keys';

/** Facet attributes, with the original's display names as attribute names. */
export const PRODUCT_FACETS = [
  'Beverage Type',
  'Produced By',
  'Varietal',
  'Vintage',
  'Closure Style',
  'Format',
  'Volume',
  'ABV',
  'slug',
  'fulfillment_allow_pickup_retail',
  'fulfillment_allow_pickup_wholesale',
  'fulfillment_deliver_retail',
  'fulfillment_deliver_wholesale',
  'fulfillment_ship_retail',
  'fulfillment_ship_wholesale',
  'ship_to_states',
] as const;

export const PRODUCT_INDEX_SETTINGS = {
  searchableAttributes: [
    'name',
    'Produced By',
    'Varietal',
    'Beverage Type',
    'businessName',
    'short_description',
  ],
  attributesForFaceting: [...PRODUCT_FACETS, ...DELIVERY_REACH_FACETS],
  customRanking: ['desc(hasImage)', 'asc(name)'],
  attributeForDistinct: 'objectID',
  sortableAttributes: PRODUCT_SORTABLE_ATTRIBUTES,
};

export type ProductDocument = SearchDocument & ProductHitWithFees;

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * Builds search documents for every published product, or those of one business. It selects by
 * join, never by listing ids, so it works for catalogs of any size.
 */
export async function loadProductDocuments(
  db: Db,
  scope: { businessId?: number } = {},
): Promise<ProductDocument[]> {
  const wanted = and(
    eq(products.status, 'published'),
    scope.businessId === undefined ? undefined : eq(products.business_id, scope.businessId),
  );
  const producing = db.selectDistinct({ id: products.business_id }).from(products).where(wanted);
  // Only the columns documents use, and each business once: its row (with JSON fee tables)
  // repeated for every product was most of a large catalog's load time.
  const published = await db
    .select({
      id: products.id,
      business_id: products.business_id,
      name: products.name,
      short_description: products.short_description,
      bottle_image_url: products.bottle_image_url,
      members_only: products.members_only,
      beverage_type: products.beverage_type,
      produced_by: products.produced_by,
      varietal: products.varietal,
      vintage: products.vintage,
      closure_style: products.closure_style,
      format: products.format,
      volume_ml: products.volume_ml,
      abv: products.abv,
      created_at: products.created_at,
    })
    .from(products)
    .where(wanted)
    .orderBy(asc(products.id));
  if (published.length === 0) return [];

  const producers = await db.select().from(businesses).where(inArray(businesses.id, producing));
  const locations = await db
    .select({
      business_id: addresses.business_id,
      lat: addresses.latitude,
      lng: addresses.longitude,
    })
    .from(addresses)
    .where(inArray(addresses.business_id, producing))
    .orderBy(asc(addresses.created_at));
  const geolocByBusiness = new Map<number, { lat: number; lng: number }>();
  for (const location of locations) {
    if (location.lat === null || location.lng === null) continue;
    if (!geolocByBusiness.has(location.business_id)) {
      geolocByBusiness.set(location.business_id, { lat: location.lat, lng: location.lng });
    }
  }
  const producerById = new Map(
    producers.map((business) => [
      business.id,
      {
        business,
        offer: fulfillmentOfferOf(business),
        fees: fulfillmentFeesOf(business),
        geoloc: geolocByBusiness.get(business.id) ?? null,
      },
    ]),
  );

  const tiers = await db
    .select({
      product_id: priceTiers.product_id,
      channel: priceTiers.channel,
      price_per_unit: priceTiers.price_per_unit,
      minimum_unit_count_for_price: priceTiers.minimum_unit_count_for_price,
    })
    .from(priceTiers)
    .innerJoin(products, eq(products.id, priceTiers.product_id))
    .where(wanted)
    .orderBy(asc(priceTiers.minimum_unit_count_for_price));
  const tiersByProduct = new Map<number, { retail: PriceTier[]; wholesale: PriceTier[] }>();
  for (const tier of tiers) {
    let entry = tiersByProduct.get(tier.product_id);
    if (!entry) {
      entry = { retail: [], wholesale: [] };
      tiersByProduct.set(tier.product_id, entry);
    }
    entry[tier.channel].push({
      price_per_unit: tier.price_per_unit,
      minimum_unit_count_for_price: tier.minimum_unit_count_for_price,
    });
  }

  return published.map((product) => {
    const productTiers = tiersByProduct.get(product.id) ?? { retail: [], wholesale: [] };
    // Inner join semantics: a product's business always exists (foreign key).
    const { business, offer, fees, geoloc } = producerById.get(product.business_id)!;
    return {
      objectID: String(product.id),
      name: product.name,
      short_description: product.short_description,
      bottleImageUrl: product.bottle_image_url,
      hasImage: product.bottle_image_url !== null,
      membersOnly: product.members_only,
      productType: product.beverage_type,
      producedBy: product.produced_by,
      producedByBusinessId: business.id,
      businessName: business.name,
      slug: business.slug,
      'Beverage Type': [product.beverage_type],
      'Produced By': product.produced_by,
      Varietal: product.varietal,
      Vintage: product.vintage,
      'Closure Style': product.closure_style,
      Format: product.format,
      Volume: product.volume_ml,
      ABV: toNumber(product.abv),
      _geoloc: geoloc,
      ...offer,
      retailPricing: productTiers.retail,
      wholesalePricing: productTiers.wholesale,
      fulfillment_fees: fees,
      ...sortAndReachFieldsOf(product.created_at, offer, productTiers),
    };
  });
}

/**
 * What a buyer of this kind may see of a document: wholesale tiers (and the lowest wholesale
 * price) only for wholesale buyers.
 */
export function projectForBuyer(document: SearchDocument, buyer: BuyerKind): SearchDocument {
  if (buyer === 'wholesale') return document;
  const visible: SearchDocument = { ...document, wholesalePricing: [] };
  for (const attribute of WHOLESALE_ONLY_ATTRIBUTES) {
    if (attribute !== 'wholesalePricing') delete visible[attribute];
  }
  return visible;
}
