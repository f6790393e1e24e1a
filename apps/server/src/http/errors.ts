import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { isConnectionLoss, isUnstorableText } from '../db/errors';
import { DomainError, httpStatusOf, SERVICE_UNAVAILABLE } from '../platform/domain-error';

/** What a request hears when the database connection it used was lost: nothing was wrong with it. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'We lost our connection to the database. Please try again in a moment.';

/** An error the caller can act on: a 4xx with a code and a message safe to show. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  field?: string,
) {
  return reply.status(statusCode).send({ error: { code, message, ...(field ? { field } : {}) } });
}

/** One place that maps errors to the contract's JSON shape; never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    // A service's refusal: the same code and message a GraphQL field would give.
    if (error instanceof DomainError) {
      return sendError(reply, httpStatusOf(error), error.code, error.message, error.field);
    }
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.code, error.message);
    }
    if (isConnectionLoss(error)) {
      request.log.warn({ err: error }, 'a request lost its database connection');
      reply.header('retry-after', '1');
      // Before any resolver ran (reading the session, say): still in GraphQL's shape for its clients.
      if (request.routeOptions.url === '/graphql') {
        return reply.status(503).send({
          data: null,
          errors: [
            { message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: SERVICE_UNAVAILABLE } },
          ],
        });
      }
      return sendError(reply, 503, SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code ?? 'BAD_REQUEST';
      return sendError(reply, status, code, error.message);
    }
    // A backstop for text no route refused first (the NUL hook covers query, params and body).
    if (isUnstorableText(error)) {
      return sendError(
        reply,
        400,
        'BAD_USER_INPUT',
        'The request contains characters that cannot be stored, such as NUL (U+0000). Remove them and try again.',
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}
