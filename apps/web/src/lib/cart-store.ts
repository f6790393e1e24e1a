import {
  CART_STORAGE_KEY,
  cartReducer,
  LOCAL_STORAGE_UNAVAILABLE,
  readStoredCart,
  ticketCartReducer,
  type CartAction,
  type CartState,
  type TicketCartAction,
} from '@bevy/core/cart';

/**
 * The buyer's cart, kept in the browser's local storage under 'cart' after every change and read
 * back on load (spec section 4). Without local storage the cart cannot work at all, and says so
 * with the spec's message instead of losing what the buyer adds.
 */
export type CartStoreState =
  | {
      status: 'ready';
      cart: CartState;
      /** Part of the stored cart could not be read and was left out (this visit only). */
      discarded: boolean;
      /** The last change could not be written to storage (full, or blocked since load). */
      saveFailed: boolean;
    }
  | { status: 'unavailable'; message: string };

export interface CartStore {
  getState(): CartStoreState;
  subscribe(listener: () => void): () => void;
  dispatch(action: CartAction): void;
  /** Changes the cart's event tickets. */
  dispatchTickets(action: TicketCartAction): void;
}

const PROBE_KEY = 'cart-storage-probe';

/** The storage, once it has proved it can keep a value; else the spec's error. */
export function openCartStorage(getStorage: () => Storage): Storage {
  try {
    const storage = getStorage();
    storage.setItem(PROBE_KEY, PROBE_KEY);
    storage.removeItem(PROBE_KEY);
    return storage;
  } catch {
    // Private modes, disabled site data and sandboxed frames throw on access or on writing.
    throw new Error(LOCAL_STORAGE_UNAVAILABLE);
  }
}

/** Where storage events (another tab changed the cart) come from. */
type StorageEvents = Pick<Window, 'addEventListener'>;

export function createCartStore(getStorage: () => Storage, events?: StorageEvents): CartStore {
  const listeners = new Set<() => void>();
  let storage: Storage | null = null;
  let state: CartStoreState;

  const save = (cart: CartState): boolean => {
    try {
      storage!.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
      return true;
    } catch {
      return false;
    }
  };
  const setState = (next: CartStoreState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const readBack = () => {
    const { cart, discarded } = readStoredCart(storage!.getItem(CART_STORAGE_KEY));
    // What could not be read is dropped from storage too, so it is reported once.
    const saveFailed = discarded && !save(cart);
    return { status: 'ready' as const, cart, discarded, saveFailed };
  };

  try {
    storage = openCartStorage(getStorage);
    state = readBack();
  } catch (error) {
    state = {
      status: 'unavailable',
      message: error instanceof Error ? error.message : LOCAL_STORAGE_UNAVAILABLE,
    };
  }

  events?.addEventListener('storage', (event) => {
    // Another tab changed the cart (key) or cleared the site's storage (no key).
    if (state.status !== 'ready' || (event.key !== null && event.key !== CART_STORAGE_KEY)) return;
    setState(readBack());
  });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      if (state.status !== 'ready') return;
      const cart = cartReducer(state.cart, action);
      if (cart === state.cart) return;
      setState({ ...state, cart, saveFailed: !save(cart) });
    },
    dispatchTickets(action) {
      if (state.status !== 'ready') return;
      const current = state.cart.tickets ?? [];
      const tickets = ticketCartReducer(current, action);
      if (tickets === current) return;
      const cart = { ...state.cart, tickets };
      setState({ ...state, cart, saveFailed: !save(cart) });
    },
  };
}

let browserCartStore: CartStore | null = null;

/** The page's one cart, opened on first use. */
export function cartStore(): CartStore {
  browserCartStore ??= createCartStore(() => window.localStorage, window);
  return browserCartStore;
}
