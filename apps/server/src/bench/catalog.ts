// A deterministic catalog of N product documents, in memory, for the search benchmark. The
// products' own fields (names, descriptions, varietals, vintages, closures, formats, volumes, ABV)
// come from the demo catalog's generators, so the words repeat the way the shop's do; producers
// are made here, thousands of them, with Zipf-like sizes so a few producers, places and varietals
// dominate, as in a real marketplace.
import { US_STATE_CODES } from '@bevy/core';
import zipcodes, { type ZipCodeInfo } from 'zipcodes';
import {
  generateProducts,
  hashString,
  mulberry32,
  pick,
  slugify,
  weighted,
  type BusinessType,
  type ProductSource,
  type Rng,
} from '../modules/seed/index';
import type { ProductDocument } from '../modules/search/index';

export interface BenchProducer {
  id: number;
  name: string;
  slug: string;
  businessTypes: BusinessType[];
  state: string;
  locality: string;
  zip: string;
  lat: number;
  lng: number;
  productCount: number;
}

export interface BenchCatalog {
  producers: BenchProducer[];
  documents: ProductDocument[];
}

/** Zip codes where producers cluster (wine country, beer towns), most crowded first. */
const HOTSPOT_ZIPS = [
  '94558', // Napa
  '97201', // Portland OR
  '95476', // Sonoma
  '80202', // Denver
  '93446', // Paso Robles
  '28801', // Asheville
  '98101', // Seattle
  '97115', // Dundee
  '99362', // Walla Walla
  '78624', // Fredericksburg TX
  '14456', // Geneva NY (Finger Lakes)
  '49684', // Traverse City
  '92101', // San Diego
  '05401', // Burlington VT
  '04101', // Portland ME
  '22902', // Charlottesville
  '40004', // Bardstown
  '60601', // Chicago
  '11201', // Brooklyn
  '97701', // Bend
  '78701', // Austin
  '80302', // Boulder
  '49503', // Grand Rapids
  '97031', // Hood River
  '95448', // Healdsburg
];

const BUSINESS_TYPE_WEIGHTS: readonly (readonly [BusinessType, number])[] = [
  ['Winery', 38],
  ['Brewery', 32],
  ['Distillery', 10],
  ['Cidery', 8],
  ['Meadery', 3],
  ['Cocktail Maker', 3],
  ['Kombucha Brewery', 3],
  ['Seltzer Maker', 3],
];

const NAME_FIRST = [
  'Hawk',
  'Cedar',
  'Copper',
  'Iron',
  'Golden',
  'Silver',
  'Red',
  'Black',
  'Blue',
  'Green',
  'Old',
  'Wild',
  'Stone',
  'River',
  'Oak',
  'Pine',
  'Willow',
  'Fox',
  'Bear',
  'Eagle',
  'Raven',
  'Elk',
  'Wolf',
  'Maple',
  'Birch',
  'Juniper',
  'Sage',
  'Thistle',
  'Clover',
  'Harvest',
  'Lantern',
  'Anchor',
  'Compass',
  'Summit',
  'Prairie',
  'Canyon',
  'Mesa',
  'Harbor',
  'Tide',
  'Heron',
  'Quail',
  'Bramble',
  'Saddle',
  'Cobalt',
  'Amber',
  'Flint',
  'Granite',
  'Lone',
  'Twin',
  'Crooked',
  'Château',
  'Peña',
];

const NAME_SECOND = [
  'Ridge',
  'Creek',
  'Hill',
  'Hollow',
  'Field',
  'Grove',
  'Springs',
  'Crossing',
  'Bend',
  'Point',
  'Peak',
  'Run',
  'Lake',
  'Barn',
  'Mill',
  'Gate',
  'Trail',
  'Rock',
  'Branch',
  'Fork',
  'Bluff',
  'Meadow',
  'Orchard',
  'Canyon',
];

const SURNAMES = [
  'Miller',
  'Johnson',
  'Garcia',
  'Nguyen',
  "O'Brien",
  'Schmidt',
  'Rossi',
  'Martínez',
  'Larsen',
  'Kowalski',
  'Dubois',
  'Okafor',
  'Tanaka',
  'Walsh',
  'Fischer',
  'Hernández',
  'Bauer',
  'Lindqvist',
  'Moreau',
  'Kaplan',
];

