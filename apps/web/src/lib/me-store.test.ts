import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MeStore from './me-store';

const seller = {
  __typename: 'User',
  id: 7,
  name: 'Ada Vintner',
  is_admin: false,
  email: 'ada@winery.example',
  seesWholesalePricing: false,
  wholesaleAccessExpiresOn: null,
  works_at: [{ __typename: 'Workplace', id: 3, name: 'Hillside Cellars', slug: 'hillside' }],
};

function answer(me: unknown): Response {
  return new Response(JSON.stringify({ data: { me } }), {
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch whose answers the test hands out one by one, in any order. */
function controlledFetch() {
  const pending: ((response: Response) => void)[] = [];
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (index: number, response: Response) => pending[index]!(response) };
}

// Each test gets a fresh store: it is module state, shared by every useMe() on a page.
let store: typeof MeStore;
beforeEach(async () => {
  vi.resetModules();
  store = await import('./me-store');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the signed-in user', () => {
  it('is being fetched until the first answer, then known to every subscriber', async () => {
    const { fetchMock, answer: reply } = controlledFetch();
    const header = vi.fn();
    const shop = vi.fn();
    store.subscribeToMe(header);
    store.subscribeToMe(shop);
    expect(store.getMeState()).toEqual({ me: null, fetching: true });
    // Two subscribers, one request.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    // The server refuses cross-site "simple" POSTs; this one must be JSON.
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');

    reply(0, answer(seller));
    await vi.waitFor(() => expect(store.getMeState().fetching).toBe(false));
    expect(store.getMeState().me).toMatchObject({ id: 7, name: 'Ada Vintner' });
    expect(header).toHaveBeenCalledTimes(1);
    expect(shop).toHaveBeenCalledTimes(1);
  });

  it('keeps the answer to the latest request when an older one arrives last', async () => {
    const { answer: reply } = controlledFetch();
    const first = store.reloadMe();
    const second = store.reloadMe();
    reply(1, answer(seller));
    await second;
    reply(0, answer(null));
    await first;
    expect(store.getMeState().me).toMatchObject({ id: 7 });
  });

  it('reads as anonymous when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('network down'))),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.reloadMe();
    expect(store.getMeState()).toEqual({ me: null, fetching: false });
    expect(warn).toHaveBeenCalled();
  });
});

describe('a page the server marked as served to a visitor without a session', () => {
  /** A fresh store, loaded into a page holding the server's marker. */
  async function storeInMarkedPage(navigationType: NavigationTimingType = 'navigate') {
    // The marker as web.routes.ts writes it (these tests run without a DOM).
    const marker = { textContent: '{"me":null}' };
    vi.stubGlobal('document', {
      getElementById: (id: string) => (id === 'initial-me' ? marker : null),
    });
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: navigationType } as PerformanceNavigationTiming,
    ]);
    vi.resetModules();
    return import('./me-store');
  }
  it('knows nobody is signed in without asking the server', async () => {
    const { fetchMock } = controlledFetch();
    const marked = await storeInMarkedPage();
    const listener = vi.fn();
    marked.subscribeToMe(listener);
    expect(marked.getMeState()).toEqual({ me: null, fetching: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('still asks after a sign-in reloads the user', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(seller)));
    vi.stubGlobal('fetch', fetchMock);
    const marked = await storeInMarkedPage();
    await marked.reloadMe();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(marked.getMeState().me).toMatchObject({ id: 7 });
  });

  it('asks anyway when the page came back through Back or Forward (perhaps from the cache)', async () => {
    const { fetchMock } = controlledFetch();
    const marked = await storeInMarkedPage('back_forward');
    marked.subscribeToMe(vi.fn());
    expect(marked.getMeState()).toEqual({ me: null, fetching: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('mutationTouchesMe', () => {
  it('is true when a mutation answers with a type the user came back with', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(seller))),
    );
    await store.reloadMe();
    const renamedWorkplace = {
      updateWorkplace: { __typename: 'Workplace', id: 3, name: 'Hillside Estate' },
    };
    expect(store.mutationTouchesMe(renamedWorkplace)).toBe(true);
    expect(store.mutationTouchesMe({ setAdmin: { __typename: 'User', id: 9 } })).toBe(true);
    expect(store.mutationTouchesMe({ saveProduct: { __typename: 'Product', id: 1 } })).toBe(false);
    expect(store.mutationTouchesMe(null, ['Workplace'])).toBe(true);
  });

  it('is false for everything while the visitor is anonymous', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(answer(null))),
    );
    await store.reloadMe();
    expect(store.mutationTouchesMe({ logIn: { __typename: 'User', id: 7 } })).toBe(false);
  });
});
