import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Viewer } from '../graphql/context';
import { resolveSession, type NewSession } from '../modules/accounts/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from a valid session cookie; null otherwise. */
    viewer: Viewer | null;
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

/** Every request learns who is signed in, from the database, before any route runs. */
export function registerViewer(app: FastifyInstance, options: { config: Config; db: Db }) {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[options.config.sessionCookieName];
    if (!token || token.length > 200) return;
    request.viewer = await resolveSession(options.db, token);
  });
}
