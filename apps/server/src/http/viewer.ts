import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../graphql/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; sessions arrive with the accounts issue, until then always null. */
    viewer: Viewer | null;
  }
}

export function registerViewer(app: FastifyInstance): void {
  app.decorateRequest('viewer', null);
}
