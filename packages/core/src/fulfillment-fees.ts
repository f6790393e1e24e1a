import type { FulfillmentMode } from './fulfillment';
import { distanceMiles, type LatLng } from './geo';
import { formatCents, type Cents } from './money';
import { US_STATES, type UsStateCode } from './us-states';

/**
 * Fees and minimums a producer sets for delivery and shipping (decision 014). Pure and exact,
 * in whole cents: the cart shows what `feeFor` says, and checkout charges what it says from the
 * database's copy of the same terms.
 */

/** Limits of the terms; the database's check constraints hold the same ones. */
export const FEE_LIMITS = {
  /** Delivery bands and shipping rates each. */
  maxBands: 3,
  /** One fee, band or surcharge: $500. */
  maxFeeCents: 50_000,
  /** The delivery minimum: $1,000. */
  maxMinimumCents: 100_000,
  /** A shipping rate's bottle count. */
  maxBottles: 120,
  /** The free-shipping threshold: $10,000. */
  maxThresholdCents: 1_000_000,
} as const;

/** Bottles counted by each step of "each further 12 bottles" beyond the last shipping rate. */
export const SHIPPING_EXTRA_STEP_BOTTLES = 12;

/** "Within 10 miles: $5": the fee of a delivery whose distance is at most `within_miles`. */
export interface DeliveryFeeBand {
  within_miles: number;
  fee_cents: Cents;
}

/** "Up to 6 bottles: $20": the shipping of an order of at most `up_to_bottles` bottles. */
export interface ShippingRate {
  up_to_bottles: number;
  fee_cents: Cents;
}

/** A producer's delivery and shipping terms, with the names of the columns that hold them. */
export interface FulfillmentFees {
  /** In ascending distance; beyond the last band (up to the delivery radius) its fee applies. */
  delivery_fee_bands: DeliveryFeeBand[];
  /** The product subtotal delivery needs; 0 for none. */
  delivery_minimum_cents: Cents;
  /** In ascending bottle count; none means shipping is free. */
  shipping_rates: ShippingRate[];
  /** Added for each further 12 bottles (or part of 12) beyond the last rate. */
  shipping_extra_per_dozen_cents: Cents;
  /** Added to shipping to the states listed (e.g. far or costly ones). */
  shipping_surcharge_cents: Cents;
  shipping_surcharge_states: string[];
  /** A product subtotal at or over this ships free; null: never free. */
  free_shipping_over_cents: Cents | null;
}

/** The terms of a producer that has set none: delivery and shipping free, no minimum. */
export const NO_FULFILLMENT_FEES: FulfillmentFees = {
  delivery_fee_bands: [],
  delivery_minimum_cents: 0,
  shipping_rates: [],
  shipping_extra_per_dozen_cents: 0,
  shipping_surcharge_cents: 0,
  shipping_surcharge_states: [],
  free_shipping_over_cents: null,
};

/** One producer's order as the fee sees it. */
export interface FeeOrder {
  mode: FulfillmentMode;
  producerName: string;
  /** Σ unit price × quantity: the products only, before tax + fees. */
  productSubtotal: Cents;
  /** Units in the order; each counts as one bottle. */
  bottles: number;
}

/** Where the order goes from and to; null where not known yet (no ZIP code in the cart). */
export interface FeePlace {
  producer: LatLng | null;
  buyer: LatLng | null;
  /** The recipient's state postal code. */
  state: string | null;
}

export interface FeeQuote {
  /** The fee in cents; null while it depends on a place not known yet. */
  feeCents: Cents | null;
  /** What the fee is for, e.g. "Delivery fee (within 10 miles)"; null for pickup. */
  label: string | null;
  /** Why this order cannot go this way (under the delivery minimum); null when it can. */
  problem: string | null;
}

/** How an order's fee is named on receipts, emails and exports: "Delivery fee", "Shipping". */
export function fulfillmentFeeName(mode: FulfillmentMode): string {
  return mode === 'ship' ? 'Shipping' : mode === 'delivery' ? 'Delivery fee' : 'Pickup fee';
}

/** The rows of an order's amounts that name its fee: none when it has no fee. */
export function feeRows(mode: FulfillmentMode, feeCents: Cents): [string, Cents][] {
  return feeCents > 0 ? [[fulfillmentFeeName(mode), feeCents]] : [];
}

const stateName = (code: string) => US_STATES[code as UsStateCode] ?? code;
const bottlesText = (count: number) => `${count} ${count === 1 ? 'bottle' : 'bottles'}`;

/** "$5" for whole dollars, "$5.50" otherwise: short enough for a product tile. */
export function formatShortCents(cents: Cents): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);
}

/** The message of an order under the delivery minimum, or null when it is not under it. */
export function deliveryMinimumProblem(
  producerName: string,
  productSubtotal: Cents,
  minimum: Cents,
): string | null {
  if (productSubtotal >= minimum) return null;
  return `Delivery from ${producerName} needs at least ${formatCents(minimum)} of products; add ${formatCents(minimum - productSubtotal)} more.`;
}

