import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../platform/context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The context a route hands to services: the process's, with this request's viewer, log and address. */
    serviceContext(): Promise<ServiceContext>;
  }
}

/** Gives every request `serviceContext()`, built from the process's context on first use. */
export function registerServiceContext(app: FastifyInstance, processContext: ServiceContext) {
  const built = new WeakMap<FastifyRequest, Promise<ServiceContext>>();
  app.decorateRequest('serviceContext', function (this: FastifyRequest) {
    let context = built.get(this);
    if (!context) {
      context = this.viewer().then((viewer) => ({
        ...processContext,
        viewer,
        log: this.log,
        ip: this.ip,
      }));
      built.set(this, context);
    }
    return context;
  });
}
