import type { Cents } from '@bevy/core';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/tables';

/** Sums of an order's ledger entries by kind. */
export type LedgerSums = Partial<Record<(typeof ledgerEntries.$inferSelect)['kind'], Cents>>;

export async function ledgerSumsOf(db: Db, orderIds: number[]): Promise<Map<number, LedgerSums>> {
  const sums = new Map<number, LedgerSums>();
  if (orderIds.length === 0) return sums;
  const rows = await db
    .select({
      orderId: ledgerEntries.order_id,
      kind: ledgerEntries.kind,
      cents: sql<number>`sum(${ledgerEntries.amount_cents})::int`,
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.order_id, orderIds))
    .groupBy(ledgerEntries.order_id, ledgerEntries.kind);
  for (const row of rows) {
    if (row.orderId === null) continue;
    const entry = sums.get(row.orderId) ?? {};
    entry[row.kind] = Number(row.cents);
    sums.set(row.orderId, entry);
  }
  return sums;
}
