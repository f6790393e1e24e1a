import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  type ASTVisitor,
  type ValidationContext,
} from 'graphql';
import mercurius, { type MercuriusOptions } from 'mercurius';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isConnectionLoss } from '../db/errors';
import { DATABASE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE } from '../http/errors';
import type { Mailer } from '../modules/mail/mailer';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import type { ProductSearch } from '../modules/search/product-search';
import type { RequestContext } from './context';
import { createLoaders } from './loaders';
import { schema } from './schema';

const MAX_DEPTH = 10;
const MAX_ALIASES = 30;
const MAX_FIELDS = 500;

/** Refuses documents with too many aliases or field selections: cheap abuse of one request. */
function costLimitRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  let fields = 0;
  return {
    Field(node) {
      fields++;
      if (fields === MAX_FIELDS + 1) {
        context.reportError(
          new GraphQLError(`A request may select at most ${MAX_FIELDS} fields.`, { nodes: node }),
        );
      }
      if (!node.alias) return;
      aliases++;
      if (aliases === MAX_ALIASES + 1) {
        context.reportError(
          new GraphQLError(`A request may use at most ${MAX_ALIASES} aliases.`, { nodes: node }),
        );
      }
    },
  };
}

/** Why `query` is not a GraphQL document, or undefined when it is one. */
function documentProblem(query: unknown): string | undefined {
  if (typeof query !== 'string' || query.trim() === '') return 'The request needs a GraphQL query.';
  try {
    parse(query);
    return undefined;
  } catch (error) {
    return error instanceof GraphQLError ? error.message : 'The GraphQL query could not be read.';
  }
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
  const limited = execution.errors.some((error) => error.extensions?.code === 'TOO_MANY_REQUESTS');
  return limited ? { ...formatted, statusCode: 429 } : formatted;
};

declare module 'mercurius' {
  // Resolvers receive our RequestContext (Mercurius adds reply and app to it).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MercuriusContext extends Omit<RequestContext, 'reply'> {}
}

export async function graphqlPlugin(
  app: FastifyInstance,
  options: {
    config: Config;
    db: Db;
    mailer: Mailer;
    search: ProductSearch;
    payments: PaymentProvider;
  },
) {
  const { config, db, mailer, search, payments } = options;

  // Browsers may send "simple" cross-site POSTs (text/plain, form) without a preflight: refuse them.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !request.url.startsWith('/graphql')) return;
    const type = request.headers['content-type'] ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('application/graphql')) {
      return reply.status(415).send({
        data: null,
        errors: [{ message: 'GraphQL requests must be sent as application/json.' }],
      });
    }
  });

  // A query that is not a GraphQL document is the caller's mistake: 400 with the parser's message.
  // Then, because Mercurius caches compiled (JIT) queries by source text alone, a document holding
  // several operations would run whichever one compiled first; naming the operation in a trailing
  // comment gives each operation its own cache entry without changing what the document means.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.url.startsWith('/graphql')) return;
    const carrier = (request.method === 'GET' ? request.query : request.body) as
      { query?: unknown; operationName?: unknown } | undefined;
    if (!carrier || carrier.query === undefined) return;
    const problem = documentProblem(carrier.query);
    if (problem) return reply.status(400).send({ data: null, errors: [{ message: problem }] });
    if (typeof carrier.operationName === 'string') {
      carrier.query = `${carrier.query as string}\n# operation: ${carrier.operationName.replace(/[\r\n]/g, ' ')}`;
    }
  });

  await app.register(mercurius, {
    schema,
    path: '/graphql',
    jit: 1,
    queryDepth: MAX_DEPTH,
    validationRules: config.isProduction
      ? [costLimitRule, NoSchemaIntrospectionCustomRule]
      : [costLimitRule],
    graphiql: !config.isProduction,
    errorFormatter: formatErrors,
    context: async (request, reply): Promise<RequestContext> => ({
      config,
      db,
      mailer,
      search,
      payments,
      viewer: await request.viewer(),
      log: request.log,
      ip: request.ip,
      reply,
      loaders: createLoaders(db),
    }),
  });
}
