import { createHmac, timingSafeEqual } from 'node:crypto';
import { SEARCH_TOKEN_TTL_MS, type BuyerKind } from '@bevy/core';
import { LRUCache } from 'lru-cache';

/**
 * Set when the key sent was expired, invalid or revoked (its session ended) and the caller was
 * served as anonymous.
 */
export const SEARCH_KEY_STATUS_HEADER = 'x-search-key-status';

/** What a search key lets its holder see. */
export interface SearchKeyClaims {
  buyer: BuyerKind;
  /** Expiry, milliseconds since the epoch. */
  exp: number;
  /**
   * The session it was issued to, by reference (accounts `sessionRef`, never the id), so that
   * ending the session revokes it. Absent for anonymous callers.
   */
  ses?: string;
}

export type SearchKeyCheck =
  | { ok: true; claims: SearchKeyClaims }
  | { ok: false; reason: 'malformed' | 'bad-signature' | 'expired' };

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** A signed, expiring key: base64url(JSON claims) "." HMAC-SHA256 signature. */
export function createSearchKey(
  buyer: BuyerKind,
  secret: string,
  now = Date.now(),
  sessionRef?: string,
): string {
  const claims: SearchKeyClaims = {
    buyer,
    exp: now + SEARCH_TOKEN_TTL_MS,
    ...(sessionRef ? { ses: sessionRef } : {}),
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function verifySearchKey(key: string, secret: string, now = Date.now()): SearchKeyCheck {
  const [payload, signature, extra] = key.split('.');
  if (!payload || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, reason: 'bad-signature' };
  }
  let claims: SearchKeyClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SearchKeyClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.buyer !== 'retail' && claims.buyer !== 'wholesale') {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.ses !== undefined && typeof claims.ses !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** Keys verified at once: about one per visitor of a day, each a few hundred bytes. */
const VERIFIED_KEYS_KEPT = 10_000;

/**
 * `verifySearchKey` with the keys found valid remembered, so that a visitor's searches after the
 * first skip the HMAC. Expiry is still checked on every call (revocation is the caller's, as
 * before); keys found invalid are not remembered, so junk cannot push valid ones out.
 */
export function searchKeyVerifier(
  secret: string,
  kept = VERIFIED_KEYS_KEPT,
): (key: string, now?: number) => SearchKeyCheck {
  const verified = new LRUCache<string, SearchKeyClaims>({ max: kept });
  return (key, now = Date.now()) => {
    const claims = verified.get(key);
    if (!claims) {
      const check = verifySearchKey(key, secret, now);
      if (check.ok) verified.set(key, check.claims);
      return check;
    }
    if (claims.exp <= now) {
      verified.delete(key);
      return { ok: false, reason: 'expired' };
    }
    return { ok: true, claims };
  };
}
