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
