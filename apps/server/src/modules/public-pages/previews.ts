import { formatCents, formatEventWhen } from '@bevy/core';
import type { Db } from '../../db/client';
import { businessJsonLd, clubJsonLd, eventJsonLd, price, productJsonLd } from './json-ld';
import {
  businessBySlug,
  publicClub,
  publicEvent,
  publicProduct,
  type PublicBusiness,
} from './page-data';
import type { PublicPage } from './page-routes';
import {
  businessCard,
  cardVersion,
  clubCard,
  eventCard,
  productCard,
  type ShareCard,
} from './share-card';
import {
  businessUrl,
  clubUrl,
  eventUrl,
  productUrl,
  shareImageUrl,
  siteImageUrl,
  type ShareKind,
} from './urls';

/** What a public page's link preview, structured data and oEmbed answer say about it. */
export interface Preview {
  kind: ShareKind;
  title: string;
  description: string;
  /** The canonical, absolute address of the page, without query string. */
  url: string;
  ogType: 'product' | 'website';
  image: { url: string; alt: string };
  jsonLd: Record<string, unknown>;
  /** Extra Open Graph properties (a product's retail price). */
  og: [string, string][];
  /** Who made it, for oEmbed's author. */
  author: { name: string; url: string };
  /** The attributes of the embed widget (apps/web/src/embed) showing it, for oEmbed's html. */
  embed: Record<string, string>;
  /** Whether it says "in stock" of a product whose stock is counted (sales change it). */
  showsCountedStock?: boolean;
  /** Whether search engines may index it (an unlisted event previews, but is not indexed). */
  listed: boolean;
  /**
   * The picture across the top of the page (a business's hero), as the page's <img> names it:
   * the browser may fetch it with the scripts rather than after the page has drawn.
   */
  leadImage?: string | null;
}

export interface PreviewContext {
  db: Db;
  origin: string;
  siteName: string;
  now: Date;
}

/** One line of at most `max` characters, cut at a word. */
export function summary(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

interface PreviewParts extends Pick<
  Preview,
  'kind' | 'title' | 'description' | 'url' | 'embed' | 'showsCountedStock'
> {
  /** How the share image's URL names it. */
  key: string | number;
  card: ShareCard;
  photoPath: string | null;
  business: PublicBusiness;
  alt: string;
  jsonLd: (images: string[]) => Record<string, unknown>;
  ogType?: Preview['ogType'];
  og?: Preview['og'];
  listed?: boolean;
  leadImage?: string | null;
}

/** A preview from its parts: the share image (after the photo, if any) and the producer. */
function assemble(ctx: PreviewContext, parts: PreviewParts): Preview {
  const image = shareImageUrl(ctx.origin, parts.kind, parts.key, cardVersion(parts.card));
  const photo = siteImageUrl(ctx.origin, parts.photoPath);
  return {
    kind: parts.kind,
    title: parts.title,
    description: summary(parts.description),
    url: parts.url,
    ogType: parts.ogType ?? 'website',
    image: { url: image, alt: parts.alt },
    // Google reads no SVG: our drawn art stays out, the share image (a PNG) is always there.
    jsonLd: parts.jsonLd(photo && !photo.endsWith('.svg') ? [photo, image] : [image]),
    og: parts.og ?? [],
    author: { name: parts.business.name, url: businessUrl(ctx.origin, parts.business.slug) },
    embed: parts.embed,
    listed: parts.listed ?? true,
    showsCountedStock: parts.showsCountedStock ?? false,
    leadImage: parts.leadImage ?? null,
  };
}

/** The preview of a public page, or null when there is no such thing for a visitor to see. */
export async function previewOf(ctx: PreviewContext, page: PublicPage): Promise<Preview | null> {
  switch (page.kind) {
    case 'product':
      return productPreview(ctx, page.id, page.slug);
    case 'business':
      return businessPreview(ctx, page.slug);
    case 'event':
      return eventPreview(ctx, page.key);
    case 'club':
      return clubPreview(ctx, { businessSlug: page.slug, club: page.club });
    default:
      return null;
  }
}

export async function productPreview(ctx: PreviewContext, id: number, slug?: string) {
  const product = await publicProduct(ctx.db, id, slug);
  if (!product) return null;
  const url = productUrl(ctx.origin, product.business.slug, product.id);
  const cents = product.retailCents;
  const priced = cents === null ? '' : `, ${formatCents(cents)}`;
  const byline = `${product.name} by ${product.producedBy}`;
  return assemble(ctx, {
    kind: 'product',
    key: product.id,
    card: productCard(product, ctx.siteName),
    photoPath: product.imagePath,
    business: product.business,
    title: byline,
    description:
      product.description ||
      `${product.beverageType} by ${product.producedBy}${priced}. Buy direct from ${product.business.name}.`,
    url,
    alt: byline,
    ogType: 'product',
    og:
      cents === null
        ? []
        : [
            ['product:price:amount', price(cents)],
            ['product:price:currency', 'USD'],
            ['product:availability', product.inStock ? 'in stock' : 'out of stock'],
          ],
    jsonLd: (images) => productJsonLd(ctx.origin, product, url, images),
    embed: { business: product.business.slug, mode: 'product', product: String(product.id) },
    showsCountedStock: product.stockCounted,
  });
}

export async function businessPreview(ctx: PreviewContext, slug: string) {
  const business = await businessBySlug(ctx.db, slug);
  if (!business) return null;
  return assemble(ctx, {
    kind: 'business',
    key: business.slug,
    card: businessCard(business, ctx.siteName),
    photoPath: null,
    business,
    title: business.name,
    description: business.description || `Buy direct from ${business.name} on ${ctx.siteName}.`,
    url: businessUrl(ctx.origin, business.slug),
    alt: business.name,
    jsonLd: () => businessJsonLd(ctx.origin, business),
    embed: { business: business.slug, mode: 'products' },
    leadImage: business.heroPath,
  });
}

export async function eventPreview(ctx: PreviewContext, key: string) {
  const event = await publicEvent(ctx.db, key, ctx.now);
  if (!event) return null;
  const url = eventUrl(ctx.origin, event.urlKey);
  const when = formatEventWhen(event.startsAt, event.endsAt, event.timeZone);
  const where = `${event.venueName ?? event.business.name}, ${event.venue.city}, ${event.venue.state}`;
  return assemble(ctx, {
    kind: 'event',
    key: event.urlKey,
    card: eventCard(event, ctx.siteName),
    photoPath: event.imagePath,
    business: event.business,
    title: `${event.cancelled ? 'Cancelled: ' : ''}${event.title}`,
    description: `${when} at ${where}. ${event.description}`,
    url,
    alt: event.title,
    jsonLd: (images) => eventJsonLd(ctx.origin, event, url, images),
    // The widget lists a producer's upcoming events; it has no single-event view.
    embed: { business: event.business.slug, mode: 'events' },
    listed: event.listed,
  });
}

export async function clubPreview(ctx: PreviewContext, where: Parameters<typeof publicClub>[1]) {
  const club = await publicClub(ctx.db, where);
  if (!club) return null;
  const url = clubUrl(ctx.origin, club.business.slug, club.slug);
  return assemble(ctx, {
    kind: 'club',
    key: club.id,
    card: clubCard(club, ctx.siteName),
    photoPath: club.imagePath,
    business: club.business,
    title: `${club.name} at ${club.business.name}`,
    description: club.description || `Join ${club.name} at ${club.business.name}.`,
    url,
    alt: club.name,
    jsonLd: (images) => clubJsonLd(ctx.origin, club, url, images),
    embed: { business: club.business.slug, mode: 'club', club: club.slug },
  });
}
