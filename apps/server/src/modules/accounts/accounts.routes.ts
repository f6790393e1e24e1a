import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sendError } from '../../http/errors';
import { clearSessionCookie } from './viewer';
import { endSession } from './sessions';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/**
 * The page a cross-site link to GET /logout gets instead of being logged out: the person decides,
 * with a button that posts from our own origin. No script (the Content-Security-Policy forbids
 * inline script, and none is needed).
 */
function confirmLogoutPage(siteName: string): string {
  const site = escapeHtml(siteName);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out of ${site}?</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1b1e; }
button { font: inherit; padding: 0.5rem 1.25rem; border-radius: 0.25rem; border: 0; background: #7b2c3f; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible { outline: 3px solid #1c7ed6; outline-offset: 2px; }
a { color: #7b2c3f; }
</style>
</head>
<body>
<main>
<h1>Log out of ${site}?</h1>
<p>A link from another site tried to log you out. You are still logged in; log out only if you meant to.</p>
<form method="post" action="/logout" aria-label="Log out of ${site}">
<button type="submit">Log out</button>
</form>
<p><a href="/">Stay logged in and go to the home page</a></p>
</main>
</body>
</html>
`;
}

/** Whether the browser says the request was started by another site (Fetch Metadata). */
const isCrossSite = (request: FastifyRequest) => request.headers['sec-fetch-site'] === 'cross-site';

/** Whether this is a prefetch or prerender, which must never end a session on its own. */
function isSpeculative(request: FastifyRequest): boolean {
  const purpose = request.headers['sec-purpose'] ?? request.headers['purpose'];
  return typeof purpose === 'string' && purpose.includes('prefetch');
}

/**
 * Whether an Origin header names an origin other than this server's own (or the public one).
 * "null" names none: browsers send it for our own form too, since our Referrer-Policy is
 * no-referrer; Sec-Fetch-Site (and the SameSite=Lax cookie) still guard those requests.
 */
function isForeignOrigin(request: FastifyRequest, config: Config): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === 'null') return false;
  if (origin === new URL(config.publicUrl).origin) return false;
  try {
    // Through URL on both sides, so a default port (":80") compares equal to none.
    return new URL(origin).host !== new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return true;
  }
}

export async function accountRoutes(app: FastifyInstance, options: { config: Config; db: Db }) {
  const { config, db } = options;

  /** Ends the session on the server, clears the cookie, and sends the browser home. */
  async function logOut(request: FastifyRequest, reply: FastifyReply) {
    const viewer = await request.viewer();
    if (viewer) await endSession(db, viewer.sessionId);
    clearSessionCookie(reply, config);
    reply.header('cache-control', 'no-store');
    return reply.redirect('/', 303);
  }

  // The logout form posts urlencoded; its (empty) body is not needed, only accepted.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  /**
   * The contract's logout link. Another site may link here too (or embed it as an image): when
   * the browser says the request came from another site, nothing ends; a page asks instead.
   * Browsers that send no Sec-Fetch-Site (old ones, curl) are logged out as before.
   */
  app.get('/logout', { exposeHeadRoute: false }, async (request, reply) => {
    // Without a session there is nothing another site could end: no need to ask.
    if ((isCrossSite(request) || isSpeculative(request)) && (await request.viewer())) {
      return reply
        .status(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(confirmLogoutPage(config.SITE_NAME));
    }
    return logOut(request, reply);
  });

  /** Logging out by form or fetch; refused when another site sends it. */
  app.post(
    '/logout',
    {
      // Before the body is parsed, so another site's form is refused whatever it sends.
      onRequest: async (request, reply) => {
        if (isCrossSite(request) || isForeignOrigin(request, config)) {
          return sendError(
            reply,
            403,
            'FORBIDDEN',
            'Another site cannot log you out. Use the Log out button on this site.',
          );
        }
      },
    },
    logOut,
  );
}
