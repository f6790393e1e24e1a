import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { SuppressionReason } from '@bevy/core';
import type { Db } from '../../db/client';
import { mailSuppressions } from '../../db/tables';

/**
 * Addresses no marketing may reach (decision 021): refused for good by a mail server, or
 * reported as spam by their owner. Kept as hashes, so a deleted account's suppression stays.
 */

/** The key of a suppressed address. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

export async function suppressAddress(
  db: Db,
  email: string,
  reason: SuppressionReason,
  detail: { campaignId?: number | null; note?: string | null } = {},
): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({
      email_hash: emailHash(email),
      reason,
      campaign_id: detail.campaignId ?? null,
      detail: detail.note?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing();
}

/** Which of these addresses are suppressed, for any reason. */
export async function suppressedAmong(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const byHash = new Map(emails.map((email) => [emailHash(email), email.toLowerCase()]));
  const rows = await db
    .select({ hash: mailSuppressions.email_hash })
    .from(mailSuppressions)
    .where(inArray(mailSuppressions.email_hash, [...byHash.keys()]));
  return new Set(rows.map((row) => byHash.get(row.hash)!));
}