const SUFFIXES: Record<BusinessType, readonly string[]> = {
  Winery: ['Winery', 'Cellars', 'Vineyards', 'Wine Co.', 'Estate', 'Family Wines'],
  Brewery: ['Brewing', 'Brewing Co.', 'Brewery', 'Beer Works', 'Ales', 'Brewhouse'],
  Cidery: ['Cider', 'Cidery', 'Cider House', 'Orchards'],
  Distillery: ['Distilling', 'Distillery', 'Spirits', 'Still House'],
  Meadery: ['Meadery', 'Mead Co.', 'Honey Wine'],
  'Cocktail Maker': ['Cocktail Co.', 'Canned Cocktails', 'Mixers'],
  'Kombucha Brewery': ['Kombucha', 'Booch Co.'],
  'Seltzer Maker': ['Seltzer Co.', 'Hard Seltzer'],
};

/** How many producers a catalog of `size` products has: thousands from 10k products up. */
export function producerCountFor(size: number): number {
  return Math.max(20, Math.min(Math.round(Math.sqrt(size) * 16), 20_000, size));
}

/**
 * Splits `total` over `count` ranks with weights 1/(rank+1)^exponent (largest remainders), so the
 * first producers are large and the tail is long, as in a real marketplace.
 */
function zipfShares(total: number, count: number, exponent: number): number[] {
  const weights = Array.from({ length: count }, (_, rank) => 1 / (rank + 1) ** exponent);
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (weight / sum) * total);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((value, index) => [value - Math.floor(value), index] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, index] of byRemainder) {
    if (left-- <= 0) break;
    shares[index]!++;
  }
  return shares;
}

interface ZipPlace {
  zip: string;
  lat: number;
  lng: number;
  city: string;
  state: string;
}

let usZips: ZipPlace[] | undefined;

/** Every US zip code with coordinates, in zip order (so the catalog is the same everywhere). */
export function usZipPlaces(): ZipPlace[] {
  if (!usZips) {
    const states = new Set<string>(US_STATE_CODES);
    // The package's full table; the project's type declaration only covers lookups.
    const table = (zipcodes as unknown as { codes: Record<string, ZipCodeInfo> }).codes;
    usZips = Object.values(table)
      .filter(
        (place) =>
          place.country === 'US' &&
          states.has(place.state) &&
          Number.isFinite(place.latitude) &&
          Number.isFinite(place.longitude),
      )
      .map((place) => ({
        zip: place.zip,
        lat: place.latitude,
        lng: place.longitude,
        city: place.city,
        state: place.state,
      }))
      .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  }
  return usZips;
}

/** A point `maxKm` or less from `place`, in a random direction. */
export function jitter(rng: Rng, lat: number, lng: number, maxKm: number) {
  const distance = rng() * maxKm * 1000;
  const bearing = rng() * 2 * Math.PI;
  const dLat = (distance * Math.cos(bearing)) / 111_320;
  const dLng = (distance * Math.sin(bearing)) / (111_320 * Math.cos((lat * Math.PI) / 180));
  // Rounded like geocoded addresses, and so PostgreSQL's float8 holds exactly the same number.
  return { lat: Math.round((lat + dLat) * 1e6) / 1e6, lng: Math.round((lng + dLng) * 1e6) / 1e6 };
}

