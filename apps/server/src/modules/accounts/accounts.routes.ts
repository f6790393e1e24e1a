import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clearSessionCookie } from '../../http/viewer';
import { endSession } from './sessions';

export async function accountRoutes(app: FastifyInstance, options: { config: Config; db: Db }) {
  /** Ends the session on the server, clears the cookie, and sends the browser home. */
  app.get('/logout', async (request, reply) => {
    const viewer = await request.viewer();
    if (viewer) await endSession(options.db, viewer.sessionId);
    clearSessionCookie(reply, options.config);
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', 303);
  });
}
