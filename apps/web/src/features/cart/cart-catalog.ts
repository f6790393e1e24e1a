import type {
  BuyerKind,
  Cents,
  FulfillmentFees,
  FulfillmentFlags,
  LatLng,
  PriceTier,
} from '@bevy/core';

/** What the cart's catalog queries answer, as the cart view reads it. */

/** A producer as the cart catalog query returns it. */
export interface CatalogBusiness extends FulfillmentFlags {
  id: number;
  name: string;
  slug: string;
  /** 'Tax + Fees Percent Rate', e.g. 8.875. */
  sales_tax_rate: number;
  ship_to_states: string[];
  fulfillment_deliver_retail_radius_miles: number | null;
  fulfillment_deliver_wholesale_radius_miles: number | null;
  /** When buyers can pick up, over lines; checkout shows it for pickup. */
  pickup_hours?: string | null;
  /** Invoice terms in days; only approved wholesale buyers are told them (null otherwise). */
  wholesale_invoice_terms_days?: number | null;
  /** Delivery and shipping fees and the delivery minimum (decision 014); none when absent. */
  fulfillmentFees?: FulfillmentFees;
  addresses: {
    /** The street address, which checkout shows for pickup; the cart needs only the place. */
    street_number?: string | null;
    route?: string | null;
    postal_code?: string | null;
    locality: string | null;
    administrative_area_level_1: string | null;
    latitude: number | null;
    longitude: number | null;
  }[];
}

/** A product in the cart as the catalog has it now, priced for this buyer. */
export interface CatalogProduct {
  id: string;
  name: string;
  stockCount: number | null;
  /** Sold only to members of the producer's clubs, and whether the buyer is one. */
  membersOnly?: boolean;
  viewerIsMember?: boolean;
  /** The tiers of the buyer's price list. */
  pricing: PriceTier[];
  business: CatalogBusiness;
}

/** Event tickets in the cart as they are sold now, priced for this buyer. */
export interface CatalogTicket {
  ticketType: {
    id: number;
    name: string;
    viewerPriceCents: Cents;
    seatsLeft: number;
    perOrderLimit: number;
    /** Why the buyer cannot buy it now; null when they can. */
    unavailableReason: string | null;
  };
  event: { id: number; title: string; when: string; urlKey: string; business: CatalogBusiness };
}

export interface CartCatalog {
  buyerKind: BuyerKind;
  /** The cart's products that are for sale; an id missing here is no longer for sale. */
  products: CatalogProduct[];
  /** The cart's ticket types that exist; a missing one is no longer sold. */
  tickets?: CatalogTicket[];
}

/** The buyer's location, from their ZIP code. */
export interface BuyerLocation extends LatLng {
  city: string;
  /** Postal code of the state, e.g. "OR". */
  state: string;
}
