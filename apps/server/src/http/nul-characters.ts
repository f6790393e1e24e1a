import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './errors';

const NUL = '\u0000';

/** Whether a string, or any key or string inside a parsed value, contains U+0000. */
export function containsNul(value: unknown): boolean {
  // A walk with its own stack: a deeply nested JSON body cannot overflow the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (current.includes(NUL)) return true;
    } else if (Array.isArray(current)) {
      // One by one: spreading a list of some 150,000 items would overflow the call stack.
      for (const item of current) pending.push(item);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes(NUL)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Where in the request a NUL character was found, if anywhere. */
function nulLocation(request: FastifyRequest): string | undefined {
  if (containsNul(request.query)) return 'query string';
  if (containsNul(request.params)) return 'address';
  if (containsNul(request.body)) return 'body';
  return undefined;
}

/**
 * PostgreSQL cannot store U+0000 in text, so a NUL character anywhere in a request's query
 * string, route parameters or parsed body is refused with a 400 before any route reads it.
 * GraphQL requests are left to the GraphQL layer, which answers in its own shape.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.url?.startsWith('/graphql')) return;
    const location = nulLocation(request);
    if (!location) return;
    return sendError(
      reply,
      400,
      'BAD_USER_INPUT',
      `The ${location} contains a NUL character (U+0000), which is not allowed in text. Remove it and try again.`,
    );
  });
}
