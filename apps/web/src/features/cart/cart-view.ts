import {
  deliveryRefusal,
  describeDeliveryRefusal,
  feeFor,
  FULFILLMENT_MODES,
  fulfillmentFlagFor,
  NO_FULFILLMENT_FEES,
  orderTotals,
  percentToMillionths,
  quantityRange,
  tierForQuantity,
  US_STATES,
  type BuyerKind,
  type CartState,
  type Cents,
  type FeeQuote,
  type FulfillmentMode,
  type LatLng,
  type OrderTotals,
  type ProductHit,
} from '@bevy/core';
import type { BuyerLocation, CartCatalog, CatalogBusiness, CatalogProduct } from './cart-catalog';
import { priceTicketLine, type TicketLineView } from './ticket-line-view';

export type {
  BuyerLocation,
  CartCatalog,
  CatalogBusiness,
  CatalogProduct,
  CatalogTicket,
} from './cart-catalog';
export type { TicketLineView } from './ticket-line-view';

/** Why a line cannot be checked out as it is. */
export type LineProblem =
  | { kind: 'unavailable' }
  | { kind: 'no-price' }
  | { kind: 'below-minimum'; minimum: number }
  | { kind: 'stock'; inStock: number }
  | { kind: 'members-only'; producer: string };

/** What changed in the catalog since the buyer added the line. */
export type LineChange =
  { kind: 'price'; was: Cents; now: Cents } | { kind: 'renamed'; was: string };

export interface CartLine {
  id: string;
  /** The product as stored in the cart, for the cart's actions. */
  product: ProductHit;
  /** Its current name, or the stored one when it is no longer for sale. */
  name: string;
  quantity: number;
  /** The fewest units the buyer's price list sells (its lowest tier's minimum); 1 without one. */
  minimum: number;
  /** Units on hand, when the producer counts them. */
  stockCount: number | null;
  /** The unit price of the tier the quantity reaches, or null when it cannot be priced. */
  unitPrice: Cents | null;
  lineTotal: Cents | null;
  problems: LineProblem[];
  changes: LineChange[];
}

/** Whether the chosen way can reach the buyer: 'unknown' until their ZIP code is given. */
export interface Reach {
  status: 'ok' | 'unknown' | 'refused';
  message: string;
}

export interface ProducerGroupView {
  businessId: number;
  name: string;
  slug: string;
  /** "Portland, OR", when known. */
  place: string | null;
  /** The producer's street address for pickup, e.g. "123 Main St, Dundee, OR 97115". */
  pickupAddress: string | null;
  /** When the producer's buyers can pick up, over lines; null when it has not said. */
  pickupHours: string | null;
  /** Postal codes of the states the producer ships to. */
  shipToStates: string[];
  /** The ways this producer offers this buyer; empty when it has nothing for sale. */
  modes: FulfillmentMode[];
  mode: FulfillmentMode | null;
  /** Null when nothing in the group is for sale. */
  reach: Reach | null;
  /** The tax + fees rate in percent, as the producer set it. */
  taxRatePercent: number | null;
  /** Days this wholesale buyer may take to pay an invoice ("Net 30"); null: card only. */
  invoiceTermsDays: number | null;
  lines: CartLine[];
  /** Event tickets of this producer: no fulfillment, in the same order and its totals. */
  tickets: TicketLineView[];
  /**
   * The delivery or shipping fee of the chosen way, by the same arithmetic as checkout
   * (feeFor); null when nothing can be priced. Its fee is null until the buyer's place is known.
   */
  fee: FeeQuote | null;
  /** Totals of the lines that can be priced, with the fee when known; null when none can. */
  totals: OrderTotals | null;
  /** Whether this group can go to checkout as it is. */
  ready: boolean;
}

export interface CartView {
  buyerKind: BuyerKind;
  groups: ProducerGroupView[];
  /** Sum of the groups' totals (what the buyer would pay). */
  grandTotal: Cents;
  /** Whether a fee is left out of the totals until the buyer gives a ZIP code. */
  feesPending: boolean;
  ready: boolean;
}

function placeOf(business: CatalogBusiness): string | null {
  const address = business.addresses.find((a) => a.locality || a.administrative_area_level_1);
  if (!address) return null;
  return [address.locality, address.administrative_area_level_1].filter(Boolean).join(', ');
}

function streetAddressOf(business: CatalogBusiness): string | null {
  const address = business.addresses.find((a) => a.route && a.locality);
  if (!address) return null;
  const street = [address.street_number, address.route].filter(Boolean).join(' ');
  const region = [address.administrative_area_level_1, address.postal_code].filter(Boolean);
  return [street, address.locality, region.join(' ')].filter(Boolean).join(', ');
}

function locationOf(business: CatalogBusiness): LatLng | null {
  const address = business.addresses.find((a) => a.latitude !== null && a.longitude !== null);
  return address ? { lat: address.latitude!, lng: address.longitude! } : null;
}

