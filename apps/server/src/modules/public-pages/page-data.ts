import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clubTiers, clubs, events, priceTiers, products, ticketTypes } from '../../db/tables';
import type { AddressRow, BusinessRow } from '../businesses/index';
import { shippingRateFor } from '@bevy/core';
import {
  addressesOfBusinesses,
  fulfillmentFeesOf,
  findBusinessById,
  findBusinessBySlug,
} from '../businesses/index';
import { seatCounts, seatsLeft } from '../events/index';

/**
 * What the public pages' previews, share images and oEmbed may say about a thing: public facts
 * and retail prices only. Every query here filters out what a visitor may not see (drafts,
 * members-only products, closed clubs, members' events), so nothing downstream has to.
 */

export interface PublicBusiness {
  id: number;
  name: string;
  slug: string;
  description: string;
  heroPath: string | null;
  logoPath: string | null;
  website: string | null;
  phone: string | null;
  sameAs: string[];
  address: AddressRow | null;
  /** The beverage its published products are mostly of, for its schema.org type. */
  mainBeverage: string | null;
  /** Where it ships retail orders, with what one bottle's shipping costs there. */
  shipping: { states: string[]; oneBottleCents: number }[];
  /** A retail subtotal at or over this ships free; null: never. */
  freeShippingOverCents: number | null;
  updatedAt: Date;
}

/** One bottle's retail shipping, by state: surcharged states cost more. */
function shippingOf(row: BusinessRow): PublicBusiness['shipping'] {
  if (!row.fulfillment_ship_retail || row.ship_to_states.length === 0) return [];
  const fees = fulfillmentFeesOf(row);
  const base = shippingRateFor(fees, 1);
  const surcharged = new Set(fees.shipping_surcharge_states);
  const plain = row.ship_to_states.filter((state) => !surcharged.has(state));
  const extra = row.ship_to_states.filter((state) => surcharged.has(state));
  return [
    { states: plain, oneBottleCents: base },
    { states: extra, oneBottleCents: base + fees.shipping_surcharge_cents },
  ].filter((entry) => entry.states.length > 0);
}

export interface PublicProduct {
  id: number;
  name: string;
  description: string;
  imagePath: string | null;
  beverageType: string;
  producedBy: string;
  varietal: string | null;
  vintage: number | null;
  volumeMl: number | null;
  /** The single-bottle retail price: the retail tier with the smallest minimum; null: none. */
  retailCents: number | null;
  inStock: boolean;
  /** Whether the producer counts its stock (then sales change `inStock`). */
  stockCounted: boolean;
  business: PublicBusiness;
  updatedAt: Date;
}

export interface PublicTicket {
  name: string;
  priceCents: number;
  seatsLeft: number;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

export interface PublicEvent {
  urlKey: string;
  title: string;
  description: string;
  imagePath: string | null;
  venueName: string | null;
  venue: { line1: string; city: string; state: string; zip: string };
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
  /** Unlisted events preview for whoever has the link but are never indexed. */
  listed: boolean;
  /** Ticket types anyone may buy, at their list (not member) price. */
  tickets: PublicTicket[];
  business: PublicBusiness;
  updatedAt: Date;
}

export interface PublicClub {
  id: number;
  slug: string;
  name: string;
  description: string;
  imagePath: string | null;
  tiers: { name: string; bottles: number; fixedPriceCents: number | null }[];
  business: PublicBusiness;
  updatedAt: Date;
}

const SOCIAL = ['website', 'twitter', 'instagram', 'facebook', 'linkedin'] as const;

function publicBusiness(
  row: BusinessRow,
  address: AddressRow | null,
  mainBeverage: string | null,
): PublicBusiness {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    heroPath: row.hero_img_url,
    logoPath: row.logo_img_url,
    website: row.website,
    phone: row.international_phone_number,
    sameAs: SOCIAL.map((key) => row[key]).filter((url): url is string => isHttpUrl(url)),
    address,
    mainBeverage,
    shipping: shippingOf(row),
    freeShippingOverCents: row.free_shipping_over_cents,
    updatedAt: row.updated_at,
  };
}

function isHttpUrl(value: string | null): boolean {
  return value !== null && /^https?:\/\/[^\s]+$/i.test(value);
}

async function withAddress(db: Db, row: BusinessRow, mainBeverage: string | null = null) {
  const [addresses] = await addressesOfBusinesses(db, [row.id]);
  return publicBusiness(row, addresses?.[0] ?? null, mainBeverage);
}

/** A business's public facts, with the beverage most of its published products are. */
export async function businessBySlug(db: Db, slug: string): Promise<PublicBusiness | null> {
  const row = await findBusinessBySlug({ db }, slug);
  if (!row) return null;
  const [main] = await db
    .select({ type: products.beverage_type })
    .from(products)
    .where(and(eq(products.business_id, row.id), eq(products.status, 'published')))
    .groupBy(products.beverage_type)
    .orderBy(desc(count()), asc(products.beverage_type))
    .limit(1);
  return withAddress(db, row, main?.type ?? null);
}

