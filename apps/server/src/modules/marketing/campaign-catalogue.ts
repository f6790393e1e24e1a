import { and, eq, inArray, min } from 'drizzle-orm';
import type { CampaignBlock } from '@bevy/core';
import type { Db } from '../../db/client';
import { addresses, clubs, events, priceTiers, products, ticketTypes } from '../../db/tables';
import { badInput } from '../../platform/domain-error';

/**
 * What a campaign's catalogue blocks show, read when the message is rendered: the product's
 * retail price now (never a wholesale one), the club, the event and its lowest ticket price.
 */

export interface CatalogueProduct {
  id: number;
  name: string;
  beverageType: string;
  imagePath: string | null;
  retailCents: number | null;
}
export interface CatalogueClub {
  id: number;
  slug: string;
  name: string;
  description: string;
  imagePath: string | null;
}
export interface CatalogueEvent {
  id: number;
  urlKey: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueCity: string;
  venueState: string;
  fromCents: number | null;
  imagePath: string | null;
}
export interface CampaignCatalogue {
  products: Map<number, CatalogueProduct>;
  clubs: Map<number, CatalogueClub>;
  events: Map<number, CatalogueEvent>;
}

const idsOf = <K extends CampaignBlock['kind']>(
  blocks: readonly CampaignBlock[],
  kind: K,
  pick: (block: Extract<CampaignBlock, { kind: K }>) => number,
) =>
  blocks
    .filter((block): block is Extract<CampaignBlock, { kind: K }> => block.kind === kind)
    .map(pick);

export async function loadCatalogue(
  db: Db,
  businessId: number,
  blocks: readonly CampaignBlock[],
): Promise<CampaignCatalogue> {
  const productIds = idsOf(blocks, 'product', (block) => block.productId);
  const clubIds = idsOf(blocks, 'club', (block) => block.clubId);
  const eventIds = idsOf(blocks, 'event', (block) => block.eventId);
  const [productRows, clubRows, eventRows] = await Promise.all([
    productIds.length === 0
      ? []
      : db
          .select({
            id: products.id,
            name: products.name,
            beverageType: products.beverage_type,
            imagePath: products.bottle_image_url,
            retailCents: min(priceTiers.price_per_unit),
          })
          .from(products)
          .leftJoin(
            priceTiers,
            // The price of one bottle: a volume tier's would promise what one cannot buy.
            and(
              eq(priceTiers.product_id, products.id),
              eq(priceTiers.channel, 'retail'),
              eq(priceTiers.minimum_unit_count_for_price, 1),
            ),
          )
          .where(
            and(
              inArray(products.id, productIds),
              eq(products.business_id, businessId),
              eq(products.status, 'published'),
            ),
          )
          .groupBy(products.id),
    clubIds.length === 0
      ? []
      : db
          .select({
            id: clubs.id,
            slug: clubs.slug,
            name: clubs.name,
            description: clubs.description,
            imagePath: clubs.image_path,
          })
          .from(clubs)
          .where(
            and(
              inArray(clubs.id, clubIds),
              eq(clubs.business_id, businessId),
              eq(clubs.status, 'open'),
            ),
          ),
    eventIds.length === 0
      ? []
      : db
          .select({
            id: events.id,
            urlKey: events.url_key,
            title: events.title,
            startsAt: events.starts_at,
            endsAt: events.ends_at,
            timeZone: events.time_zone,
            venueCity: events.venue_city,
            venueState: events.venue_state,
            imagePath: events.image_path,
            fromCents: min(ticketTypes.price_cents),
          })
          .from(events)
          .leftJoin(
            ticketTypes,
            and(eq(ticketTypes.event_id, events.id), eq(ticketTypes.withdrawn, false)),
          )
          .where(
            and(
              inArray(events.id, eventIds),
              eq(events.business_id, businessId),
              eq(events.status, 'scheduled'),
            ),
          )
          .groupBy(events.id),
  ]);
  return {
    products: new Map(productRows.map((row) => [row.id, row])),
    clubs: new Map(clubRows.map((row) => [row.id, row])),
    events: new Map(eventRows.map((row) => [row.id, row])),
  };
}

/** Refuses blocks naming what the business does not offer (another producer's product, say). */
export function requireCatalogueBlocks(
  blocks: readonly CampaignBlock[],
  catalogue: CampaignCatalogue,
): void {
  blocks.forEach((block, index) => {
    const missing =
      (block.kind === 'product' && !catalogue.products.has(block.productId)) ||
      (block.kind === 'club' && !catalogue.clubs.has(block.clubId)) ||
      (block.kind === 'event' && !catalogue.events.has(block.eventId));
    if (missing) {
      throw badInput(
        `Block ${index + 1} names a ${block.kind} that is not one of this business's published ${block.kind}s.`,
        `blocks.${index}`,
      );
    }
  });
}

/** The business's postal address as one line, which every marketing email must carry. */
export async function postalAddressOf(db: Db, businessId: number): Promise<string | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.business_id, businessId))
    .orderBy(addresses.created_at)
    .limit(1);
  if (!row) return null;
  const street = [row.street_number, row.route].filter(Boolean).join(' ');
  const region = [row.administrative_area_level_1, row.postal_code].filter(Boolean).join(' ');
  const parts = [street, row.locality, region].filter((part) => part && part.trim());
  return parts.length >= 2 ? parts.join(', ') : null;
}
