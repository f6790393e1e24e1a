import { createHash, randomBytes } from 'node:crypto';

/** An unguessable link secret (256 bits), safe in a URL path. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a string could be one of our link secrets; anything else is refused before a query. */
export function isLinkToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{32,64}$/.test(value);
}

/** What is stored of a secret that only needs checking (confirmation and invitation links). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