/**
 * A published product anyone may buy, by id (and its business's slug when the page's URL names
 * one). Members-only and draft products are not described at all.
 */
export async function publicProduct(
  db: Db,
  id: number,
  businessSlug?: string,
): Promise<PublicProduct | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [product] = await db
    .select()
    .from(products)
    .where(
      and(eq(products.id, id), eq(products.status, 'published'), eq(products.members_only, false)),
    );
  if (!product) return null;
  // Retail tiers only: the wholesale channel is never read here.
  const [business, [retail]] = await Promise.all([
    businessById(db, product.business_id, businessSlug),
    db
      .select({ cents: priceTiers.price_per_unit })
      .from(priceTiers)
      .where(and(eq(priceTiers.product_id, id), eq(priceTiers.channel, 'retail')))
      .orderBy(asc(priceTiers.minimum_unit_count_for_price))
      .limit(1),
  ]);
  if (!business) return null;
  return {
    id: product.id,
    name: product.name,
    description: product.short_description,
    imagePath: product.bottle_image_url,
    beverageType: product.beverage_type,
    producedBy: product.produced_by,
    varietal: product.varietal,
    vintage: product.vintage,
    volumeMl: product.volume_ml,
    retailCents: retail?.cents ?? null,
    inStock: product.stock_count === null || product.stock_count > 0,
    stockCounted: product.stock_count !== null,
    business,
    updatedAt: product.updated_at,
  };
}

async function businessById(db: Db, id: number, slug?: string) {
  const row =
    slug === undefined
      ? await findBusinessById({ db }, id)
      : await findBusinessBySlug({ db }, slug);
  // A product's page under another producer's slug is no page at all.
  return row && row.id === id ? withAddress(db, row) : null;
}

/** An event whose page anyone with the link may see; members' events are not previewed. */
export async function publicEvent(db: Db, urlKey: string, now: Date): Promise<PublicEvent | null> {
  if (!/^[a-z0-9-]{1,64}$/i.test(urlKey)) return null;
  const [row] = await db.select().from(events).where(eq(events.url_key, urlKey.toLowerCase()));
  if (!row || row.visibility === 'members') return null;
  const [business, types, counts] = await Promise.all([
    businessById(db, row.business_id),
    db
      .select()
      .from(ticketTypes)
      .where(
        and(
          eq(ticketTypes.event_id, row.id),
          eq(ticketTypes.withdrawn, false),
          eq(ticketTypes.members_only, false),
        ),
      )
      .orderBy(asc(ticketTypes.position)),
    seatCounts(db, [row.id], now),
  ]);
  if (!business) return null;
  return {
    urlKey: row.url_key,
    title: row.title,
    description: row.description,
    imagePath: row.image_path,
    venueName: row.venue_name,
    venue: {
      line1: row.venue_line1,
      city: row.venue_city,
      state: row.venue_state,
      zip: row.venue_zip,
    },
    timeZone: row.time_zone,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    cancelled: row.status === 'cancelled',
    listed: row.visibility === 'public',
    tickets: types.map((type) => ({
      name: type.name,
      priceCents: type.price_cents,
      seatsLeft: seatsLeft(row, type, counts.get(row.id)),
      salesStartAt: type.sales_start_at,
      salesEndAt: type.sales_end_at,
    })),
    business,
    updatedAt: row.updated_at,
  };
}

/** An open club, by its business and its slug (or id, as share-image URLs name it). */
export async function publicClub(
  db: Db,
  where: { businessSlug: string; club: string } | { id: number },
): Promise<PublicClub | null> {
  let business: PublicBusiness | null = null;
  let condition;
  if ('id' in where) {
    if (!Number.isSafeInteger(where.id) || where.id < 1) return null;
    condition = eq(clubs.id, where.id);
  } else {
    const row = await findBusinessBySlug({ db }, where.businessSlug);
    if (!row) return null;
    business = await withAddress(db, row);
    const byId = /^\d{1,9}$/.test(where.club) ? eq(clubs.id, Number(where.club)) : undefined;
    condition = and(eq(clubs.business_id, row.id), byId ?? eq(clubs.slug, where.club));
  }
  const [club] = await db
    .select()
    .from(clubs)
    .where(and(condition, eq(clubs.status, 'open')));
  if (!club) return null;
  business ??= await businessById(db, club.business_id);
  if (!business) return null;
  const tiers = await db
    .select()
    .from(clubTiers)
    .where(eq(clubTiers.club_id, club.id))
    .orderBy(asc(clubTiers.position));
  return {
    id: club.id,
    slug: club.slug,
    name: club.name,
    description: club.description,
    imagePath: club.image_path,
    tiers: tiers.map((tier) => ({
      name: tier.name,
      bottles: tier.bottles,
      fixedPriceCents: tier.fixed_price_cents,
    })),
    business,
    updatedAt: club.updated_at,
  };
}
