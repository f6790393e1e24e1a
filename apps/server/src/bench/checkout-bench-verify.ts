// The end of `npm run bench:checkout` (checkout-bench.ts): what the database holds after the
// runs, against what the buyers were told was placed, and whether the ledger balances.
import { count, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, ledgerEntries, mailOutbox, orderLines, orders, products } from '../db/tables';
import { STOCK } from './checkout-bench-seed';

/** What the database holds after the runs, against what the buyers were told was placed. */
export async function verify(db: Db, placedCheckouts: number, out: (line: string) => void) {
  const one = async <T>(query: Promise<T[]>) => (await query)[0]!;
  const paid = await one(
    db.select({ n: count() }).from(checkouts).where(eq(checkouts.status, 'paid')),
  );
  const allCheckouts = await one(db.select({ n: count() }).from(checkouts));
  const placedOrders = await one(
    db.select({ n: count() }).from(orders).where(eq(orders.status, 'placed')),
  );
  const allOrders = await one(db.select({ n: count() }).from(orders));
  const lines = await one(
    db.select({ n: count(), units: sum(orderLines.quantity) }).from(orderLines),
  );
  const ledger = await one(
    db
      .select({
        rows: count(),
        charges: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.kind} = 'charge'), 0)::bigint`,
        transfers: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.kind} = 'transfer'), 0)::bigint`,
        commissions: sql<number>`coalesce(sum(${ledgerEntries.amount_cents}) filter (where ${ledgerEntries.kind} = 'commission'), 0)::bigint`,
        unsent: sql<number>`count(*) filter (where ${ledgerEntries.kind} = 'transfer' and ${ledgerEntries.provider_reference} is null)`,
      })
      .from(ledgerEntries),
  );
  const unbalancedCheckouts = db
    .select({ id: ledgerEntries.checkout_id })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.checkout_id)
    .having(
      sql`sum(case when ${ledgerEntries.kind} = 'charge' then ${ledgerEntries.amount_cents}
                   else -${ledgerEntries.amount_cents} end) <> 0`,
    )
    .as('unbalanced');
  const unbalanced = await one(db.select({ n: count() }).from(unbalancedCheckouts));
  const charged = await one(
    db
      .select({ cents: sum(checkouts.amount_cents) })
      .from(checkouts)
      .where(eq(checkouts.status, 'paid')),
  );
  const mail = await one(db.select({ n: count() }).from(mailOutbox));
  const stock = await one(
    db
      .select({ sold: sql<number>`sum(${STOCK} - ${products.stock_count})::bigint` })
      .from(products),
  );
  const checks: [string, unknown, unknown][] = [
    ['paid checkouts', paid.n, placedCheckouts],
    ['checkouts of any status', allCheckouts.n, placedCheckouts],
    ['placed orders (two per checkout)', placedOrders.n, 2 * placedCheckouts],
    ['orders of any status', allOrders.n, 2 * placedCheckouts],
    ['order lines (five per checkout)', lines.n, 5 * placedCheckouts],
    ['ledger rows (charge + 2 commissions + 2 transfers)', ledger.rows, 5 * placedCheckouts],
    [
      'charges = transfers + commissions (cents)',
      Number(ledger.charges),
      Number(ledger.transfers) + Number(ledger.commissions),
    ],
    ['charges = paid checkouts’ amounts (cents)', Number(ledger.charges), Number(charged.cents)],
    ['checkouts whose ledger does not balance', unbalanced.n, 0],
    ['payouts not yet transferred', Number(ledger.unsent), 0],
    ['emails queued (buyer + 2 producers per checkout)', mail.n, 3 * placedCheckouts],
    ['units taken from stock = units in order lines', Number(stock.sold), Number(lines.units)],
  ];
  let ok = true;
  for (const [what, actual, expected] of checks) {
    const good = actual === expected;
    ok &&= good;
    out(
      `  ${good ? 'ok  ' : 'FAIL'} ${what}: ${String(actual)}${good ? '' : ` (expected ${String(expected)})`}`,
    );
  }
  return { ok, checks: checks.map(([what, actual, expected]) => ({ what, actual, expected })) };
}
