import {
  deliveryRefusal,
  describeDeliveryRefusal,
  feeFor,
  fulfillmentFlagFor,
  US_STATES,
  type BuyerKind,
  type Cents,
  type UsStateCode,
} from '@bevy/core';
import type { PlaceOrderInput } from '@bevy/core/checkout-schemas';
import type { CartProblem, CatalogBusiness, ZipLocator } from './checkout-pricing';

/**
 * What a producer's fulfillment must meet at checkout, from its terms in the database: pickup,
 * delivery range and shipping states for the buyer's kind, invoice terms, and the fee.
 */

const stateName = (code: string) => US_STATES[code as UsStateCode] ?? code;

export function fulfillmentProblems(
  business: CatalogBusiness,
  choice: Pick<PlaceOrderInput['fulfillment'][number], 'mode' | 'address'>,
  field: string,
  buyer: BuyerKind,
  locate: ZipLocator,
): CartProblem[] {
  const bad = (at: string, message: string): CartProblem[] => [
    { code: 'BAD_USER_INPUT', field: `${field}.${at}`, message },
  ];
  const kindWord = buyer === 'wholesale' ? 'wholesale' : 'retail';
  const { mode, address } = choice;
  if (mode === 'pickup') {
    return business[fulfillmentFlagFor('pickup', buyer)]
      ? []
      : bad('mode', `${business.name} does not offer pickup to ${kindWord} buyers.`);
  }
  // The schema requires an address for delivery and shipping.
  const place = locate(address!.zip);
  if (!place) return bad('address.zip', `We could not find the ZIP code ${address!.zip}.`);
  if (place.state !== address!.state) {
    return bad(
      'address.zip',
      `The ZIP code ${address!.zip} is in ${stateName(place.state)}, not ${stateName(address!.state)}.`,
    );
  }
  if (mode === 'delivery') {
    const refusal = deliveryRefusal({ ...business, _geoloc: business.location }, buyer, {
      lat: place.lat,
      lng: place.lng,
    });
    if (!refusal) return [];
    const at = refusal.reason === 'out-of-range' ? 'address.zip' : 'mode';
    return bad(at, `${business.name}: ${describeDeliveryRefusal(refusal)}.`);
  }
  if (!business[fulfillmentFlagFor('ship', buyer)]) {
    return bad('mode', `${business.name} does not ship to ${kindWord} buyers.`);
  }
  if (!business.ship_to_states.includes(address!.state)) {
    return bad('address.state', `${business.name} cannot ship to ${stateName(address!.state)}.`);
  }
  return [];
}

/** Why the buyer cannot pay this producer by invoice, or null when they can. */
export function invoiceProblem(
  business: CatalogBusiness,
  field: string,
  buyer: BuyerKind,
): CartProblem | null {
  const message =
    buyer !== 'wholesale'
      ? 'Only approved wholesale buyers can pay by invoice.'
      : business.wholesale_invoice_terms_days === null
        ? `${business.name} does not offer invoice terms; pay by card.`
        : null;
  return message === null
    ? null
    : { code: 'BAD_USER_INPUT', field: `${field}.payByInvoice`, message };
}

/**
 * The fee of one producer's order from its terms in the database (decision 014), at the place
 * the buyer gave. The place is always known here (the schema requires an address for delivery
 * and shipping), so the fee is; an unknown ZIP code is refused among the fulfillment problems.
 */
export function fulfillmentFee(
  business: CatalogBusiness,
  choice: Pick<PlaceOrderInput['fulfillment'][number], 'mode' | 'address'>,
  lines: readonly { quantity: number }[],
  subtotal: Cents,
  locate: ZipLocator,
): { feeCents: Cents; problem: string | null } {
  const place = choice.address ? locate(choice.address.zip) : null;
  const quote = feeFor(
    {
      mode: choice.mode,
      producerName: business.name,
      productSubtotal: subtotal,
      bottles: lines.reduce((sum, line) => sum + line.quantity, 0),
    },
    business,
    {
      producer: business.location,
      buyer: place ? { lat: place.lat, lng: place.lng } : null,
      state: choice.address?.state ?? null,
    },
  );
  // Unknown only without a place, which the fulfillment problems already refuse.
  return { feeCents: quote.feeCents ?? 0, problem: quote.problem };
}
