// Throughput over HTTP: the server's real /search route (its request schema, buyer projection and
// response shape) on our engine, against a bare Fastify route that returns the very same response
// bodies, precomputed. Both servers run in this process; autocannon runs in a child process.
import { fork } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import type { SearchIndex } from '@bevy/search';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { ProductSearch } from '../modules/search/index';
import { searchRoutes } from '../modules/search/index';
import type { LoadRequest, LoadResult } from './load-worker';
import type { BenchQuery } from './queries';

export interface HttpReport {
  seconds: number;
  connections: number;
  bare: LoadResult;
  ours: LoadResult;
  /** ours / bare requests per second. */
  ratio: number;
}

/** A ProductSearch serving `index`, so the route runs exactly the server's code. */
function productSearchOver(index: SearchIndex): ProductSearch {
  const productSearch = new ProductSearch();
  // ProductSearch builds its index from the database; the benchmark hands it the one it built.
  Object.assign(productSearch, { index });
  if (productSearch.size !== index.size) {
    throw new Error('ProductSearch no longer keeps its index in `index`; update bench/http.ts');
  }
  return productSearch;
}

async function searchServer(index: SearchIndex): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // /search reads neither the database nor the secret unless a search key is sent.
  await app.register(searchRoutes, {
    config: { searchKeySecret: 'bench-search-key-secret-0123456789abcdef' } as Config,
    db: undefined as unknown as Db,
    productSearch: productSearchOver(index),
  });
  return app;
}

/** Runs autocannon in a child process (load-worker.ts) and returns what it measured. */
export function load(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load-worker.ts', import.meta.url), {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let answered = false;
    child.once('message', (result: LoadResult) => {
      answered = true;
      resolve(result);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(request);
  });
}

export async function httpBenchmark(
  index: SearchIndex,
  queries: readonly BenchQuery[],
  seconds: number,
  connections: number,
): Promise<HttpReport> {
  const bodies = queries.map((query, bench) =>
    JSON.stringify({ requests: [{ indexName: 'products', params: query.params }], bench }),
  );
  const ours = await searchServer(index);
  // The bare route's answers: exactly what the real route answers to the same bodies.
  const responses: unknown[] = [];
  for (const body of bodies) {
    const response = await ours.inject({
      method: 'POST',
      url: '/search',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    if (response.statusCode !== 200) {
      throw new Error(`/search answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    }
    responses.push(response.json());
  }
  const bare = Fastify({ logger: false });
  bare.post('/search', async (request) => responses[(request.body as { bench: number }).bench]);

  const oursUrl = await ours.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const run = (url: string, duration: number) =>
      load({ url, bodies, seconds: duration, connections });
    // A short warm-up each, so both are measured with optimized code and open connections.
    await run(bareUrl, 2);
    await run(oursUrl, 2);
    const bareResult = await run(bareUrl, seconds);
    const oursResult = await run(oursUrl, seconds);
    return {
      seconds,
      connections,
      bare: bareResult,
      ours: oursResult,
      ratio: oursResult.requestsPerSecond / bareResult.requestsPerSecond,
    };
  } finally {
    await ours.close();
    await bare.close();
  }
}
