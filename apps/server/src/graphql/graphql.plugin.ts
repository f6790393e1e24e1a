import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type ASTVisitor,
  type ValidationContext,
} from 'graphql';
import mercurius from 'mercurius';
import type { Config } from '../config';
import type { Db } from '../db/client';
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
      if (node.alias) aliases++;
      if (aliases === MAX_ALIASES + 1) {
        context.reportError(
          new GraphQLError(`A request may use at most ${MAX_ALIASES} aliases.`, { nodes: node }),
        );
      }
      if (fields === MAX_FIELDS + 1) {
        context.reportError(
          new GraphQLError(`A request may select at most ${MAX_FIELDS} fields.`, { nodes: node }),
        );
      }
    },
  };
}

declare module 'mercurius' {
  interface MercuriusContext {
    db: Db;
    viewer: FastifyRequest['viewer'];
    log: FastifyRequest['log'];
    loaders: ReturnType<typeof createLoaders>;
  }
}

export async function graphqlPlugin(app: FastifyInstance, options: { config: Config; db: Db }) {
  const { config, db } = options;

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

  await app.register(mercurius, {
    schema,
    path: '/graphql',
    jit: 1,
    queryDepth: MAX_DEPTH,
    validationRules: config.isProduction
      ? [costLimitRule, NoSchemaIntrospectionCustomRule]
      : [costLimitRule],
    graphiql: !config.isProduction,
    context: (request) => ({
      db,
      viewer: request.viewer,
      log: request.log,
      loaders: createLoaders(db),
    }),
  });
}
