import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { App } from '../../app';
import { gql } from '../../test/graphql-client';

/** For the feeds' tests: a strict XML reading of a document, and products made as a seller makes them. */

/** Elements that may repeat, read as arrays even when there is one. */
const REPEATED = new Set(['url', 'sitemap', 'item', 'g:shipping']);

/** The document as objects; throws when it is not well-formed XML. */
export function parseXml(xml: string): Record<string, unknown> {
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw new Error(`not well-formed XML: ${JSON.stringify(verdict.err)}`);
  return new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    isArray: (name) => REPEATED.has(name),
  }).parse(xml) as Record<string, unknown>;
}

/** A sitemap's (or sitemap index's) `<loc>`s. */
export function locsOf(xml: string): string[] {
  const doc = parseXml(xml) as {
    urlset?: { url?: { loc: string }[] };
    sitemapindex?: { sitemap?: { loc: string }[] };
  };
  return (doc.urlset?.url ?? doc.sitemapindex?.sitemap ?? []).map((entry) => entry.loc);
}

export type FeedItem = Record<string, string | { [field: string]: string }[]>;

/** A Merchant Center feed's items. */
export function itemsOf(xml: string): FeedItem[] {
  const doc = parseXml(xml) as {
    rss: { '@_xmlns:g': string; channel: { item?: FeedItem[] } };
  };
  if (doc.rss['@_xmlns:g'] !== 'http://base.google.com/ns/1.0') throw new Error('no g: namespace');
  return doc.rss.channel.item ?? [];
}

const CREATE = `mutation($slug: String!, $input: ProductInput!) { createProduct(slug: $slug, input: $input) { id } }`;
const UPDATE = `mutation($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { id } }`;

export const productInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Feed Test Pinot Noir',
  beverageType: 'Wine',
  shortDescription: 'Cherry and forest floor.',
  varietal: 'Pinot Noir',
  vintage: 2022,
  volumeMl: 750,
  bottleImageUrl: '/art/bottles/wine-red.svg',
  retailTiers: [
    { minimum_unit_count_for_price: 1, price: 32 },
    { minimum_unit_count_for_price: 6, price: 29.5 },
  ],
  wholesaleTiers: [],
  status: 'published',
  ...overrides,
});

/** Creates a product through the API as the seller; returns its id. */
export async function createProduct(
  app: App,
  cookie: string,
  slug: string,
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const result = await gql(app, CREATE, { slug, input: productInput(overrides) }, { cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
  return (result.body.data!.createProduct as { id: number }).id;
}

/** Replaces a product through the API as the seller. */
export async function updateProduct(
  app: App,
  cookie: string,
  id: number,
  overrides: Record<string, unknown>,
): Promise<void> {
  const result = await gql(app, UPDATE, { id, input: productInput(overrides) }, { cookie });
  if (result.body.errors) throw new Error(JSON.stringify(result.body.errors));
}
