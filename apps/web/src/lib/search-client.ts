import { SEARCH_TOKEN_TTL_MS, type ProductHit } from '@bevy/core';
import type { SearchClient } from 'instantsearch.js';
import { useEffect, useState } from 'react';
import { useMe } from './use-me';

/** The product index on our own search endpoint. */
export const PRODUCT_INDEX = 'products';

/**
 * One cached key per user: the server issues a wholesale key only to approved wholesale buyers,
 * so a key fetched while anonymous (or as someone else) must not be reused after logging in.
 */
function tokenStorageKey(userId: number | null): string {
  return `searchToken:${userId ?? 'anonymous'}`;
}

interface StoredToken {
  publicKey: string;
  expiresAt: number;
}

function readStoredToken(userId: number | null): string | null {
  try {
    const raw = localStorage.getItem(tokenStorageKey(userId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredToken;
    return stored.expiresAt > Date.now() ? stored.publicKey : null;
  } catch {
    return null;
  }
}

function forgetStoredToken(userId: number | null): void {
  try {
    localStorage.removeItem(tokenStorageKey(userId));
  } catch {
    // Storage unavailable: nothing was cached either.
  }
}

/** GET /get-search-token, cached in local storage for 24 hours as the original did. */
async function fetchSearchKey(userId: number | null): Promise<string | null> {
  try {
    const response = await fetch('/get-search-token', { credentials: 'include' });
    if (!response.ok) throw new Error(`GET /get-search-token answered ${response.status}`);
    const { publicKey } = (await response.json()) as { publicKey: string };
    try {
      const stored: StoredToken = { publicKey, expiresAt: Date.now() + SEARCH_TOKEN_TTL_MS };
      localStorage.setItem(tokenStorageKey(userId), JSON.stringify(stored));
    } catch {
      // Without storage the key is simply fetched again next time.
    }
    return publicKey;
  } catch (error) {
    // The original only logs this; search still works with the public (retail) access.
    console.warn('Could not get a search key', error);
    return null;
  }
}

interface SearchRequest {
  indexName: string;
  params?: Record<string, unknown>;
  type?: string;
  facet?: string;
}

/** The search client, which also fetches one product as the buyer's key may see it. */
export type ProductSearchClient = SearchClient & {
  /** The product priced for this buyer; null when it is not for sale. */
  getProduct(productId: string): Promise<ProductHit | null>;
};

/**
 * A search client for react-instantsearch that posts multi-queries to our /search endpoint.
 * `userId` names whose key this is (null: anonymous), so a refused key is replaced by theirs.
 */
export function createSearchClient(
  initialKey: string | null,
  userId: number | null,
): ProductSearchClient {
  let key = initialKey;

  /**
   * Sends a request with the key. A key the server could not accept (expired, or from another
   * secret) was served as anonymous: get this user's key again and send it once more.
   */
  async function send(url: string, init: RequestInit, retried = false): Promise<Response> {
    const response = await fetch(url, {
      ...init,
      credentials: 'include',
      headers: { ...init.headers, ...(key ? { 'x-search-key': key } : {}) },
    });
    if (response.headers.get('x-search-key-status') && !retried) {
      forgetStoredToken(userId);
      key = await fetchSearchKey(userId);
      return send(url, init, true);
    }
    return response;
  }

  async function post(requests: SearchRequest[]): Promise<{ results: unknown[] }> {
    const response = await send('/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requests }),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string };
      } | null;
      throw new Error(body?.error?.message ?? `Search failed with status ${response.status}`);
    }
    return (await response.json()) as { results: unknown[] };
  }

  const client = {
    getProduct: async (productId: string) => {
      const response = await send(
        `/1/indexes/${PRODUCT_INDEX}/${encodeURIComponent(productId)}`,
        {},
      );
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`The product could not be loaded (${response.status}).`);
      return (await response.json()) as ProductHit;
    },
    search: (requests: SearchRequest[]) =>
      post(
        requests.map(({ indexName, params, type, facet }) => ({
          indexName,
          // No page shows highlighted hits: asking for none spares the server making them
          // (Algolia's default is every searchable attribute). A widget that asks still gets them.
          params: { attributesToHighlight: [], ...params },
          ...(type ? { type } : {}),
          ...(facet ? { facet } : {}),
        })),
      ),
  };
  return client as unknown as ProductSearchClient;
}

/**
 * The search client for the signed-in user (or an anonymous visitor), once its key is known;
 * null until then ('Loading...'). A new key is used whenever the user changes, for example
 * after logging in. It waits for the first answer about the user, so a wholesale buyer never
 * searches with the anonymous (retail) key first.
 */
export function useSearchClient(): ProductSearchClient | null {
  const { me, fetching } = useMe();
  const userKnown = !fetching || me !== null;
  const userId = me?.id ?? null;
  const [client, setClient] = useState<{
    userId: number | null;
    client: ProductSearchClient;
  } | null>(null);
  useEffect(() => {
    if (!userKnown) return;
    let cancelled = false;
    const stored = readStoredToken(userId);
    const ready = stored ? Promise.resolve(stored) : fetchSearchKey(userId);
    void ready.then((key) => {
      if (!cancelled) setClient({ userId, client: createSearchClient(key, userId) });
    });
    return () => {
      cancelled = true;
    };
  }, [userKnown, userId]);
  // A client made for someone else is never handed out, not even for the moment before the
  // new one is ready.
  return userKnown && client?.userId === userId ? client.client : null;
}
