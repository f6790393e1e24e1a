import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitEvents } from '../../db/tables';

/** At most `max` requests of an action by `subject` within the window. */
export interface RateLimitRule {
  /** Whom the limit is for: `addressSubject(ip)` or `emailSubject(email)`. */
  subject: string;
  max: number;
  /** What to tell the caller once the limit is reached. */
  message: string;
}

/**
 * The network an address stands for in abuse limits: an IPv4 address itself, an IPv6 address its
 * /64, since one subscriber commonly holds a whole /64 and could otherwise take a new address
 * for every request.
 */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv6(address)) {
    const [head = '', tail] = address.split('::');
    const front = head ? head.split(':') : [];
    const back = tail ? tail.split(':') : [];
    const groups =
      tail === undefined
        ? front
        : [...front, ...Array(8 - front.length - back.length).fill('0'), ...back];
    return `${groups
      .slice(0, 4)
      .map((group) => group.replace(/^0+(?=.)/, ''))
      .join(':')}::/64`;
  }
  return address;
}

/** The subject of a limit per network address (see networkOf). */
export const addressSubject = (ip: string) => `ip:${networkOf(ip)}`;
/** The subject of a limit per email; pass the normalized email. */
export const emailSubject = (email: string) => `email:${email}`;

/**
 * The usual pair of rules: per email and, when the caller's address is known, per address
 * (in-process callers such as the checkout benchmark have none).
 */
export function perEmailAndAddress(
  limits: { maxPerEmail: number; maxPerAddress: number },
  who: { email: string; ip: string | undefined },
  messages: { email: string; address: string },
): RateLimitRule[] {
  return [
    { subject: emailSubject(who.email), max: limits.maxPerEmail, message: messages.email },
    ...(who.ip === undefined
      ? []
      : [
          { subject: addressSubject(who.ip), max: limits.maxPerAddress, message: messages.address },
        ]),
  ];
}

/**
 * Rate-limit locks take PostgreSQL's two-key advisory locks under this first key, so they never
 * meet the single-key locks of log-ins.
 */
const LOCK_SPACE = 0x52_4c_49_4d; // "RLIM"

/** A 32-bit lock key for one action by one subject. */
function lockKey(action: string, subject: string): number {
  return createHash('sha256').update(`${action}\n${subject}`).digest().readInt32BE(0);
}

/**
 * Records one request of `action` by every rule's subject, unless one of them has already made
 * `max` requests within the window: then nothing is recorded and the first such rule is
 * returned, for its message. Null means the request may go ahead. Requests refused are not
 * counted, so a subject gets `max` per window however often it knocks.
 *
 * Parallel requests on a subject wait for each other (an advisory lock per subject, taken in one
 * order by everyone, so two requests sharing subjects cannot deadlock): a burst cannot slip past.
 * Each subject's rows older than the window are deleted on the way, so the table stays small.
 */
export async function recordRequest(
  db: Db,
  action: string,
  windowMs: number,
  rules: readonly RateLimitRule[],
  now = new Date(),
): Promise<RateLimitRule | null> {
  const since = new Date(now.getTime() - windowMs);
  const keys = [...new Set(rules.map((rule) => lockKey(action, rule.subject)))].sort(
    (a, b) => a - b,
  );
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    for (const key of keys) {
      await t.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACE}::int, ${key}::int)`);
    }
    for (const rule of rules) {
      const ofSubject = and(
        eq(rateLimitEvents.action, action),
        eq(rateLimitEvents.subject, rule.subject),
      );
      await t.delete(rateLimitEvents).where(and(ofSubject, lte(rateLimitEvents.created_at, since)));
      const [row] = await t
        .select({ n: count() })
        .from(rateLimitEvents)
        .where(and(ofSubject, gt(rateLimitEvents.created_at, since)));
      if ((row?.n ?? 0) >= rule.max) return rule;
    }
    if (rules.length > 0) {
      await t
        .insert(rateLimitEvents)
        .values(rules.map((rule) => ({ action, subject: rule.subject, created_at: now })));
    }
    return null;
  });
}
