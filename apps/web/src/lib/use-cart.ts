import {
  cartItemCount,
  cartQuantityOf,
  type CartAction,
  type TicketCartAction,
} from '@bevy/core/cart';
import { useCallback, useSyncExternalStore } from 'react';
import { cartStore, type CartStoreState } from './cart-store';

const subscribe = (listener: () => void) => cartStore().subscribe(listener);

// Each hook passes its reader twice: also as the server snapshot, for static rendering in tests.

/** The whole cart, for the cart page. */
export function useCart(): CartStoreState {
  const state = () => cartStore().getState();
  return useSyncExternalStore(subscribe, state, state);
}

/**
 * Units of one product in the cart (0 when absent), or null when the cart cannot be used. A tile
 * re-renders only when its own number changes, not on every change to the cart.
 */
export function useCartQuantity(id: string): number | null {
  const quantity = useCallback(() => {
    const state = cartStore().getState();
    return state.status === 'ready' ? cartQuantityOf(state.cart, id) : null;
  }, [id]);
  return useSyncExternalStore(subscribe, quantity, quantity);
}

/** Units in the whole cart, or null when the cart cannot be used. */
export function useCartItemCount(): number | null {
  const count = () => {
    const state = cartStore().getState();
    return state.status === 'ready' ? cartItemCount(state.cart) : null;
  };
  return useSyncExternalStore(subscribe, count, count);
}

export function dispatchCartAction(action: CartAction): void {
  cartStore().dispatch(action);
}

/** Takes these products out of the cart, whatever their quantities (after they are bought). */
export function removeFromCart(ids: readonly string[]): void {
  const state = cartStore().getState();
  if (state.status !== 'ready') return;
  for (const id of ids) {
    const product = state.cart.products.find((item) => item.objectID === id);
    if (product) dispatchCartAction({ type: 'remove', id, product, isUnique: false });
  }
}

export function dispatchTicketAction(action: TicketCartAction): void {
  cartStore().dispatchTickets(action);
}

/** Takes these ticket types out of the cart (after they are bought). */
export function removeTicketsFromCart(ticketTypeIds: readonly number[]): void {
  for (const ticketTypeId of ticketTypeIds) dispatchTicketAction({ type: 'remove', ticketTypeId });
}
