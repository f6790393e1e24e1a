/** PostgreSQL's code for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a failed query broke a unique constraint (optionally the named one). Drizzle wraps the
 * driver's error, so the code is looked up along the `cause` chain.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === UNIQUE_VIOLATION) {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}

/**
 * PostgreSQL's codes for text it cannot store: an invalid byte sequence or a character outside the
 * encoding, such as U+0000 in a text parameter (22021), or `\u0000` inside JSON for jsonb (22P05).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export interface DriverError extends Error {
  /** The SQLSTATE, e.g. 23505. */
  code: string;
  severity: string;
  constraint?: string;
  table?: string;
  column?: string;
}

/**
 * The server's error (pg's or PGlite's, with a SQLSTATE `code` and a `severity`) behind a failed
 * query, if there is one; drizzle wraps it, so it is looked up along the `cause` chain.
 */
export function driverErrorOf(error: unknown): DriverError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (
      current instanceof Error &&
      typeof candidate.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(candidate.code) &&
      typeof candidate.severity === 'string'
    ) {
      return current as DriverError;
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Whether a failed query was given text PostgreSQL cannot store (the client's input, not a bug). */
export function isUnstorableText(error: unknown): boolean {
  const found = driverErrorOf(error);
  return found !== undefined && UNSTORABLE_TEXT.has(found.code);
}

/** SQLSTATE classes and codes that mean the connection, not the statement, failed. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '53300', '25P03']);
const CONNECTION_LOST_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
];
const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

/**
 * Whether a query failed because the database connection was lost or refused (a failover, an
 * administrator ending backends, a network blip): nothing about the request was wrong, and the
 * same request may succeed a moment later. Looked up along drizzle's `cause` chain.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (CONNECTION_LOST_CODES.has(code) || code.startsWith('08') || NETWORK_ERRORS.has(code)) {
      return true;
    }
    const message = typeof candidate.message === 'string' ? candidate.message : '';
    if (CONNECTION_LOST_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = candidate.cause;
  }
  return false;
}
