// Runs autocannon in a child process, so the load generator does not share the event loop of the
// servers it measures (they run in the benchmark's process). Receives one LoadRequest, answers
// one LoadResult, exits.
import { once } from 'node:events';
import autocannon from 'autocannon';

export interface LoadRequest {
  url: string;
  /** POST /search unless told otherwise; a GET sends no body. */
  method?: 'GET' | 'POST';
  path?: string;
  /** Extra request headers (a search key). */
  headers?: Record<string, string>;
  bodies: string[];
  seconds: number;
  connections: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  total: number;
  latencyP50: number;
  latencyP99: number;
  errors: number;
  non2xx: number;
  bytesPerSecond: number;
}

const [request] = (await once(process, 'message')) as [LoadRequest];
const {
  url,
  method = 'POST',
  path = '/search',
  headers = {},
  bodies,
  seconds,
  connections,
} = request;
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [
    method === 'GET'
      ? { method, path, headers }
      : {
          method,
          path,
          headers: { 'content-type': 'application/json', ...headers },
          // Each request is the next query of the mix, so both routes see the same sequence.
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
        },
  ],
});
const answer: LoadResult = {
  requestsPerSecond: result.requests.average,
  total: result.requests.total,
  latencyP50: result.latency.p50,
  latencyP99: result.latency.p99,
  errors: result.errors,
  non2xx: result.non2xx,
  bytesPerSecond: result.throughput.average,
};
process.send!(answer, () => process.exit(0));
