import {
  deliveryRefusal,
  describeDeliveryRefusal,
  fulfillmentFlagFor,
  type BuyerKind,
  type DeliveryTerms,
  type FulfillmentMode,
  type FulfillmentOffer,
} from './fulfillment';
import { distanceMiles, type LatLng } from './geo';

/** Where the buyer is, as a ZIP code resolves. */
export interface BuyerPlace extends LatLng {
  state: string;
}

/** One way a buyer may get a product, and whether it reaches them. */
export interface WayToGet {
  mode: FulfillmentMode;
  /** False when this buyer cannot have it this way; `detail` says why. */
  available: boolean;
  /** In words, e.g. "Pickup 12 miles away" or "Ships to CA, OR, WA". */
  detail: string;
}

type Offer = FulfillmentOffer & Pick<DeliveryTerms, '_geoloc'>;

const roundMiles = (miles: number) => `${Math.max(1, Math.round(miles)).toLocaleString('en-US')}`;

/**
 * The three ways a product can reach a buyer of this kind (pickup, delivery, shipping), each
 * judged for the buyer's place when it is known: pickup says how far, delivery applies the
 * producer's radius, shipping needs the buyer's state among the producer's.
 */
export function waysToGet(offer: Offer, buyer: BuyerKind, place: BuyerPlace | null): WayToGet[] {
  const offers = (mode: FulfillmentMode) => offer[fulfillmentFlagFor(mode, buyer)];
  const away = place && offer._geoloc ? distanceMiles(offer._geoloc, place) : null;

  const pickup: WayToGet = offers('pickup')
    ? {
        mode: 'pickup',
        available: true,
        detail:
          away === null
            ? 'Pick up at the producer'
            : `Pick up at the producer, ${roundMiles(away)} mi away`,
      }
    : { mode: 'pickup', available: false, detail: `No pickup for ${buyer} buyers` };

  const refusal = deliveryRefusal(offer, buyer, place);
  const delivery: WayToGet = refusal
    ? { mode: 'delivery', available: false, detail: describeDeliveryRefusal(refusal) }
    : {
        mode: 'delivery',
        available: true,
        detail: place ? 'Delivers to your ZIP code' : 'Local delivery',
      };

  const states = [...offer.ship_to_states].sort();
  let ship: WayToGet;
  if (!offers('ship') || states.length === 0) {
    ship = { mode: 'ship', available: false, detail: `Does not ship to ${buyer} buyers` };
  } else if (place && !states.includes(place.state)) {
    ship = { mode: 'ship', available: false, detail: `Does not ship to ${place.state}` };
  } else {
    ship = { mode: 'ship', available: true, detail: `Ships to ${states.join(', ')}` };
  }
  return [pickup, delivery, ship];
}
