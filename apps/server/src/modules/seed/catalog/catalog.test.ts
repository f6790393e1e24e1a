import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BEVERAGE_TYPES, type PriceTier } from '@bevy/core';
import { businessUpdateSchema } from '@bevy/core/business-schemas';
import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { buildDemoCatalog, FEATURE_TAGS, generateProducts } from './index';
import { PRODUCERS_WITH_LOGOS } from './logos';
import { BUSINESS_TYPES } from './types';

const catalog = buildDemoCatalog();
const products = catalog.flatMap((producer) => producer.products);
const webPublic = fileURLToPath(new URL('../../../../../web/public', import.meta.url));

const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function expectValidTiers(tiers: PriceTier[]) {
  expect(tiers.length).toBeGreaterThan(0);
  for (const tier of tiers) {
    expect(Number.isInteger(tier.price_per_unit)).toBe(true);
    expect(tier.price_per_unit).toBeGreaterThan(0);
    expect(Number.isInteger(tier.minimum_unit_count_for_price)).toBe(true);
    expect(tier.minimum_unit_count_for_price).toBeGreaterThanOrEqual(1);
  }
}

describe('demo catalog', () => {
  it('has enough producers across enough states', () => {
    expect(catalog.length).toBeGreaterThanOrEqual(40);
    expect(new Set(catalog.map((producer) => producer.state)).size).toBeGreaterThanOrEqual(15);
  });

  it('has at least 400 products, 9 to 14 per producer', () => {
    expect(products.length).toBeGreaterThanOrEqual(400);
    for (const producer of catalog) {
      expect(producer.products.length).toBeGreaterThanOrEqual(9);
      expect(producer.products.length).toBeLessThanOrEqual(14);
    }
  });

  it('covers every business type and every beverage type among published products', () => {
    const businessTypes = new Set(catalog.flatMap((producer) => producer.businessTypes));
    for (const type of BUSINESS_TYPES) expect([...businessTypes]).toContain(type);
    const published = new Set(
      products.filter((product) => product.status === 'published').map((p) => p.beverageType),
    );
    for (const type of BEVERAGE_TYPES) expect([...published]).toContain(type);
  });

  it('uses unique kebab-case producer slugs', () => {
    const slugs = catalog.map((producer) => producer.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(KEBAB_CASE);
  });

  it('uses unique kebab-case handles within each producer', () => {
    for (const producer of catalog) {
      const handles = producer.products.map((product) => product.handle);
      expect(new Set(handles).size, producer.slug).toBe(handles.length);
      for (const handle of handles) expect(handle).toMatch(KEBAB_CASE);
    }
  });

  it('places every producer at a real zip code of its city and state', () => {
    for (const producer of catalog) {
      const place = zipcodes.lookup(producer.postal_code);
      expect(place, `${producer.slug} ${producer.postal_code}`).toBeDefined();
      expect(place?.city, producer.slug).toBe(producer.locality);
      expect(place?.state, producer.slug).toBe(producer.state);
    }
  });

  it("has a few producers without retail pickup, so the shop's fulfillment filter matters", () => {
    const noRetailPickup = catalog.filter((producer) => !producer.fulfillment.pickupRetail);
    expect(noRetailPickup.map((producer) => producer.slug).sort()).toEqual([
      'fort-point-canning-co',
      'rolling-fork-rickhouse',
      'wicker-park-fizz-co',
    ]);
  });

  it('has well-formed contact, tax and fulfillment details', () => {
    for (const producer of catalog) {
      expect(producer.international_phone_number).toMatch(/^\+1\d{3}55501\d{2}$/);
      if (producer.website !== null)
        expect(producer.website).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(producer.sales_tax_rate).toMatch(/^\d{1,2}\.\d{1,3}$/);
      if (producer.fulfillment.deliverRetail) {
        expect(producer.fulfillment.deliverRetailRadiusMiles).toBeGreaterThanOrEqual(1);
        expect(producer.fulfillment.deliverRetailRadiusMiles).toBeLessThanOrEqual(100);
      }
      if (producer.fulfillment.deliverWholesale) {
        expect(producer.fulfillment.deliverWholesaleRadiusMiles).toBeGreaterThanOrEqual(1);
        expect(producer.fulfillment.deliverWholesaleRadiusMiles).toBeLessThanOrEqual(100);
      }
      for (const tag of producer.featureTags) {
        expect(FEATURE_TAGS as readonly string[]).toContain(tag);
      }
    }
  });

  it('gives most producers that offer pickup valid pickup hours, and some none', () => {
    const withHours = catalog.filter((producer) => producer.pickup_hours !== null);
    expect(withHours.length).toBeGreaterThan(catalog.length * 0.8);
    expect(withHours.length).toBeLessThan(catalog.length);
    for (const producer of withHours) {
      expect(producer.fulfillment.pickupRetail || producer.fulfillment.pickupWholesale).toBe(true);
      const parsed = businessUpdateSchema.parse({ pickup_hours: producer.pickup_hours });
      expect(parsed.pickup_hours, producer.slug).toBe(producer.pickup_hours);
    }
  });

  it('prices in positive integer cents, wholesale below retail', () => {
    for (const product of products) {
      expectValidTiers(product.retail);
      expectValidTiers(product.wholesale);
      const single = product.retail.find((tier) => tier.minimum_unit_count_for_price === 1);
      expect(single, product.handle).toBeDefined();
      const cheapestWholesale = Math.min(...product.wholesale.map((t) => t.price_per_unit));
      expect(cheapestWholesale, product.handle).toBeLessThan(single?.price_per_unit ?? 0);
    }
  });

  it('keeps product attributes in realistic ranges', () => {
    for (const product of products) {
      expect(product.abv, product.handle).toBeGreaterThan(0);
      expect(product.abv, product.handle).toBeLessThanOrEqual(60);
      expect(product.volume_ml, product.handle).toBeGreaterThan(0);
      expect(product.short_description.length, product.handle).toBeGreaterThan(20);
      if (product.vintage !== null) {
        expect(product.vintage).toBeGreaterThanOrEqual(2010);
        expect(product.vintage).toBeLessThanOrEqual(2025);
      }
    }
  });

  it('gives several producers a logo and every producer valid license information', () => {
    const withLogos = catalog.filter((producer) => producer.logoImgUrl !== null);
    expect(withLogos.length).toBe(PRODUCERS_WITH_LOGOS.size);
    expect(withLogos.length).toBeGreaterThanOrEqual(10);
    for (const producer of catalog) {
      const parsed = businessUpdateSchema.parse({
        license_info: producer.license_info,
        logoImgUrl: producer.logoImgUrl,
      });
      expect(parsed, producer.slug).toEqual({
        license_info: producer.license_info,
        logoImgUrl: producer.logoImgUrl,
      });
    }
  });

  it('is deterministic', () => {
    expect(buildDemoCatalog()).toEqual(catalog);
  });

  it('points every image at a file under apps/web/public', () => {
    const urls = new Set<string>();
    for (const producer of catalog) {
      if (producer.heroImgUrl) urls.add(producer.heroImgUrl);
      if (producer.logoImgUrl) urls.add(producer.logoImgUrl);
      for (const product of producer.products) {
        if (product.bottleImageUrl) urls.add(product.bottleImageUrl);
      }
    }
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      expect(url).toMatch(/^\/art\//);
      expect(existsSync(`${webPublic}${url}`), url).toBe(true);
    }
  });
});

describe('generateProducts', () => {
  const producer = {
    slug: 'benchmark-brewing',
    name: 'Benchmark Brewing',
    businessTypes: ['Brewery', 'Cidery'] as const,
  };

  it('returns the requested number of products with unique handles', () => {
    const generated = generateProducts(
      { ...producer, businessTypes: [...producer.businessTypes] },
      1000,
      1,
    );
    expect(generated).toHaveLength(1000);
    expect(new Set(generated.map((product) => product.handle)).size).toBe(1000);
  });

  it('depends only on the producer slug and the seed', () => {
    const input = { ...producer, businessTypes: [...producer.businessTypes] };
    expect(generateProducts(input, 50, 3)).toEqual(generateProducts(input, 50, 3));
    expect(generateProducts(input, 50, 3)).not.toEqual(generateProducts(input, 50, 4));
  });

  it('keeps handles unique far beyond the name space of one producer', () => {
    const generated = generateProducts(
      { slug: 'big-seltzer', name: 'Big Seltzer', businessTypes: ['Seltzer Maker'] },
      5000,
      1,
    );
    expect(new Set(generated.map((product) => product.handle)).size).toBe(5000);
  });
});
