/**
 * Issue 12: thousands of malformed GraphQL and REST requests, generated from a fixed seed, get no
 * 5xx, no stack trace, no internal path and no SQL in their answers, and the server stays up.
 *
 * Replay another seed with FUZZ_SEED=<n>; every failure names its seed and request number and
 * shows the request as an `app.inject` argument.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, businessMembers, businesses, products, tags, users } from '../db/tables';
import { DEMO_ACTORS, logInAsActor } from '../test/actors';
import {
  contractOperationsFile,
  describeRequest,
  GraphqlGenerator,
  logRunSummary,
  problemsOf,
  requestSeed,
  REST_TARGETS,
  restRequest,
  Rng,
  SCHEMA_FILE,
  type FuzzContext,
  type FuzzRequest,
  type Problem,
} from '../test/malformed-requests/index';
import { createTestApp, type TestApp } from '../test/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_612);
const GRAPHQL_REQUESTS = 5_000;
const REST_REQUESTS = 2_000;
/** An answer slower than this counts as none: the server hangs on that input. */
const ANSWER_TIMEOUT_MS = 5_000;
/** After this many unanswered requests the run stops: each costs the run a timeout. */
const MAX_TIMEOUTS = 10;
/** Checked every so many requests, so a failure that takes the server down is noticed early. */
const HEALTH_EVERY = 500;
/** Requests in flight at once. */
const CONCURRENCY = 4;
const WEBHOOK_SECRET = 'whsec_fuzz_endpoint_secret';

let t: TestApp;
let uploadsDir: string;
let ctx: FuzzContext;
const sessions: Record<'buyer' | 'seller', string> = { buyer: '', seller: '' };

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'bevy-fuzz-uploads-'));
  // With a webhook secret, as in production: without one the webhook answers 503 by design.
  t = await createTestApp({ UPLOADS_DIR: uploadsDir, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  // The demo accounts the requests are signed in as.
  sessions.seller = await logInAsActor(t.app, 'seller');
  sessions.buyer = await logInAsActor(t.app, 'buyer');
  ctx = await fuzzContext();
});

afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/** Real ids from the seeded database, so that many requests get past "not found". */
async function fuzzContext(): Promise<FuzzContext> {
  const { db } = t.database;
  const [seller] = await db.select().from(users).where(eq(users.email, DEMO_ACTORS.seller.email));
  const [own] = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.business_id))
    .where(eq(businessMembers.user_id, seller!.id))
    .limit(1);
  const [other] = await db
    .select({ id: businesses.id, slug: businesses.slug })
    .from(businesses)
    .where(ne(businesses.id, own!.id))
    .limit(1);
  const ownProducts = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.business_id, own!.id))
    .limit(5);
  const otherProducts = await db
    .select({ id: products.id })
    .from(products)
    .where(and(ne(products.business_id, own!.id), eq(products.status, 'published')))
    .limit(5);
  const ownAddresses = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(eq(addresses.business_id, own!.id));
  const someTags = await db.select({ id: tags.id }).from(tags).limit(5);
  const someUsers = await db.select({ id: users.id }).from(users).limit(5);

  // The seller's offline payment account, opened the way the seller's browser would.
  const setup = await t.app.inject({
    method: 'GET',
    url: `/stripe/setup-connect-account?slug=${own!.slug}`,
    headers: { cookie: sessions.seller },
  });
  const offlineAccountId = /acct_offline_[a-f0-9]{16}/.exec(
    String(setup.headers.location ?? ''),
  )?.[0];

  const image = sharp({ create: { width: 4, height: 3, channels: 3, background: '#7b2c3f' } });
  return {
    ownSlug: own!.slug,
    otherSlug: other!.slug,
    ownBusinessId: own!.id,
    otherBusinessId: other!.id,
    productIds: [...ownProducts, ...otherProducts].map((row) => row.id),
    addressIds: ownAddresses.map((row) => String(row.id)),
    tagIds: someTags.map((row) => row.id),
    userIds: someUsers.map((row) => row.id),
    offlineAccountId,
    webhookSecret: WEBHOOK_SECRET,
    png: await image.clone().png().toBuffer(),
    jpeg: await image.clone().jpeg().toBuffer(),
  };
}

interface Failure {
  index: number;
  request: FuzzRequest;
  status: number | string;
  body: string;
  problems: Problem[];
}

/** Answers a request, or says it got none in time. */
async function send(request: FuzzRequest) {
  const headers = { ...request.headers };
  if (request.who !== 'anonymous') {
    const session = sessions[request.who];
    headers.cookie = headers.cookie ? `${session}; ${headers.cookie}` : session;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Logs in again whoever's session a request ended, so later requests are still signed in. */
async function renewLostSessions(): Promise<number> {
  let renewed = 0;
  for (const who of ['buyer', 'seller'] as const) {
    const me = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', cookie: sessions[who] },
      payload: { query: '{ me { email } }' },
    });
    if (me.json().data?.me?.email === DEMO_ACTORS[who].email) continue;
    sessions[who] = await logInAsActor(t.app, who);
    renewed++;
  }
  return renewed;
}

/**
 * Sends `count` generated requests and collects every failure; stops early only when the server
 * stops answering.
 */
