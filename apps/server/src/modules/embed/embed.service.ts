import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  businessPath,
  clubPath,
  eventPath,
  productPath,
  type EmbedClub,
  type EmbedEvent,
  type EmbedMode,
  type EmbedProduct,
  type EmbedShop,
  type PriceTier,
} from '@bevy/core';
import { businesses, clubs, events, products, ticketTypes } from '../../db/tables';
import type { ServiceContext } from '../../platform/context';
import { badInput, notFound } from '../../platform/domain-error';
import { loadProductDocuments } from '../search/index';

/**
 * What the embeddable shop on a producer's own website shows: the business, its products at
 * retail, a club to join, or its upcoming events. Everything here is public and goes to any
 * origin, so each field is picked by name from retail data: nothing wholesale can slip in.
 */

export interface EmbedRequest {
  mode: EmbedMode;
  /** For 'product': the product's id. */
  productId?: number;
  /** For 'club': the club's slug or id; every open club without it. */
  club?: string;
}

type EmbedContext = Pick<ServiceContext, 'db' | 'clock'> & {
  config: Pick<ServiceContext['config'], 'publicUrl'>;
};

/** Upcoming events listed at most. */
const EVENT_LIMIT = 12;

const absolute = (origin: string, url: string | null) =>
  url === null ? null : new URL(url, `${origin}/`).toString();

function retailTiers(tiers: readonly PriceTier[]) {
  return [...tiers]
    .sort((a, b) => a.minimum_unit_count_for_price - b.minimum_unit_count_for_price)
    .map((tier) => ({
      minimumQuantity: tier.minimum_unit_count_for_price,
      priceCents: tier.price_per_unit,
    }));
}

/**
 * The business's products as the shop shows them to anyone (the search documents' rule:
 * published), less members-only ones and those without a retail price.
 */
async function embedProducts(
  ctx: EmbedContext,
  business: { id: number; slug: string },
  onlyId?: number,
): Promise<EmbedProduct[]> {
  const origin = ctx.config.publicUrl;
  const documents = (await loadProductDocuments(ctx.db, { businessId: business.id })).filter(
    (document) =>
      !document.membersOnly &&
      document.retailPricing.length > 0 &&
      (onlyId === undefined || document.objectID === String(onlyId)),
  );
  if (documents.length === 0) return [];
  const stockRows = await ctx.db
    .select({ id: products.id, stock: products.stock_count })
    .from(products)
    .where(
      inArray(
        products.id,
        documents.map((document) => Number(document.objectID)),
      ),
    );
  const stockById = new Map(stockRows.map((row) => [String(row.id), row.stock]));
  return documents.map((document) => {
    const tiers = retailTiers(document.retailPricing);
    return {
      id: document.objectID,
      name: document.name,
      description: document.short_description,
      imageUrl: absolute(origin, document.bottleImageUrl),
      beverageType: document.productType,
      priceCents: tiers[0]!.priceCents,
      minimumQuantity: tiers[0]!.minimumQuantity,
      tiers,
      stock: stockById.get(document.objectID) ?? null,
      url: `${origin}${productPath(business.slug, document.objectID)}`,
    };
  });
}

async function embedClubs(
  ctx: EmbedContext,
  business: { id: number; slug: string },
  key: string | undefined,
): Promise<EmbedClub[]> {
  const id = key !== undefined && /^[1-9]\d{0,9}$/.test(key) ? Number(key) : null;
  const rows = await ctx.db
    .select()
    .from(clubs)
    .where(and(eq(clubs.business_id, business.id), eq(clubs.status, 'open')))
    .orderBy(asc(clubs.name));
  const wanted = key === undefined ? rows : rows.filter((row) => row.slug === key || row.id === id);
  if (key !== undefined && wanted.length === 0) {
    throw notFound('This business has no open club by that name.');
  }
  return wanted.map((club) => ({
    key: club.slug,
    name: club.name,
    description: club.description,
    url: `${ctx.config.publicUrl}${clubPath(business.slug, club.slug)}`,
  }));
}

async function embedEvents(ctx: EmbedContext, businessId: number): Promise<EmbedEvent[]> {
  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.business_id, businessId),
        eq(events.visibility, 'public'),
        eq(events.status, 'scheduled'),
        gt(events.ends_at, ctx.clock.now()),
      ),
    )
    .orderBy(asc(events.starts_at))
    .limit(EVENT_LIMIT);
  if (rows.length === 0) return [];
  const types = await ctx.db
    .select({
      eventId: ticketTypes.event_id,
      priceCents: ticketTypes.price_cents,
      membersOnly: ticketTypes.members_only,
      withdrawn: ticketTypes.withdrawn,
    })
    .from(ticketTypes)
    .where(
      inArray(
        ticketTypes.event_id,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((event) => {
    // Member prices and members-only tickets are not for the public page.
    const prices = types
      .filter((type) => type.eventId === event.id && !type.membersOnly && !type.withdrawn)
      .map((type) => type.priceCents);
    return {
      key: event.url_key,
      title: event.title,
      startsAt: event.starts_at.toISOString(),
      endsAt: event.ends_at.toISOString(),
      timeZone: event.time_zone,
      venue: [event.venue_name, `${event.venue_city}, ${event.venue_state}`]
        .filter(Boolean)
        .join(', '),
      fromPriceCents: prices.length > 0 ? Math.min(...prices) : null,
      url: `${ctx.config.publicUrl}${eventPath(event.url_key)}`,
    };
  });
}

/** The embed's data for one business; unknown businesses, products and clubs are not found. */
export async function embedShop(
  ctx: EmbedContext,
  slug: string,
  request: EmbedRequest,
): Promise<EmbedShop> {
  const [business] = await ctx.db.select().from(businesses).where(eq(businesses.slug, slug));
  if (!business) throw notFound('There is no such business.');
  const shop: EmbedShop = {
    mode: request.mode,
    business: {
      name: business.name,
      slug: business.slug,
      url: `${ctx.config.publicUrl}${businessPath(business.slug)}`,
      shipToStates: business.fulfillment_ship_retail ? [...business.ship_to_states].sort() : [],
      ships: business.fulfillment_ship_retail,
      pickup: business.fulfillment_allow_pickup_retail,
      pickupHours: business.fulfillment_allow_pickup_retail ? business.pickup_hours : null,
      delivers: business.fulfillment_deliver_retail,
    },
    products: [],
    clubs: [],
    events: [],
  };
  switch (request.mode) {
    case 'products':
      shop.products = await embedProducts(ctx, business);
      break;
    case 'product':
      if (request.productId === undefined) throw badInput('Say which product to show.', 'product');
      shop.products = await embedProducts(ctx, business, request.productId);
      if (shop.products.length === 0) throw notFound('This business sells no such product.');
      break;
    case 'club':
      shop.clubs = await embedClubs(ctx, business, request.club);
      break;
    case 'events':
      shop.events = await embedEvents(ctx, business.id);
      break;
  }
  return shop;
}
