import { feeFor, type BeverageType, type Cents, type PriceTier } from '@bevy/core';
import { fulfillmentFeesOf } from '../businesses/index';
import type { MerchantProduct } from './public-catalog.service';
import { absoluteUrl, productPath } from './public-urls';
import { element, escapeXml } from './xml';

/**
 * Google Merchant Center's product feed (RSS 2.0 with the `g:` namespace): what Google requires
 * of each item, priced at retail only. Products a shopper could not be shown or sold as Google
 * asks (no picture, no retail price) are left out rather than listed with a field missing.
 */

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

const ALCOHOL = 'Food, Beverages & Tobacco > Beverages > Alcoholic Beverages';

/** Google's product taxonomy by beverage type; an alcoholic category is what age-gates the ads. */
const GOOGLE_CATEGORY: Record<BeverageType, string> = {
  Wine: `${ALCOHOL} > Wine`,
  Beer: `${ALCOHOL} > Beer`,
  Cider: `${ALCOHOL} > Hard Cider`,
  Spirit: `${ALCOHOL} > Liquor & Spirits`,
  Cocktail: `${ALCOHOL} > Flavored Alcoholic Beverages`,
  'Hard Kombucha': `${ALCOHOL} > Flavored Alcoholic Beverages`,
  'Hard Seltzer': `${ALCOHOL} > Flavored Alcoholic Beverages`,
};

/** Google's limits on the two texts (characters). */
const MAX_TITLE = 150;
const MAX_DESCRIPTION = 5000;

const clip = (text: string, max: number) => [...text].slice(0, max).join('');

/** "12.34 USD": whole cents written exactly, never through a float. */
export function googlePrice(cents: Cents): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')} USD`;
}

/**
 * What the fewest units a shopper can buy cost at retail: one bottle at the one-unit tier, or, when
 * the producer sells only by several, that many at the lowest-quantity tier (a multipack).
 */
export function smallestRetailPurchase(
  retail: readonly PriceTier[],
): { units: number; cents: Cents } | null {
  const first = [...retail].sort(
    (a, b) => a.minimum_unit_count_for_price - b.minimum_unit_count_for_price,
  )[0];
  if (!first) return null;
  const units = first.minimum_unit_count_for_price;
  return { units, cents: first.price_per_unit * units };
}

export interface FeedSite {
  publicUrl: string;
  /** The channel's title, e.g. "Bevy" or the producer's name. */
  title: string;
  /** The page the channel is about. */
  link: string;
  description: string;
}

/** Shipping of the purchase to each state the producer ships retail orders to. */
function shippingElements({ business }: MerchantProduct, units: number, cents: Cents): string[] {
  if (!business.fulfillment_ship_retail) return [];
  const fees = fulfillmentFeesOf(business);
  const order = { mode: 'ship' as const, producerName: business.name, productSubtotal: cents };
  return [...new Set(business.ship_to_states)].sort().map((state) => {
    const quote = feeFor({ ...order, bottles: units }, fees, {
      producer: null,
      buyer: null,
      state,
    });
    return (
      '<g:shipping>' +
      element('g:country', 'US') +
      element('g:region', state) +
      element('g:service', 'Standard') +
      element('g:price', googlePrice(quote.feeCents ?? 0)) +
      '</g:shipping>'
    );
  });
}

function itemXml(entry: MerchantProduct, site: FeedSite, imageLink: string): string | null {
  const { product, business } = entry;
  const purchase = smallestRetailPurchase(entry.retailTiers);
  if (!purchase) return null;
  const link = new URL(absoluteUrl(site.publicUrl, productPath(business.slug, product.id)));
  link.searchParams.set('utm_source', 'google');
  link.searchParams.set('utm_medium', 'shopping');
  const description =
    product.short_description.trim() ||
    `${product.varietal ?? product.beverage_type} from ${business.name}`;
  const inStock = product.stock_count === null || product.stock_count >= purchase.units;
  const fields = [
    element('g:id', String(product.id)),
    element('g:title', clip(product.name, MAX_TITLE)),
    element('g:description', clip(description, MAX_DESCRIPTION)),
    element('g:link', link.href),
    element('g:image_link', imageLink),
    element('g:availability', inStock ? 'in_stock' : 'out_of_stock'),
    element('g:price', googlePrice(purchase.cents)),
    ...(purchase.units > 1 ? [element('g:multipack', String(purchase.units))] : []),
    element('g:brand', product.produced_by),
    element('g:condition', 'new'),
    element('g:identifier_exists', 'no'),
    element('g:google_product_category', GOOGLE_CATEGORY[product.beverage_type]),
    element(
      'g:product_type',
      [product.beverage_type, product.varietal].filter(Boolean).join(' > '),
    ),
    ...shippingElements(entry, purchase.units, purchase.cents),
  ];
  return `    <item>\n      ${fields.join('\n      ')}\n    </item>\n`;
}

/**
 * The feed of `products`. `imageLinkOf` gives a product picture's absolute URL in a format Google
 * takes, or null when it has none.
 */
export function merchantFeedXml(
  products: readonly MerchantProduct[],
  site: FeedSite,
  imageLinkOf: (entry: MerchantProduct) => string | null,
): string {
  const items = products.flatMap((entry) => {
    const image = imageLinkOf(entry);
    const item = image ? itemXml(entry, site, image) : null;
    return item ? [item] : [];
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">\n  <channel>\n` +
    `    ${element('title', site.title)}\n` +
    `    <link>${escapeXml(site.link)}</link>\n` +
    `    ${element('description', site.description)}\n` +
    items.join('') +
    '  </channel>\n</rss>\n'
  );
}