async function run(kind: string, count: number, generate: (rng: Rng) => FuzzRequest) {
  const failures: Failure[] = [];
  const statuses = new Map<number, number>();
  const targets = new Set<string>();
  let timeouts = 0;
  let sent = 0;
  let stopped = false;
  let renewed = 0;
  let next = 0;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();

  async function one(index: number) {
    const request = generate(new Rng(requestSeed(SEED, index)));
    sent++;
    targets.add(request.target);
    let response: Awaited<ReturnType<typeof send>>;
    try {
      response = await send(request);
    } catch (error) {
      failures.push({
        index,
        request,
        status: 'no answer',
        body: String(error),
        problems: [{ kind: 'inject threw', detail: String(error).slice(0, 120) }],
      });
      return;
    }
    if (response === 'timeout') {
      timeouts++;
      failures.push({
        index,
        request,
        status: 'no answer',
        body: '',
        problems: [{ kind: `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`, detail: '' }],
      });
      if (timeouts >= MAX_TIMEOUTS) stopped = true;
      return;
    }
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const problems = problemsOf(request, response);
    if (problems.length > 0) {
      failures.push({ index, request, status: response.statusCode, body: response.body, problems });
    }
    if ((index + 1) % HEALTH_EVERY === 0) {
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      if (health.statusCode !== 200) {
        failures.push({
          index,
          request,
          status: health.statusCode,
          body: health.body,
          problems: [
            { kind: 'server down after this request', detail: `health ${health.statusCode}` },
          ],
        });
        stopped = true;
      }
      renewed += await renewLostSessions();
    }
  }

  // A few requests in flight at once, as a server has them; each is generated from its own seed.
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (!stopped && next < count) await one(next++);
    }),
  );
  failures.sort((a, b) => a.index - b.index);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = ((cpu.user + cpu.system) / 1e6).toFixed(1);
  const histogram = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  logRunSummary(
    `${kind}: ${sent} requests in ${seconds} s (${cpuSeconds} s CPU; seed ${SEED}); statuses ${histogram}; ${failures.length} failed; sessions renewed ${renewed}`,
  );
  return { failures, sent, targets };
}

/** All failures, grouped by what went wrong where, each with one request that reproduces it. */
function report(kind: string, planned: number, sent: number, failures: Failure[]): string {
  interface Group {
    count: number;
    example: Failure;
    seenIn: Set<string>;
  }
  const size = (failure: Failure) =>
    failure.request.url.length + (failure.request.payload?.length ?? 0);
  const groups = new Map<string, Group>();
  for (const failure of failures) {
    const { request } = failure;
    // GraphQL errors name the resolver (their path), so one fault reached through different
    // documents is one group; REST errors do not, so the route tells them apart.
    const where = request.url.startsWith('/graphql')
      ? `${request.method} /graphql`
      : request.target;
    for (const problem of failure.problems) {
      const key = `${problem.kind} | ${where} | ${problem.detail}`;
      const group = groups.get(key);
      if (!group) {
        groups.set(key, { count: 1, example: failure, seenIn: new Set([request.target]) });
        continue;
      }
      group.count++;
      group.seenIn.add(request.target);
      // The shortest request that shows it is the easiest to replay.
      if (size(failure) < size(group.example)) group.example = failure;
    }
  }
  const sorted = [...groups.entries()].sort(([, a], [, b]) => b.count - a.count);
  const lines = [
    `${failures.length} of ${sent} malformed ${kind} requests failed, in ${groups.size} distinct ways ` +
      `(seed ${SEED}; replay with FUZZ_SEED=${SEED}):`,
  ];
  if (sent < planned) {
    lines.push(
      `The run stopped after ${sent} of ${planned} requests: the server stopped answering.`,
    );
  }
  sorted.forEach(([key, { count, example, seenIn }], i) => {
    const body = example.body.length > 600 ? `${example.body.slice(0, 600)}…` : example.body;
    const targets = [...seenIn];
    const shown = targets.slice(0, 6).join(', ') + (targets.length > 6 ? ', …' : '');
    lines.push(
      '',
      `${i + 1}. ${key}  (×${count}, in: ${shown})`,
      `   e.g. request #${example.index} (${example.request.family}):`,
      `   app.inject(${describeRequest(example.request)})`,
      `   → ${example.status} ${body}`,
    );
  });
  return lines.join('\n');
}

describe('malformed requests (issue 12)', () => {
  it(`answers ${GRAPHQL_REQUESTS} malformed GraphQL requests without a 5xx, a stack, a path or SQL`, async () => {
    const generator = new GraphqlGenerator(
      readFileSync(SCHEMA_FILE, 'utf8'),
      readFileSync(contractOperationsFile(), 'utf8'),
    );
    const { failures, sent, targets } = await run('GraphQL', GRAPHQL_REQUESTS, (rng) =>
      generator.request(rng, ctx),
    );
    if (failures.length > 0) expect.fail(report('GraphQL', GRAPHQL_REQUESTS, sent, failures));
    expect(sent).toBe(GRAPHQL_REQUESTS);
    // Every query and mutation field and every contract operation was sent at least once.
    const missing = generator.targets().filter((target) => !targets.has(target));
    expect(missing).toEqual([]);
  }, 300_000);

  it(`answers ${REST_REQUESTS} malformed REST requests without a 5xx, a stack, a path or SQL`, async () => {
    const { failures, sent, targets } = await run('REST', REST_REQUESTS, (rng) =>
      restRequest(rng, ctx),
    );
    if (failures.length > 0) expect.fail(report('REST', REST_REQUESTS, sent, failures));
    expect(sent).toBe(REST_REQUESTS);
    // Every route the server registers was sent something.
    const missing = REST_TARGETS.filter((target) => !targets.has(target));
    expect(missing).toEqual([]);
  }, 300_000);

  it('is still up afterwards', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
