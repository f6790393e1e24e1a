import { act, render } from '@testing-library/react';
import type { Middleware, UiState } from 'instantsearch.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter } from 'react-router';
import { DEFAULT_FULFILLMENT } from './shop-url-state';
import { ShopUrlSync } from './shop-url-sync';

const INDEX = 'products';

// What the shop's InstantSearch does with the address: it reports state changes to the
// middleware, and takes a restored state through setIndexUiState.
const search = vi.hoisted(() => ({
  middlewares: [] as Middleware[],
  setIndexUiState: vi.fn(),
}));

vi.mock('react-instantsearch', () => ({
  useInstantSearch: () => ({
    addMiddlewares: (...added: Middleware[]) => {
      search.middlewares.push(...added);
      return () => {};
    },
    setIndexUiState: search.setIndexUiState,
    indexUiState: {},
  }),
}));

/** The shop's search moves on, as a click on a page button does. */
function searchChanges(indexUiState: UiState[string]) {
  for (const middleware of search.middlewares) {
    const instance = middleware({ instantSearchInstance: {} as never });
    instance.onStateChange?.({ uiState: { [INDEX]: indexUiState } });
  }
}

/** What the address would restore: the restored state a call to setIndexUiState computes. */
function restoredState(): UiState[string] {
  const update = search.setIndexUiState.mock.lastCall?.[0] as
    ((previous: UiState[string]) => UiState[string]) | undefined;
  expect(update).toBeTypeOf('function');
  return update!({});
}

function backButton(): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener('popstate', () => resolve(), { once: true });
    window.history.back();
  });
}

describe('the shop address on Back and Forward', () => {
  beforeEach(() => {
    // The reader came from their orders, filtered, to the shop.
    window.history.replaceState(null, '', '/orders?status=placed');
    window.history.pushState(null, '', '/shop');
    search.middlewares = [];
    search.setIndexUiState.mockReset();
    render(
      <BrowserRouter>
        <ShopUrlSync
          productIndex={INDEX}
          fulfillment={DEFAULT_FULFILLMENT}
          onRestoreFulfillment={() => {}}
        />
      </BrowserRouter>,
    );
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('writes a new page into the address', async () => {
    await act(async () => searchChanges({ page: 2 }));
    expect(window.location.search).toBe('?page=2');
  });

  it('restores the first page on Back, after React has shown the second', async () => {
    await act(async () => searchChanges({ page: 2 }));
    await act(() => backButton());
    expect(window.location.search).toBe('');
    expect(restoredState()).not.toHaveProperty('page');
  });

  // The router shows a new address in a transition, which a busy page can put off until Back
  // has already taken the address back: the router then never reports a change.
  it('restores the first page on Back that comes before React shows the second', async () => {
    await act(async () => {
      searchChanges({ page: 2 });
      await backButton();
    });
    expect(window.location.search).toBe('');
    expect(restoredState()).not.toHaveProperty('page');
  });

  // Back leaves the shop: its search must not follow the reader to the other page's address.
  it('leaves the search alone on Back to another page', async () => {
    await act(() => backButton());
    expect(window.location.pathname).toBe('/orders');
    expect(search.setIndexUiState).not.toHaveBeenCalled();
  });
});
