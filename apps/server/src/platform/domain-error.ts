/**
 * What services throw when they refuse: a code clients test for, a message safe to show, and the
 * form field it belongs to. Services know nothing of GraphQL or HTTP; `graphql/errors.ts` and
 * `http/errors.ts` each turn a DomainError into their transport's answer, in one place.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    /**
     * More for the client, beside the code: `fields` (every bad field's first message by path,
     * "retailTiers.0.price", for forms), a card's `declineCode`.
     */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The code of an answer given because the database was away: the request may be sent again. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** Refuses a caller who is not signed in. */
export function unauthenticated(message = 'You must be logged in to do that.'): DomainError {
  return new DomainError('UNAUTHENTICATED', message);
}

/** Refuses a signed-in caller who may not do this; nothing was changed. */
export function forbidden(message = 'You are not allowed to do that.'): DomainError {
  return new DomainError('FORBIDDEN', message);
}

/** Input the user can correct; `field` names the form field the message belongs to. */
export function badInput(message: string, field?: string): DomainError {
  return new DomainError('BAD_USER_INPUT', message, field);
}

/** Something the user asked for does not exist (or is not theirs to see). */
export function notFound(message: string): DomainError {
  return new DomainError('NOT_FOUND', message);
}

/** Too many attempts: HTTP 429. */
export function tooManyRequests(message: string): DomainError {
  return new DomainError('TOO_MANY_REQUESTS', message);
}

/**
 * A zod failure as BAD_USER_INPUT: the message and field of the first problem, and every bad
 * field's first message by path, so a form can show each beside its field.
 */
export function fromZodError(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): DomainError {
  const fields: Record<string, string> = {};
  for (const { path, message } of error.issues) {
    const key = path.map(String).join('.');
    if (key && !(key in fields)) fields[key] = message;
  }
  const first = error.issues[0];
  const field = first?.path.map(String).join('.') || undefined;
  return new DomainError(
    'BAD_USER_INPUT',
    first?.message ?? 'Check the form and try again.',
    field,
    { fields },
  );
}

/** The HTTP status of each code; a code not listed is a refusal of the current state: 409. */
const STATUS_OF_CODE: Record<string, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  REFUND_FAILED: 502,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  [SERVICE_UNAVAILABLE]: 503,
};

export function httpStatusOf(error: DomainError): number {
  return STATUS_OF_CODE[error.code] ?? 409;
}
