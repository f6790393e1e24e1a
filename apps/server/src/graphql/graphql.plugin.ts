import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isConnectionLoss } from '../db/errors';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../http/errors';
import { SERVICE_UNAVAILABLE } from '../platform/domain-error';
import type { ReadCache } from '../platform/read-cache';
import type { GraphqlContext } from './context';
import { domainErrorIn, graphqlErrorOf } from './errors';
import {
  DEFAULT_GRAPHQL_LIMITS,
  checkOperationCost,
  requestGate,
  type GraphqlLimits,
  type GraphqlRequestFields,
} from './graphql-limits';
import { createLoaders } from './loaders';
import { noteViewerRead, registerResponseCache } from './response-cache';
import { schema } from './schema';

const GRAPHQL_PATH = '/graphql';

/**
 * Whether the request reached the GraphQL route: by the route matched, not the URL as sent, which
 * may spell the path with escapes (/%67raphql) that the router decodes.
 */
const isGraphqlRoute = (request: FastifyRequest) => request.routeOptions.url === GRAPHQL_PATH;

/** The GraphQL request's fields: the JSON body of a POST, the query string of a GET. */
function requestFields(request: FastifyRequest): GraphqlRequestFields | undefined {
  const carrier = request.method === 'GET' ? request.query : request.body;
  return carrier && typeof carrier === 'object' && !Array.isArray(carrier)
    ? (carrier as GraphqlRequestFields)
    : undefined;
}

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Errors a resolver meant to show (GraphQLError) or that Mercurius raised about the request. */
function isExpected(error: GraphQLError): boolean {
  const original = error.originalError as
    (Error & { code?: string; statusCode?: number }) | undefined;
  if (!original || original instanceof GraphQLError) return true;
  if (original.code?.startsWith('MER_ERR')) return true;
  // Fastify's own request errors (a body that is not JSON, too large, ...) are 4xx and safe to show.
  return typeof original.statusCode === 'number' && original.statusCode < 500;
}

/**
 * One place for GraphQL errors: a request that cannot run at all (syntax, validation, limits) is a
 * 400; an unexpected failure is logged and answered with a generic message, never its details.
 */
const formatErrors: MercuriusOptions['errorFormatter'] = (execution, context) => {
  const errors = execution.errors.map((error) => {
    if (isConnectionLoss(error.originalError)) {
      context.reply.log.warn(
        { err: error.originalError },
        'a resolver lost its database connection',
      );
      return new GraphQLError(DATABASE_UNAVAILABLE_MESSAGE, {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: SERVICE_UNAVAILABLE },
      });
    }
    const refusal = domainErrorIn(error);
    if (refusal) return graphqlErrorOf(refusal, error);
    if (isExpected(error)) return error;
    context.reply.log.error({ err: error.originalError }, 'unexpected GraphQL resolver error');
    return new GraphQLError(GENERIC_MESSAGE, {
      nodes: error.nodes,
      path: error.path,
      extensions: { code: 'INTERNAL' },
    });
  });
  const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
  // Without data, errors that belong to no field (validation, variables, unknown operation) mean
  // the request itself was wrong.
  const invalidRequest =
    !execution.data &&
    execution.errors.every(
      (error) =>
        !error.path &&
        (!error.originalError ||
          (error.originalError as { code?: string }).code === 'MER_ERR_GQL_VALIDATION'),
    );
  if (invalidRequest) return { ...formatted, statusCode: 400 };
  // The database was away: the request was fine and may be sent again (checkout keeps its key).
  if (errors.some((error) => error.extensions?.code === SERVICE_UNAVAILABLE)) {
    context.reply.header('retry-after', '1');
    return { ...formatted, statusCode: 503 };
  }
  const limited = errors.some((error) => error.extensions?.code === 'TOO_MANY_REQUESTS');
  return limited ? { ...formatted, statusCode: 429 } : formatted;
};

declare module 'mercurius' {
  // Resolvers receive our GraphqlContext (Mercurius adds reply and app to it).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends Omit<GraphqlContext, 'reply'> {}
}

