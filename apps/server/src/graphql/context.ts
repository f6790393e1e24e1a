import type { FastifyReply } from 'fastify';
import type { ServiceContext } from '../platform/context';
import type { Loaders } from './loaders';

/** What resolvers receive: the service context, plus per-request batching and the reply. */
export interface GraphqlContext extends ServiceContext {
  loaders: Loaders;
  /** The caller's network address: every GraphQL request comes over HTTP. */
  ip: string;
  /** Present for HTTP requests: resolvers that log in or out set cookies on it. */
  reply?: FastifyReply;
}
