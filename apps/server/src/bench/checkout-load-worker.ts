// The buyers of `npm run bench:checkout`, in a child process so that they do not share the event
// loop of the server they measure. Receives one CheckoutLoadRequest, runs the warm-up, says
// 'ready' and waits for 'go', runs the measured orders with one loop per buyer, answers one
// CheckoutLoadResult, exits.
//
// Without a rate, the loop is closed: each buyer sends its next order as soon as the previous one
// is answered. With a rate, order j is due at start + j / rate and a buyer that is free waits for
// it; its latency counts from when it was due, not from when it could be sent, so that a slow
// server is not hidden by buyers that fell behind (coordinated omission).
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

export interface CheckoutLoadRequest {
  url: string;
  /** One session cookie per buyer; buyer i is the i-th concurrent client. */
  cookies: string[];
  /** The orders to place, in turn: each the placeOrder input without its idempotency key. */
  inputs: Record<string, unknown>[];
  warmup: number;
  orders: number;
  /** Orders per second for all buyers together; 0 for a closed loop. */
  rate: number;
}

export interface CheckoutLoadResult {
  kind: 'result';
  /** Latency of each measured order, in milliseconds, in the order they finished. */
  latencies: number[];
  wallMs: number;
  /** CPU time of this process (the buyers' HTTP client) during the measured orders. */
  cpuMs: number;
  placed: number;
  /** Orders per checkout seen in the answers (2 for two producers). */
  ordersPerCheckout: number[];
  amountCents: number;
  errors: number;
  errorSamples: string[];
}

const PLACE_ORDER = `mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    id amountCents
    orders {
      id number businessName businessSlug fulfillmentMode
      fulfillmentAddress { name line1 line2 city state zip }
      subtotalCents taxAndFeesCents totalCents
      lines { productId productName unitPriceCents quantity lineTotalCents }
    }
  }
}`;

interface Answer {
  data?: { placeOrder?: { amountCents: number; orders: unknown[] } | null } | null;
  errors?: { message: string }[];
}

const [request] = (await once(process, 'message')) as [CheckoutLoadRequest];
const endpoint = `${request.url}/graphql`;
let next = 0;

async function placeOne(cookie: string, input: Record<string, unknown>, due: number) {
  const body = JSON.stringify({
    query: PLACE_ORDER,
    variables: { input: { ...input, idempotencyKey: randomUUID() } },
  });
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  // Due in the past (the buyers fell behind): the wait since then counts.
  const started = due > 0 ? Math.min(due, performance.now()) : performance.now();
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
  });
  const answer = (await response.json()) as Answer;
  const ms = performance.now() - started;
  const placed = response.ok && !answer.errors ? answer.data?.placeOrder : null;
  const error = placed
    ? null
    : `${response.status} ${answer.errors?.map((e) => e.message).join('; ') ?? 'no data'}`;
  return { ms, placed, error };
}

/** Runs `count` orders with one loop per buyer; records them in `result` if given. */
async function run(count: number, result: CheckoutLoadResult | null) {
  next = 0;
  const start = performance.now();
  const dueAt = (index: number) =>
    request.rate > 0 && result ? start + (index * 1000) / request.rate : 0;
  await Promise.all(
    request.cookies.map(async (cookie) => {
      for (let index = next++; index < count; index = next++) {
        const input = request.inputs[index % request.inputs.length]!;
        const { ms, placed, error } = await placeOne(cookie, input, dueAt(index));
        if (!result) {
          if (error) throw new Error(`warm-up order failed: ${error}`);
          continue;
        }
        result.latencies.push(ms);
        if (placed) {
          result.placed++;
          result.amountCents += placed.amountCents;
          result.ordersPerCheckout.push(placed.orders.length);
        } else {
          result.errors++;
          if (result.errorSamples.length < 5) result.errorSamples.push(error!);
        }
      }
    }),
  );
}

await run(request.warmup, null);
process.send!({ kind: 'ready' });
await once(process, 'message');
const result: CheckoutLoadResult = {
  kind: 'result',
  latencies: [],
  wallMs: 0,
  cpuMs: 0,
  placed: 0,
  ordersPerCheckout: [],
  amountCents: 0,
  errors: 0,
  errorSamples: [],
};
const started = performance.now();
const cpu = process.cpuUsage();
await run(request.orders, result);
result.wallMs = performance.now() - started;
const used = process.cpuUsage(cpu);
result.cpuMs = (used.user + used.system) / 1000;
process.send!(result, () => process.exit(0));
