import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Viewer } from '../../platform/context';
import { resolveSession, type NewSession } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user, from a valid session cookie; null otherwise. Resolved from the database
     * on first use and remembered, so requests that never ask (assets, pages) cost no query.
     */
    viewer(): Promise<Viewer | null>;
  }
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, and Secure + `__Host-` in production. */
export function setSessionCookie(reply: FastifyReply, config: Config, session: NewSession) {
  reply.setCookie(config.sessionCookieName, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(config.sessionCookieName, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction,
  });
}

/** Gives every request a memoized `viewer()`, read from its session cookie. */
export function registerViewer(app: FastifyInstance, options: { config: Config; db: Db }) {
  const resolved = new WeakMap<FastifyRequest, Promise<Viewer | null>>();
  app.decorateRequest('viewer', function (this: FastifyRequest) {
    let viewer = resolved.get(this);
    if (!viewer) {
      const token = this.cookies[options.config.sessionCookieName];
      viewer =
        !token || token.length > 200 ? Promise.resolve(null) : resolveSession(options.db, token);
      resolved.set(this, viewer);
    }
    return viewer;
  });
}
