/**
 * What GET /embed/v1/{business} answers: the embeddable shop on producers' own websites. Public,
 * to any origin, so it holds retail prices only (the server picks each field by name).
 */

export const EMBED_MODES = ['products', 'product', 'club', 'events'] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

export interface EmbedProduct {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  beverageType: string;
  /** The retail price of the fewest units sold (usually one), and how many that is. */
  priceCents: number;
  minimumQuantity: number;
  /** Retail volume tiers, fewest units first. */
  tiers: { minimumQuantity: number; priceCents: number }[];
  /** Units on hand; null when the producer does not count stock. */
  stock: number | null;
  url: string;
}

export interface EmbedClub {
  key: string;
  name: string;
  description: string;
  url: string;
}

export interface EmbedEvent {
  key: string;
  title: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  venue: string;
  /** The lowest retail ticket price on sale to everyone; null when none is. */
  fromPriceCents: number | null;
  url: string;
}

export interface EmbedShop {
  mode: EmbedMode;
  business: {
    name: string;
    slug: string;
    url: string;
    shipToStates: string[];
    ships: boolean;
    pickup: boolean;
    pickupHours: string | null;
    delivers: boolean;
  };
  products: EmbedProduct[];
  clubs: EmbedClub[];
  events: EmbedEvent[];
}
