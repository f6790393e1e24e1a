import { SEARCH_TOKEN_TTL_MS } from '@bevy/core';
import type { SearchClient } from 'instantsearch.js';
import { useEffect, useState } from 'react';

/** The product index on our own search endpoint. */
export const PRODUCT_INDEX = 'products';

const TOKEN_STORAGE_KEY = 'searchToken';

interface StoredToken {
  publicKey: string;
  expiresAt: number;
}

function readStoredToken(): string | null {
  try {
    const raw = localStorage.getItem(TOKEN_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as StoredToken;
    return stored.expiresAt > Date.now() ? stored.publicKey : null;
  } catch {
    return null;
  }
}

function forgetStoredToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was cached either.
  }
}

/** GET /get-search-token, cached in local storage for 24 hours as the original did. */
async function fetchSearchKey(): Promise<string | null> {
  try {
    const response = await fetch('/get-search-token', { credentials: 'include' });
    if (!response.ok) throw new Error(`GET /get-search-token answered ${response.status}`);
    const { publicKey } = (await response.json()) as { publicKey: string };
    try {
      const stored: StoredToken = { publicKey, expiresAt: Date.now() + SEARCH_TOKEN_TTL_MS };
      localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(stored));
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

/** A search client for react-instantsearch that posts multi-queries to our /search endpoint. */
export function createSearchClient(initialKey: string | null): SearchClient {
  let key = initialKey;

  async function post(requests: SearchRequest[], retried = false): Promise<{ results: unknown[] }> {
    const response = await fetch('/search', {
      method: 'POST',
      credentials: 'include',
      headers: {
        'content-type': 'application/json',
        ...(key ? { 'x-search-key': key } : {}),
      },
      body: JSON.stringify({ requests }),
    });
    if ((response.status === 401 || response.status === 403) && !retried) {
      forgetStoredToken();
      key = await fetchSearchKey();
      return post(requests, true);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string };
      } | null;
      throw new Error(body?.error?.message ?? `Search failed with status ${response.status}`);
    }
    return (await response.json()) as { results: unknown[] };
  }

  const client = {
    search: (requests: SearchRequest[]) =>
      post(
        requests.map(({ indexName, params, type, facet }) => ({
          indexName,
          params: params ?? {},
          ...(type ? { type } : {}),
          ...(facet ? { facet } : {}),
        })),
      ),
  };
  return client as unknown as SearchClient;
}

/** The search client, once its key is known; null until then ('Loading...'). */
export function useSearchClient(): SearchClient | null {
  const [client, setClient] = useState<SearchClient | null>(null);
  useEffect(() => {
    let cancelled = false;
    const stored = readStoredToken();
    const ready = stored ? Promise.resolve(stored) : fetchSearchKey();
    void ready.then((key) => {
      if (!cancelled) setClient(createSearchClient(key));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return client;
}