export async function graphqlPlugin(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Db;
    /** Bounds on one request, DEFAULT_GRAPHQL_LIMITS where not given. */
    limits?: Partial<GraphqlLimits>;
    /** Where public reads are answered from; without it every request runs. */
    reads?: ReadCache;
  },
) {
  const { config, db } = options;
  const limits: GraphqlLimits = { ...DEFAULT_GRAPHQL_LIMITS, ...options.limits };
  const checkRequest = requestGate(schema, limits);
  if (options.reads) {
    registerResponseCache(app, {
      schema,
      reads: options.reads,
      maxResponseBytes: limits.maxResponseBytes,
      sessionCookieName: config.sessionCookieName,
      isGraphqlRoute,
    });
  }

  // Browsers may send "simple" cross-site POSTs (text/plain, form) without a preflight: refuse them.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !isGraphqlRoute(request)) return;
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('application/graphql')) {
      return reply.status(415).send({
        data: null,
        errors: [{ message: 'GraphQL requests must be sent as application/json.' }],
      });
    }
  });

  // A query that is not a GraphQL document, too long, with NUL in a string (PostgreSQL refuses it
  // in text), too many aliases or following the tag graph too far is the caller's mistake: 400 with
  // what is wrong, checked cheaply before Mercurius validates, caches or runs anything.
  // Then, because Mercurius caches compiled (JIT) queries by source text alone, a document holding
  // several operations would run whichever one compiled first; naming the operation in a trailing
  // comment gives each operation its own cache entry without changing what the document means.
  app.addHook('preValidation', async (request, reply) => {
    if (!isGraphqlRoute(request)) return;
    const carrier = requestFields(request);
    if (!carrier || carrier.query === undefined) return;
    // An empty operationName names no operation: the only one runs (as a POST already did).
    if (carrier.operationName === '') delete carrier.operationName;
    const problems = checkRequest(carrier);
    if (problems.length > 0) {
      return reply
        .status(400)
        .send({ data: null, errors: problems.map((message) => ({ message })) });
    }
    if (typeof carrier.operationName === 'string') {
      carrier.query = `${carrier.query as string}\n# operation: ${carrier.operationName.replace(/[\r\n]/g, ' ')}`;
    }
  });

  // Nothing bounds the size of an answer but the request; should one slip through, it is not sent.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isGraphqlRoute(request)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const max = limits.maxResponseBytes;
    // A string's length in UTF-8 bytes is between its length and three times it.
    if (payload.length * 3 <= max) return payload;
    const bytes = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (bytes <= max) return payload;
    request.log.warn({ bytes, max }, 'GraphQL answer over the size limit not sent');
    reply.status(400);
    return JSON.stringify({
      data: null,
      errors: [
        {
          message:
            `The answer is too large (over ${formatBytes(max)}): ` +
            'ask for fewer fields or smaller lists.',
          extensions: { code: 'RESPONSE_TOO_LARGE' },
        },
      ],
    });
  });

  await app.register(mercurius, {
    schema,
    path: GRAPHQL_PATH,
    jit: 1,
    // Parsed and compiled queries, and the validation errors of invalid ones, are kept by text:
    // the number of texts, their tokens and the errors kept for each bound the memory they hold.
    cache: limits.cachedQueries,
    graphql: {
      parseOptions: { maxTokens: limits.maxTokens },
      validateOptions: { maxErrors: limits.maxValidationErrors },
    },
    // Depth is checked once per query text (Mercurius caches the result), fragments expanded;
    // aliases and the tag graph before (preValidation); the cost, which depends on the variables,
    // before each execution (preExecution, below).
    queryDepth: limits.maxDepth,
    validationRules: config.isProduction ? [NoSchemaIntrospectionCustomRule] : [],
    graphiql: !config.isProduction,
    errorFormatter: formatErrors,
    context: async (request, reply): Promise<GraphqlContext> =>
      watchViewer(
        { ...(await request.serviceContext()), ip: request.ip, reply, loaders: createLoaders(db) },
        () => noteViewerRead(request),
      ),
  });

  app.graphql.addHook('preExecution', async (executedSchema, document, context, variables) => {
    const fields = context.reply ? requestFields(context.reply.request) : undefined;
    const operationName = typeof fields?.operationName === 'string' ? fields.operationName : null;
    checkOperationCost(executedSchema, document, { operationName, variables }, limits);
  });
}

/**
 * The context with its `viewer` behind accessors that tell `onRead` each time it is looked at
 * (copying the context looks too) or replaced (logging in or out), so the response cache knows
 * whose answer it is.
 */
function watchViewer(context: GraphqlContext, onRead: () => void): GraphqlContext {
  let { viewer } = context;
  return Object.defineProperty(context, 'viewer', {
    get() {
      onRead();
      return viewer;
    },
    set(next: GraphqlContext['viewer']) {
      onRead();
      viewer = next;
    },
    enumerable: true,
    configurable: true,
  });
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} KB`;
}
