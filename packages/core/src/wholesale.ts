/** ISO calendar date (YYYY-MM-DD) of an instant, in UTC. */
export function isoDate(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * Whether a buyer sees wholesale prices: only while their approved access lasts, that is up to
 * and including the last day of their license (`accessExpiresOn`, YYYY-MM-DD).
 */
export function hasWholesaleAccess(accessExpiresOn: string | null, now: Date): boolean {
  return accessExpiresOn !== null && accessExpiresOn >= isoDate(now);
}
