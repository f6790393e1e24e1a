import { LEDGER_ENTRY_KINDS } from '@bevy/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Db } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const tablesScanned = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : []),
  ...(node.Plans ?? []).flatMap(tablesScanned),
];

/** The tables the plan of `query` reads whole, with sequential scans made a last resort. */
async function wholeTablesRead(query: string): Promise<string[]> {
  return t.database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`set local enable_seqscan = off`);
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
      await db.execute(sql.raw(`explain (format json) ${query}`)),
    );
    const plan = row!['QUERY PLAN'];
    return tablesScanned((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  });
}

describe('the ledger’s lookups by order', () => {
  // Every payout sent after a checkout sums its order's transfer reversals: a ledger read whole
  // each time made every checkout slower as the ledger grew.
  it.each(LEDGER_ENTRY_KINDS)(
    'finds an order’s %s entries without reading the whole ledger',
    async (kind) => {
      expect(
        await wholeTablesRead(
          `select sum(amount_cents) from ledger_entries where order_id = 1 and kind = '${kind}'`,
        ),
      ).toEqual([]);
    },
  );
});
