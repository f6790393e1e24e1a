import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Loaders } from './loaders';

/** The signed-in user, once the accounts issue brings sessions. */
export interface Viewer {
  id: number;
}

/** What every resolver and service receives. */
export interface RequestContext {
  db: Db;
  log: FastifyBaseLogger;
  viewer: Viewer | null;
  loaders: Loaders;
}
