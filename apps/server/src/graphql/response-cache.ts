import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  Kind,
  TypeInfo,
  getNamedType,
  parse,
  visit,
  visitWithTypeInfo,
  type GraphQLSchema,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { ReadCache } from '../platform/read-cache';

/**
 * The fields a cached answer may hold: public facts whose every write records a change (a
 * business change for the business, its addresses, tags, fees and open clubs; a site change for
 * the tag vocabulary). A query asking for anything else is answered afresh every time.
 */
const PUBLIC_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  Query: new Set(['businesses', 'business', 'tagsForCategory']),
  Business: new Set([
    'id',
    'name',
    'slug',
    'description',
    'heroImgUrl',
    'logoImgUrl',
    'license_info',
    'website',
    'international_phone_number',
    'phoneNumberDisplay',
    'instagram',
    'twitter',
    'facebook',
    'linkedin',
    'addresses',
    'pickup_hours',
    'fulfillment_allow_pickup_retail',
    'fulfillment_allow_pickup_wholesale',
    'fulfillment_deliver_retail',
    'fulfillment_deliver_retail_radius_miles',
    'fulfillment_deliver_wholesale',
    'fulfillment_deliver_wholesale_radius_miles',
    'fulfillment_ship_retail',
    'fulfillment_ship_wholesale',
    'fulfillmentFees',
    'ship_to_states',
    'sales_tax_rate',
    'tags',
    'businessTypes',
    'clubs',
  ]),
  Address: new Set([
    'id',
    'formatted_address',
    'street_number',
    'route',
    'locality',
    'administrative_area_level_1',
    'administrative_area_level_2',
    'postal_code',
    'country',
    'latitude',
    'longitude',
    'googlePlaceId',
  ]),
  Tag: new Set(['id', 'name', 'categorizedBy', 'categorizes']),
  Club: new Set([
    'id',
    'slug',
    'name',
    'description',
    'memberDiscountBasisPoints',
    'isSubscription',
    'imageUrl',
  ]),
  FulfillmentFees: new Set([
    'delivery_fee_bands',
    'delivery_minimum_cents',
    'free_shipping_over_cents',
    'shipping_extra_per_dozen_cents',
    'shipping_rates',
  ]),
  DeliveryFeeBand: new Set(['fee_cents', 'within_miles']),
  ShippingRate: new Set(['fee_cents', 'up_to_bottles']),
};

/** Whether a query text reads public fields only, in one query operation. */
export function readsOnlyPublicFields(schema: GraphQLSchema, query: string): boolean {
  let document;
  try {
    document = parse(query, { maxTokens: 5000 });
  } catch {
    return false;
  }
  const operations = document.definitions.filter(
    (definition) => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (operations.length !== 1 || operations[0]!.operation !== 'query') return false;
  const typeInfo = new TypeInfo(schema);
  let publicOnly = true;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        if (node.name.value === '__typename') return;
        const parent = typeInfo.getParentType();
        const allowed = parent && PUBLIC_FIELDS[getNamedType(parent).name];
        if (!allowed?.has(node.name.value)) publicOnly = false;
      },
    }),
  );
  return publicOnly;
}

/** What one request's answer may be kept as, decided before it runs. */
interface Pending {
  key: string;
  generation: number;
  signedIn: boolean;
  /** Set when a resolver looked at who is asking: the answer is then not everyone's. */
  readViewer: boolean;
}

/** A kept answer: shared by everyone, or (when it depended on the viewer) by visitors only. */
interface CachedAnswer {
  body: string;
  everyone: boolean;
}

const pendingOf = new WeakMap<FastifyRequest, Pending>();

/**
 * Marks the request's answer as the viewer's own. Called by the GraphQL context whenever a
 * resolver (or a service it calls) reads `viewer`.
 */
export function noteViewerRead(request: FastifyRequest): void {
  const pending = pendingOf.get(request);
  if (pending) pending.readViewer = true;
}

/**
 * Answers public GraphQL reads (a business page, tags) from the read cache: the whole JSON
 * answer, keyed by query text and variables, before any session lookup, parsing or execution.
 * An answer that never looked at the viewer is everyone's; one that did is kept for visitors
 * without a session only. Answers with errors are not kept.
 */
export function registerResponseCache(
  app: FastifyInstance,
  options: {
    schema: GraphQLSchema;
    reads: ReadCache;
    /** Answers over this size are refused (graphql.plugin.ts), so never kept. */
    maxResponseBytes: number;
    sessionCookieName: string;
    isGraphqlRoute: (request: FastifyRequest) => boolean;
  },
) {
  const { reads } = options;
  const publicQueries = new LRUCache<string, boolean>({ max: 2000 });
  const isPublic = (query: string) => {
    let verdict = publicQueries.get(query);
    if (verdict === undefined) {
      verdict = readsOnlyPublicFields(options.schema, query);
      publicQueries.set(query, verdict);
    }
    return verdict;
  };

  // Before the request's other checks: a kept answer's text already passed them all.
  app.addHook('preValidation', async (request, reply) => {
    if (request.method !== 'POST' || !options.isGraphqlRoute(request)) return;
    const body = request.body as
      { query?: unknown; variables?: unknown; operationName?: unknown } | undefined;
    if (typeof body?.query !== 'string' || !isPublic(body.query)) return;
    const operation = typeof body.operationName === 'string' ? body.operationName : '';
    const key = `graphql\n${body.query}\n${operation}\n${JSON.stringify(body.variables ?? null)}`;
    const signedIn = Boolean(request.cookies[options.sessionCookieName]);
    const kept = reads.peek<CachedAnswer>(key);
    if (kept && (kept.everyone || !signedIn)) {
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('x-read-cache', 'hit')
        .send(kept.body);
    }
    pendingOf.set(request, { key, generation: reads.generation, signedIn, readViewer: false });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = pendingOf.get(request);
    if (!pending || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    pendingOf.delete(request);
    // An "errors" key anywhere means a partial answer, or a field of that name: not kept.
    if (payload.includes('"errors":')) return payload;
    if (Buffer.byteLength(payload) > options.maxResponseBytes) return payload;
    // A signed-in person's answer that depended on them is theirs alone.
    if (pending.signedIn && pending.readViewer) return payload;
    const answer: CachedAnswer = { body: payload, everyone: !pending.readViewer };
    reads.store(pending.key, answer, pending.generation);
    return payload;
  });
}