const stateName = (code: string) => US_STATES[code as keyof typeof US_STATES] ?? code;

/** Whether `mode` can reach the buyer from this producer (spec "Fulfillment choice"). */
export function reachOf(
  business: CatalogBusiness,
  mode: FulfillmentMode | null,
  buyer: BuyerKind,
  location: BuyerLocation | null,
): Reach {
  const place = placeOf(business);
  switch (mode) {
    case null:
      return {
        status: 'refused',
        message: `${business.name} does not offer pickup, delivery or shipping to ${buyer} buyers right now.`,
      };
    case 'pickup':
      return {
        status: 'ok',
        message: place ? `Pick up from the producer in ${place}.` : 'Pick up from the producer.',
      };
    case 'delivery': {
      if (!location) {
        return { status: 'unknown', message: 'Enter your ZIP code to check delivery to you.' };
      }
      const refusal = deliveryRefusal(
        { ...business, _geoloc: locationOf(business) },
        buyer,
        location,
      );
      return refusal
        ? { status: 'refused', message: `${describeDeliveryRefusal(refusal)}.` }
        : { status: 'ok', message: `Delivers to ${location.city}, ${location.state}.` };
    }
    case 'ship': {
      if (!location) {
        return { status: 'unknown', message: 'Enter your ZIP code to check shipping to you.' };
      }
      if (business.ship_to_states.includes(location.state)) {
        return { status: 'ok', message: `Ships to ${stateName(location.state)}.` };
      }
      return {
        status: 'refused',
        message: `Cannot ship to ${stateName(location.state)}: licensed to ship to ${
          business.ship_to_states.length > 0
            ? business.ship_to_states.map(stateName).join(', ')
            : 'no state yet'
        }.`,
      };
    }
  }
}

function priceLine(
  id: string,
  quantity: number,
  stored: ProductHit,
  current: CatalogProduct | undefined,
  buyer: BuyerKind,
): CartLine {
  const line: CartLine = {
    id,
    product: stored,
    name: current?.name ?? stored.name,
    quantity,
    minimum: quantityRange(current?.pricing ?? [])?.min ?? 1,
    stockCount: current?.stockCount ?? null,
    unitPrice: null,
    lineTotal: null,
    problems: [],
    changes: [],
  };
  if (!current) {
    line.problems.push({ kind: 'unavailable' });
    return line;
  }
  if (current.name !== stored.name) line.changes.push({ kind: 'renamed', was: stored.name });
  if (current.membersOnly && !current.viewerIsMember) {
    line.problems.push({ kind: 'members-only', producer: current.business.name });
  }
  const minimum = quantityRange(current.pricing)?.min;
  const tier = tierForQuantity(current.pricing, quantity);
  if (minimum === undefined) line.problems.push({ kind: 'no-price' });
  else if (!tier) line.problems.push({ kind: 'below-minimum', minimum });
  if (current.stockCount !== null && quantity > current.stockCount) {
    line.problems.push({ kind: 'stock', inStock: current.stockCount });
  }
  if (tier) {
    line.unitPrice = tier.price_per_unit;
    line.lineTotal = tier.price_per_unit * quantity;
    const storedTiers = buyer === 'wholesale' ? stored.wholesalePricing : stored.retailPricing;
    const was = tierForQuantity(storedTiers, quantity)?.price_per_unit;
    if (was !== undefined && was !== tier.price_per_unit) {
      line.changes.push({ kind: 'price', was, now: tier.price_per_unit });
    }
  }
  return line;
}

/** The fee of a producer's priced lines for the way chosen, at the buyer's place if known. */
function feeOf(
  business: CatalogBusiness,
  mode: FulfillmentMode,
  lines: readonly { unitPrice: Cents; quantity: number }[],
  location: BuyerLocation | null,
): FeeQuote {
  return feeFor(
    {
      mode,
      producerName: business.name,
      productSubtotal: lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0),
      bottles: lines.reduce((sum, line) => sum + line.quantity, 0),
    },
    business.fulfillmentFees ?? NO_FULFILLMENT_FEES,
    { producer: locationOf(business), buyer: location, state: location?.state ?? null },
  );
}

const emptyGroup = (businessId: number, name: string, slug: string): ProducerGroupView => ({
  businessId,
  name,
  slug,
  place: null,
  pickupAddress: null,
  pickupHours: null,
  shipToStates: [],
  modes: [],
  mode: null,
  reach: null,
  taxRatePercent: null,
  invoiceTermsDays: null,
  lines: [],
  tickets: [],
  fee: null,
  totals: null,
  ready: true,
});

