import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional GET for generated documents, so crawlers can ask "changed since?" cheaply. The ETag
 * is the body's hash. Last-Modified is when this process first made the body as it is now: row
 * timestamps would miss a deleted product or a stock change at checkout, and a date that is too
 * old would tell a crawler nothing changed when something did.
 */
export function freshnessTracker(now: () => Date) {
  const firstSeen = new Map<string, { etag: string; since: Date }>();

  return function send(
    request: FastifyRequest,
    reply: FastifyReply,
    document: { key: string; body: string; contentType: string },
  ) {
    const etag = `"${createHash('sha256').update(document.body).digest('base64url').slice(0, 32)}"`;
    let seen = firstSeen.get(document.key);
    if (!seen || seen.etag !== etag) {
      // HTTP dates have whole seconds: the time is cut to them so a date sent back compares equal.
      const since = new Date(Math.floor(now().getTime() / 1000) * 1000);
      seen = { etag, since };
      firstSeen.set(document.key, seen);
    }
    reply
      .header('etag', etag)
      .header('last-modified', seen.since.toUTCString())
      .header('cache-control', 'public, max-age=300');
    if (notModified(request, etag, seen.since, now())) return reply.status(304).send();
    return reply.type(document.contentType).send(document.body);
  };
}

/** RFC 9110: If-None-Match, when sent, decides alone; otherwise If-Modified-Since does. */
function notModified(request: FastifyRequest, etag: string, since: Date, now: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const date = Date.parse(ifModifiedSince);
  // A date in the future is not one this server gave out: ignored, as the RFC says.
  return Number.isFinite(date) && date <= now.getTime() && since.getTime() <= date;
}
