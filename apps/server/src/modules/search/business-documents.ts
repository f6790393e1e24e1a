import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FulfillmentOffer } from '@bevy/core';
import type { SearchDocument } from '@bevy/search';
import type { Db } from '../../db/client';
import { addresses, businessTags, businesses, products, tags } from '../../db/tables';
import { fulfillmentOfferOf } from '../businesses/index';
import { BUSINESS_TYPE_CATEGORY } from '../tags/index';

/** Facet attributes of the business index; productCount is one so it can be filtered on. */
export const BUSINESS_FACETS = [
  'types',
  'beverageTypes',
  'state',
  'slug',
  'productCount',
  'fulfillment_allow_pickup_retail',
  'fulfillment_allow_pickup_wholesale',
  'fulfillment_deliver_retail',
  'fulfillment_deliver_wholesale',
  'fulfillment_ship_retail',
  'fulfillment_ship_wholesale',
  'ship_to_states',
] as const;

export const BUSINESS_INDEX_SETTINGS = {
  searchableAttributes: ['name', 'types', 'city', 'beverageTypes'],
  attributesForFaceting: [...BUSINESS_FACETS],
  customRanking: ['desc(productCount)', 'asc(name)'],
  attributeForDistinct: 'objectID',
};

/**
 * A business as the business index holds it: who they are, where, and what they offer. Only
 * public profile fields: no prices, tax rate, payment account or contact details.
 */
export type BusinessDocument = SearchDocument & {
  businessId: number;
  name: string;
  slug: string;
  logoImgUrl: string | null;
  heroImgUrl: string | null;
  city: string | null;
  /** The state's postal code, e.g. 'OR'. */
  state: string | null;
  _geoloc: { lat: number; lng: number } | null;
  /** Its 'Business Type' tags, e.g. Winery, Brewery. */
  types: string[];
  /** Beverage types of its published products. */
  beverageTypes: string[];
  /** The 'Produced By' names its published products carry (usually just its own name). */
  producedBy: string[];
  productCount: number;
} & FulfillmentOffer;

function groupBy<Row, Value>(
  rows: readonly Row[],
  keyOf: (row: Row) => number,
  valueOf: (row: Row) => Value,
): Map<number, Value[]> {
  const groups = new Map<number, Value[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(valueOf(row));
    else groups.set(key, [valueOf(row)]);
  }
  return groups;
}

const distinctSorted = (values: readonly string[]) =>
  [...new Set(values)].sort((a, b) => a.localeCompare(b));

/** Builds business documents for every business, or for one. */
export async function loadBusinessDocuments(
  db: Db,
  scope: { businessId?: number } = {},
): Promise<BusinessDocument[]> {
  const only = (businessIdColumn: AnyPgColumn) =>
    scope.businessId === undefined ? undefined : eq(businessIdColumn, scope.businessId);

  const rows = await db
    .select()
    .from(businesses)
    .where(only(businesses.id))
    .orderBy(asc(businesses.id));
  if (rows.length === 0) return [];

  // The first address is the business's location, as for its products' _geoloc.
  const places = await db
    .select({
      business_id: addresses.business_id,
      city: addresses.locality,
      state: addresses.administrative_area_level_1,
      lat: addresses.latitude,
      lng: addresses.longitude,
    })
    .from(addresses)
    .where(only(addresses.business_id))
    .orderBy(asc(addresses.created_at));
  const placeByBusiness = new Map<number, (typeof places)[number]>();
  for (const place of places) {
    if (!placeByBusiness.has(place.business_id)) placeByBusiness.set(place.business_id, place);
  }

  const category = alias(tags, 'category');
  const typeRows = await db
    .select({ business_id: businessTags.business_id, name: tags.name })
    .from(businessTags)
    .innerJoin(tags, eq(tags.id, businessTags.tag_id))
    .innerJoin(category, eq(category.id, tags.categorized_by_id))
    .where(
      and(
        eq(category.name, BUSINESS_TYPE_CATEGORY),
        isNull(category.categorized_by_id),
        only(businessTags.business_id),
      ),
    );
  const typesByBusiness = groupBy(
    typeRows,
    (row) => row.business_id,
    (row) => row.name,
  );

  const offerRows = await db
    .select({
      business_id: products.business_id,
      produced_by: products.produced_by,
      beverage_type: products.beverage_type,
      products: count(),
    })
    .from(products)
    .where(and(eq(products.status, 'published'), only(products.business_id)))
    .groupBy(products.business_id, products.produced_by, products.beverage_type);
  const offersByBusiness = groupBy(
    offerRows,
    (row) => row.business_id,
    (row) => row,
  );

  return rows.map((business) => {
    const place = placeByBusiness.get(business.id);
    const offers = offersByBusiness.get(business.id) ?? [];
    return {
      objectID: String(business.id),
      businessId: business.id,
      name: business.name,
      slug: business.slug,
      logoImgUrl: business.logo_img_url,
      heroImgUrl: business.hero_img_url,
      city: place?.city ?? null,
      state: place?.state ?? null,
      _geoloc:
        place && place.lat !== null && place.lng !== null
          ? { lat: place.lat, lng: place.lng }
          : null,
      types: distinctSorted(typesByBusiness.get(business.id) ?? []),
      beverageTypes: distinctSorted(offers.map((offer) => offer.beverage_type)),
      producedBy: distinctSorted(offers.map((offer) => offer.produced_by)),
      productCount: offers.reduce((sum, offer) => sum + offer.products, 0),
      ...fulfillmentOfferOf(business),
    };
  });
}