/**
 * The cart as the buyer should see it: lines grouped by producer in the order they were added,
 * each priced from the catalog as it is now (never from the prices stored in the browser), with
 * what changed since, what stops checkout, each producer's fulfillment choice and the totals by
 * the same arithmetic as checkout (orderTotals).
 */
export function buildCartView(
  cart: CartState,
  catalog: CartCatalog,
  chosenModes: Readonly<Record<string, FulfillmentMode>>,
  location: BuyerLocation | null,
): CartView {
  const buyer = catalog.buyerKind;
  const currentById = new Map(catalog.products.map((product) => [product.id, product]));
  const groups = new Map<number, ProducerGroupView>();
  const businessById = new Map<number, CatalogBusiness>();

  for (const id of cart.addedIds) {
    const stored = cart.products.find((product) => product.objectID === id);
    const quantity = cart.quantity[id];
    if (!stored || quantity === undefined) continue;
    const current = currentById.get(id);
    const businessId = current?.business.id ?? stored.producedByBusinessId;
    if (current) businessById.set(businessId, current.business);
    let group = groups.get(businessId);
    if (!group) {
      group = emptyGroup(businessId, stored.businessName, stored.slug);
      groups.set(businessId, group);
    }
    group.lines.push(priceLine(id, quantity, stored, current, buyer));
  }
  const ticketsById = new Map(
    (catalog.tickets ?? []).map((ticket) => [ticket.ticketType.id, ticket]),
  );
  for (const stored of cart.tickets ?? []) {
    const current = ticketsById.get(stored.ticketTypeId);
    const businessId = current?.event.business.id ?? stored.businessId;
    if (current) businessById.set(businessId, current.event.business);
    let group = groups.get(businessId);
    if (!group) {
      group = emptyGroup(businessId, stored.businessName, stored.businessSlug);
      groups.set(businessId, group);
    }
    group.tickets.push(priceTicketLine(stored, current));
  }

  let grandTotal = 0;
  for (const group of groups.values()) {
    const business = businessById.get(group.businessId);
    if (business) {
      group.name = business.name;
      group.slug = business.slug;
      group.place = placeOf(business);
      group.pickupAddress = streetAddressOf(business);
      group.pickupHours = business.pickup_hours ?? null;
      group.shipToStates = business.ship_to_states;
      group.taxRatePercent = business.sales_tax_rate;
      // Tickets alone need no way to get them: the event is where they are used.
      if (group.lines.length > 0) {
        group.modes = FULFILLMENT_MODES.filter((mode) => business[fulfillmentFlagFor(mode, buyer)]);
        const chosen = chosenModes[String(group.businessId)];
        group.mode = chosen && group.modes.includes(chosen) ? chosen : (group.modes[0] ?? null);
        group.reach = reachOf(business, group.mode, buyer, location);
      }
      group.invoiceTermsDays =
        buyer === 'wholesale' ? (business.wholesale_invoice_terms_days ?? null) : null;
      const priced = group.lines
        .filter((line) => line.unitPrice !== null)
        .map((line) => ({ unitPrice: line.unitPrice!, quantity: line.quantity }));
      const pricedTickets = group.tickets
        .filter((line) => line.unitPrice !== null)
        .map((line) => ({ unitPrice: line.unitPrice!, quantity: line.quantity }));
      if (priced.length > 0 || pricedTickets.length > 0) {
        group.fee =
          group.mode && priced.length > 0 ? feeOf(business, group.mode, priced, location) : null;
        group.totals = orderTotals(
          [...priced, ...pricedTickets],
          percentToMillionths(business.sales_tax_rate),
          group.fee?.feeCents ?? 0,
        );
        grandTotal += group.totals.total;
      }
    }
    group.ready =
      group.reach?.status !== 'refused' &&
      !group.fee?.problem &&
      group.lines.every((line) => line.problems.length === 0) &&
      group.tickets.every((line) => line.problems.length === 0);
  }
  const list = [...groups.values()];
  return {
    buyerKind: buyer,
    groups: list,
    grandTotal,
    feesPending: list.some((group) => group.fee !== null && group.fee.feeCents === null),
    ready: list.length > 0 && list.every((group) => group.ready),
  };
}

const units = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'unit' : 'units'}`;

/** A problem in words for the buyer. */
export function describeLineProblem(problem: LineProblem, buyer: BuyerKind): string {
  switch (problem.kind) {
    case 'unavailable':
      return 'No longer available. Remove it to continue.';
    case 'no-price':
      return `No longer sold at ${buyer} prices. Remove it to continue.`;
    case 'below-minimum':
      return `Below the minimum: order at least ${units(problem.minimum)}.`;
    case 'stock':
      return problem.inStock === 0
        ? 'Sold out. Remove it to continue.'
        : `Only ${units(problem.inStock)} in stock.`;
    case 'members-only':
      return `For members of ${problem.producer}’s clubs only. Join one, or remove it to continue.`;
  }
}
