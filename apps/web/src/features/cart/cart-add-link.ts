import {
  cartQuantityOf,
  isCartId,
  MAX_CART_QUANTITY,
  type CartAction,
  type CartState,
  type PriceTier,
  type ProductHit,
} from '@bevy/core';
import { lowestMinimum } from '../../lib/cart-quantity';

/**
 * `/cart?add={productId}&qty={n}`: how other sites (the embeddable shop, shared links) put a
 * product in the buyer's one cart. Only `add` and `qty` belong to it; utm_* and the rest stay.
 */

export const ADD_PARAMS = ['add', 'qty'] as const;

export type CartAddLink =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  | { kind: 'add'; productId: string; quantity: number };

const WHOLE = /^\d{1,6}$/;

/** What the address asks the cart to add, if anything. */
export function parseCartAddLink(search: URLSearchParams): CartAddLink {
  if (!search.has('add')) return { kind: 'none' };
  const productId = search.get('add')?.trim() ?? '';
  if (!isCartId(productId)) {
    return {
      kind: 'invalid',
      message: 'The link did not name a product we know, so nothing was added.',
    };
  }
  const typed = search.get('qty')?.trim() || '1';
  const quantity = WHOLE.test(typed) ? Number(typed) : NaN;
  if (!(quantity >= 1 && quantity <= MAX_CART_QUANTITY)) {
    return {
      kind: 'invalid',
      message: `The link asked for a quantity we cannot add (${typed.slice(0, 20)}), so nothing was added.`,
    };
  }
  return { kind: 'add', productId, quantity };
}

/** The address without `add` and `qty`, so reloading or going back adds nothing again. */
export function withoutAddParams(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const name of ADD_PARAMS) rest.delete(name);
  const query = rest.toString();
  return query ? `?${query}` : '';
}

export interface CartAddPlan {
  actions: CartAction[];
  /** The units the line should hold afterwards. */
  quantity: number;
}

/**
 * The cart actions that add `quantity` more units of the product, as the tile's controls would:
 * a new line starts at the price list's minimum, and a line never exceeds the cart's limit.
 */
export function planCartAdd(
  cart: CartState,
  product: ProductHit,
  tiers: readonly PriceTier[],
  quantity: number,
): CartAddPlan {
  const minimum = lowestMinimum(tiers);
  const wanted = Math.min(
    Math.max(cartQuantityOf(cart, product.objectID) + quantity, minimum),
    MAX_CART_QUANTITY,
  );
  const action = (type: CartAction['type']): CartAction => ({
    type,
    id: product.objectID,
    product,
    isUnique: false,
    minimum,
    quantity: wanted,
  });
  return { actions: [action('add'), action('set')], quantity: wanted };
}
