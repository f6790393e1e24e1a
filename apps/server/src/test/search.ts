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
