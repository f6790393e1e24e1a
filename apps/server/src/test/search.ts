import type { App } from '../app';

/** How many published products a product search finds (no hits are fetched). */
export async function productCount(app: App, params: Record<string, unknown>): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/search',
    headers: { 'content-type': 'application/json' },
    payload: { requests: [{ indexName: 'products', params: { ...params, hitsPerPage: 0 } }] },
  });
  return response.json().results[0].nbHits as number;
}

/** The key GET /get-search-token gives the caller with this session cookie (or none). */
export async function searchKeyFor(app: App, cookie?: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/get-search-token',
    headers: cookie ? { cookie } : {},
  });
  return response.json().publicKey as string;
}