function deliveryQuote(order: FeeOrder, fees: FulfillmentFees, place: FeePlace): FeeQuote {
  const problem = deliveryMinimumProblem(
    order.producerName,
    order.productSubtotal,
    fees.delivery_minimum_cents,
  );
  const bands = fees.delivery_fee_bands;
  const last = bands.at(-1);
  if (!last) return { feeCents: 0, label: 'Free delivery', problem };
  const distinctFees = new Set(bands.map((band) => band.fee_cents));
  if (distinctFees.size === 1) {
    return last.fee_cents === 0
      ? { feeCents: 0, label: 'Free delivery', problem }
      : { feeCents: last.fee_cents, label: 'Delivery fee', problem };
  }
  if (!place.buyer) {
    const lowest = Math.min(...distinctFees);
    return {
      feeCents: null,
      label: `Delivery fee: from ${formatCents(lowest)} by distance; enter your ZIP code`,
      problem,
    };
  }
  // A producer with no known location is charged as far: its last band.
  const distance = place.producer ? distanceMiles(place.producer, place.buyer) : Infinity;
  const band = bands.find((candidate) => distance <= candidate.within_miles);
  return band
    ? {
        feeCents: band.fee_cents,
        label: `Delivery fee (within ${band.within_miles} miles)`,
        problem,
      }
    : {
        feeCents: last.fee_cents,
        label: `Delivery fee (beyond ${last.within_miles} miles)`,
        problem,
      };
}

/** The shipping of `bottles` by the rates, before any surcharge; 0 with no rates. */
export function shippingRateFor(fees: FulfillmentFees, bottles: number): Cents {
  const rates = fees.shipping_rates;
  const last = rates.at(-1);
  if (!last) return 0;
  const rate = rates.find((candidate) => bottles <= candidate.up_to_bottles);
  if (rate) return rate.fee_cents;
  const steps = Math.ceil((bottles - last.up_to_bottles) / SHIPPING_EXTRA_STEP_BOTTLES);
  return last.fee_cents + steps * fees.shipping_extra_per_dozen_cents;
}

function shippingQuote(order: FeeOrder, fees: FulfillmentFees, place: FeePlace): FeeQuote {
  const threshold = fees.free_shipping_over_cents;
  if (threshold !== null && order.productSubtotal >= threshold) {
    return {
      feeCents: 0,
      label: `Free shipping (orders over ${formatCents(threshold)})`,
      problem: null,
    };
  }
  const rate = shippingRateFor(fees, order.bottles);
  const surcharged = fees.shipping_surcharge_cents > 0 && fees.shipping_surcharge_states.length > 0;
  if (!place.state) {
    if (surcharged) {
      return {
        feeCents: null,
        label: `Shipping: from ${formatCents(rate)} by state; enter your ZIP code`,
        problem: null,
      };
    }
    const label = rate === 0 ? 'Free shipping' : `Shipping (${bottlesText(order.bottles)})`;
    return { feeCents: rate, label, problem: null };
  }
  const surcharge =
    surcharged && fees.shipping_surcharge_states.includes(place.state)
      ? fees.shipping_surcharge_cents
      : 0;
  const fee = rate + surcharge;
  return {
    feeCents: fee,
    label:
      fee === 0
        ? 'Free shipping'
        : `Shipping (${bottlesText(order.bottles)} to ${stateName(place.state)})`,
    problem: null,
  };
}

/**
 * The fee of one producer's order for the way it goes: pickup is free; delivery costs its
 * distance band's fee and refuses an order under the minimum; shipping costs the rate for its
 * bottle count plus any state surcharge, and nothing at or over the free-shipping threshold.
 * Retail and wholesale buyers pay the same fees (decision 014).
 */
export function feeFor(order: FeeOrder, fees: FulfillmentFees, place: FeePlace): FeeQuote {
  switch (order.mode) {
    case 'pickup':
      return { feeCents: 0, label: null, problem: null };
    case 'delivery':
      return deliveryQuote(order, fees, place);
    case 'ship':
      return shippingQuote(order, fees, place);
  }
}

/**
 * The terms in a few words for a product tile's fulfillment line, e.g. "Delivery $5 within 10 mi
 * · $25 minimum" or "Ships from $15 · free over $150"; null when there is nothing to say.
 */
export function feeSummary(fees: FulfillmentFees, mode: 'delivery' | 'ship'): string | null {
  if (mode === 'delivery') {
    const bands = fees.delivery_fee_bands;
    const first = bands[0];
    const parts: string[] = [];
    if (!first || bands.every((band) => band.fee_cents === 0)) parts.push('Free delivery');
    else {
      const from = bands.length > 1 ? 'from ' : '';
      parts.push(
        `Delivery ${from}${formatShortCents(first.fee_cents)} within ${first.within_miles} mi`,
      );
    }
    if (fees.delivery_minimum_cents > 0) {
      parts.push(`${formatShortCents(fees.delivery_minimum_cents)} minimum`);
    }
    return parts.join(' · ');
  }
  const rates = fees.shipping_rates;
  if (rates.length === 0 || rates.every((rate) => rate.fee_cents === 0)) return 'Free shipping';
  const lowest = Math.min(...rates.map((rate) => rate.fee_cents));
  const threshold = fees.free_shipping_over_cents;
  const free = threshold === null ? '' : ` · free over ${formatShortCents(threshold)}`;
  return `Ships from ${formatShortCents(lowest)}${free}`;
}