function producerName(rng: Rng, type: BusinessType, place: ZipPlace): string {
  const suffix = pick(rng, SUFFIXES[type]);
  const style = rng();
  if (style < 0.55) return `${pick(rng, NAME_FIRST)} ${pick(rng, NAME_SECOND)} ${suffix}`;
  if (style < 0.8) return `${pick(rng, SURNAMES)} ${suffix}`;
  if (style < 0.9) return `${pick(rng, SURNAMES)} & ${pick(rng, SURNAMES)} ${suffix}`;
  return `${titleCase(place.city)} ${suffix}`;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

function makeProducers(rng: Rng, count: number, shares: number[]): BenchProducer[] {
  const zips = usZipPlaces();
  const byZip = new Map(zips.map((place) => [place.zip, place]));
  const hotspots = HOTSPOT_ZIPS.map((zip) => byZip.get(zip)).filter(
    (place): place is ZipPlace => place !== undefined,
  );
  const hotspotWeights = hotspots.map((place, rank) => [place, 1 / (rank + 1)] as const);
  const names = new Set<string>();
  const slugs = new Set<string>();
  const producers: BenchProducer[] = [];
  for (let index = 0; index < count; index++) {
    // Over half the producers sit in a few regions, the rest anywhere in the country.
    const nearHotspot = rng() < 0.55;
    const place = nearHotspot ? weighted(rng, hotspotWeights) : pick(rng, zips);
    const point = jitter(rng, place.lat, place.lng, nearHotspot ? 40 : 3);
    const first = weighted(rng, BUSINESS_TYPE_WEIGHTS);
    const businessTypes: BusinessType[] = [first];
    if (rng() < 0.12) {
      const second = weighted(rng, BUSINESS_TYPE_WEIGHTS);
      if (second !== first) businessTypes.push(second);
    }
    let name = producerName(rng, first, place);
    for (let tries = 0; names.has(name) && tries < 20; tries++) {
      name = producerName(rng, first, place);
    }
    if (names.has(name)) name = `${name} of ${titleCase(place.city)}`;
    for (let lot = 2; names.has(name); lot++) name = `${name.replace(/ \d+$/, '')} ${lot}`;
    names.add(name);
    let slug = slugify(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugify(name)}-${n}`;
    slugs.add(slug);
    producers.push({
      id: index + 1,
      name,
      slug,
      businessTypes,
      state: place.state,
      locality: titleCase(place.city),
      zip: place.zip,
      lat: point.lat,
      lng: point.lng,
      productCount: shares[index]!,
    });
  }
  return producers;
}

const RADII_MILES = [10, 15, 25, 25, 30, 50, 50, 75, 100];

/**
 * `size` product documents shaped like loadProductDocuments' output, the same for the same size
 * and seed.
 */
export function generateCatalog(size: number, seed = 42): BenchCatalog {
  const rng = mulberry32(hashString(`bench-${seed}-${size}`));
  const count = producerCountFor(size);
  const producers = makeProducers(rng, count, zipfShares(size, count, 0.85));
  const documents: ProductDocument[] = [];
  for (const producer of producers) {
    const flags = {
      fulfillment_allow_pickup_retail: rng() < 0.8,
      fulfillment_allow_pickup_wholesale: rng() < 0.5,
      fulfillment_deliver_retail: rng() < 0.4,
      fulfillment_deliver_wholesale: rng() < 0.35,
      fulfillment_ship_retail: rng() < 0.3,
      fulfillment_ship_wholesale: rng() < 0.2,
    };
    const shipsTo = flags.fulfillment_ship_retail || flags.fulfillment_ship_wholesale;
    const shipToStates = shipsTo
      ? [
          ...new Set([
            producer.state,
            ...Array.from({ length: 5 }, () => pick(rng, US_STATE_CODES)),
          ]),
        ]
      : [];
    const source: ProductSource = {
      slug: producer.slug,
      name: producer.name,
      businessTypes: producer.businessTypes,
      state: producer.state,
      locality: producer.locality,
    };
    const geoloc = { lat: producer.lat, lng: producer.lng };
    const deliverRetailRadius = flags.fulfillment_deliver_retail ? pick(rng, RADII_MILES) : null;
    const deliverWholesaleRadius = flags.fulfillment_deliver_wholesale
      ? pick(rng, RADII_MILES)
      : null;
    for (const product of generateProducts(source, producer.productCount, seed)) {
      documents.push({
        objectID: String(documents.length + 1),
        name: product.name,
        short_description: product.short_description,
        bottleImageUrl: product.bottleImageUrl,
        hasImage: product.bottleImageUrl !== null,
        productType: product.beverageType,
        producedBy: producer.name,
        producedByBusinessId: producer.id,
        businessName: producer.name,
        slug: producer.slug,
        'Beverage Type': [product.beverageType],
        'Produced By': producer.name,
        Varietal: product.varietal,
        Vintage: product.vintage,
        'Closure Style': product.closure_style,
        Format: product.format,
        Volume: product.volume_ml,
        ABV: product.abv,
        _geoloc: geoloc,
        ...flags,
        fulfillment_deliver_retail_radius_miles: deliverRetailRadius,
        fulfillment_deliver_wholesale_radius_miles: deliverWholesaleRadius,
        ship_to_states: shipToStates,
        retailPricing: product.retail,
        wholesalePricing: product.wholesale,
      });
    }
  }
  return { producers, documents };
}
