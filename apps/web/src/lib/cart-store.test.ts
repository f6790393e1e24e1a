import { CART_STORAGE_KEY, EMPTY_CART, type CartAction, type ProductHit } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { createCartStore, type CartStoreState } from './cart-store';
import { demoProduct, MemoryStorage } from './cart-test-data';

const add = (id: string): CartAction => ({
  type: 'add',
  id,
  product: demoProduct(id),
  isUnique: false,
});

/** Window-like storage events, fired by hand as another tab's writes would be. */
function storageEvents() {
  const listeners: ((event: StorageEvent) => void)[] = [];
  return {
    addEventListener: ((type: string, listener: (event: StorageEvent) => void) => {
      if (type === 'storage') listeners.push(listener);
    }) as Window['addEventListener'],
    fire: (key: string | null) => {
      for (const listener of listeners) listener({ key } as StorageEvent);
    },
  };
}

const ready = (state: CartStoreState) => {
  if (state.status !== 'ready') throw new Error(`The cart is ${state.status}`);
  return state;
};

describe('the cart store', () => {
  it('starts empty when nothing is stored', () => {
    const store = createCartStore(() => new MemoryStorage());
    expect(store.getState()).toEqual({
      status: 'ready',
      cart: EMPTY_CART,
      discarded: false,
      saveFailed: false,
    });
  });

  it('saves the cart under "cart" after every change, and a new page load reads it back', () => {
    const storage = new MemoryStorage();
    const store = createCartStore(() => storage);
    store.dispatch(add('7'));
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual(ready(store.getState()).cart);
    store.dispatch(add('7'));
    store.dispatch(add('8'));
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!).quantity).toEqual({ '7': 2, '8': 1 });

    const reloaded = createCartStore(() => storage);
    expect(ready(reloaded.getState()).cart).toEqual(ready(store.getState()).cart);
  });

  it('tells subscribers about changes, and not about actions that change nothing', () => {
    const store = createCartStore(() => new MemoryStorage());
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    store.dispatch(add('7'));
    store.dispatch({ ...add('8'), type: 'remove' });
    expect(calls).toBe(1);
    unsubscribe();
    store.dispatch(add('7'));
    expect(calls).toBe(1);
  });

  it('leaves out what it cannot read, says so, and stores the cart without it', () => {
    const storage = new MemoryStorage();
    const product: ProductHit = demoProduct('7');
    storage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        addedIds: ['7', '8'],
        products: [product, demoProduct('8')],
        quantity: { '7': 2, '8': -3 },
      }),
    );
    const state = ready(createCartStore(() => storage).getState());
    expect(state.cart.addedIds).toEqual(['7']);
    expect(state.discarded).toBe(true);
    expect(JSON.parse(storage.getItem(CART_STORAGE_KEY)!)).toEqual(state.cart);
    expect(ready(createCartStore(() => storage).getState()).discarded).toBe(false);
  });

  it.each([
    [
      'cannot be reached at all',
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    ],
    [
      'refuses every write',
      () => {
        const storage = new MemoryStorage();
        storage.setItem = () => {
          throw new DOMException('Quota exceeded', 'QuotaExceededError');
        };
        return storage;
      },
    ],
  ])('fails with "localStorage is not available" when storage %s', (_label, getStorage) => {
    const store = createCartStore(getStorage);
    expect(store.getState()).toEqual({
      status: 'unavailable',
      message: 'localStorage is not available',
    });
    expect(() => store.dispatch(add('7'))).not.toThrow();
    expect(store.getState().status).toBe('unavailable');
  });

  it('keeps a change in the page, and says it was not saved, when storage fills up later', () => {
    const storage = new MemoryStorage();
    const store = createCartStore(() => storage);
    storage.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    store.dispatch(add('7'));
    const state = ready(store.getState());
    expect(state.cart.quantity).toEqual({ '7': 1 });
    expect(state.saveFailed).toBe(true);
  });

  it('follows changes another tab makes to the cart', () => {
    const storage = new MemoryStorage();
    const events = storageEvents();
    const store = createCartStore(() => storage, events);
    const otherTab = createCartStore(() => storage);
    otherTab.dispatch(add('9'));

    events.fire('some-other-key');
    expect(ready(store.getState()).cart).toEqual(EMPTY_CART);
    events.fire(CART_STORAGE_KEY);
    expect(ready(store.getState()).cart.addedIds).toEqual(['9']);
    storage.clear();
    events.fire(null);
    expect(ready(store.getState()).cart).toEqual(EMPTY_CART);
  });
});
