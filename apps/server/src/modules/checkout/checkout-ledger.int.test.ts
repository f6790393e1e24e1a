import { commissionOf, orderTotals, percentToMillionths, tierForQuantity } from '@bevy/core';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { DomainError } from '../../platform/domain-error';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, ledgerEntries, orders } from '../../db/tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  CARDS,
  checkoutContext,
  createBuyer,
  createProducer,
  createProduct,
  orderRequest,
  payingWith,
  stockOf,
} from './checkout-fixtures';
import { placeOrder } from './place-order';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A tier's minimum count: mostly 1, so that most carts can be sold. */
const minimumCount = fc.oneof(
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 24 }) },
);
/** Tiers with distinct minimum counts, as the product form allows. */
const tiers = fc.uniqueArray(fc.tuple(minimumCount, fc.integer({ min: 50, max: 250_000 })), {
  minLength: 1,
  maxLength: 3,
  selector: ([minimum]) => minimum,
});
const productSpec = fc.record({
  tiers,
  stock: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 24 }),
});
const producerSpec = fc.record({
  // Tax + fees as sellers type it: up to four decimals.
  taxRate: fc
    .integer({ min: 0, max: 150_000 })
    .map((tenThousandths) => (tenThousandths / 10_000).toFixed(4)),
  products: fc.array(productSpec, { minLength: 1, maxLength: 3 }),
});
const card = fc.constantFrom(
  CARDS.succeeds,
  CARDS.succeeds,
  CARDS.succeeds,
  CARDS.declined,
  CARDS.insufficientFunds,
);

describe('the ledger of placed orders', () => {
  it('charge = transfers + commission for every checkout, in whole cents, at the server’s prices', async () => {
    const outcomes = { total: 0, paid: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(producerSpec, { minLength: 1, maxLength: 3 }),
        card,
        async (producerSpecs, cardNumber) => {
          outcomes.total += 1;
          const lines: { productId: number; quantity: number }[] = [];
          const expected: { subtotal: number; taxRate: string }[] = [];
          const stockBefore = new Map<number, number | null>();
          const businessIds: number[] = [];
          let sellable = true;
          for (const spec of producerSpecs) {
            const producer = await createProducer(db(), { sales_tax_rate: spec.taxRate });
            businessIds.push(producer.id);
            let subtotal = 0;
            for (const product of spec.products) {
              const { id } = await createProduct(db(), producer.id, {
                retail: product.tiers,
                stock: product.stock,
              });
              lines.push({ productId: id, quantity: product.quantity });
              stockBefore.set(id, product.stock);
              const tier = tierForQuantity(
                product.tiers.map(([minimum, price]) => ({
                  minimum_unit_count_for_price: minimum,
                  price_per_unit: price,
                })),
                product.quantity,
              );
              if (!tier || (product.stock !== null && product.stock < product.quantity)) {
                sellable = false;
              } else {
                subtotal += tier.price_per_unit * product.quantity;
              }
            }
            expected.push({ subtotal, taxRate: spec.taxRate });
          }

          const input = orderRequest(lines, businessIds, payingWith(cardNumber));
          // A buyer per run: the declines drawn here would otherwise stop the buyer after five.
          const buyer = await createBuyer(db());
          const placing = placeOrder(checkoutContext(db(), t.app.log, buyer), input);
          const paid = await placing.catch((error: unknown) => {
            if (error instanceof DomainError) return error;
            throw error;
          });
          const [checkout] = await db()
            .select()
            .from(checkouts)
            .where(eq(checkouts.idempotency_key, input.idempotencyKey));
          const ledger = await db()
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.checkout_id, checkout!.id));
          const placedOrders = await db()
            .select()
            .from(orders)
            .where(eq(orders.checkout_id, checkout!.id));

          if (paid instanceof DomainError) {
            expect(sellable && cardNumber === CARDS.succeeds).toBe(false);
            // Nothing is owed, nothing is left placed, and every unit is back on the shelf.
            expect(ledger).toEqual([]);
            expect(placedOrders.every((order) => order.status === 'payment_failed')).toBe(true);
            for (const [productId, stock] of stockBefore) {
              expect(await stockOf(db(), productId)).toBe(stock);
            }
            return;
          }
          expect(sellable && cardNumber === CARDS.succeeds).toBe(true);
          outcomes.paid += 1;

          const sumOf = (kind: string) =>
            ledger
              .filter((entry) => entry.kind === kind)
              .reduce((sum, entry) => sum + entry.amount_cents, 0);
          const charge = sumOf('charge');
          expect(ledger.filter((entry) => entry.kind === 'charge')).toHaveLength(1);
          expect(charge).toBe(paid.amountCents);
          expect(charge).toBe(sumOf('transfer') + sumOf('commission') - sumOf('refund'));
          expect(ledger.every((entry) => Number.isSafeInteger(entry.amount_cents))).toBe(true);
          expect(ledger.every((entry) => entry.amount_cents >= 0)).toBe(true);

          // Each producer's order is what the arithmetic of decision 009 makes of the database's prices.
          expect(placedOrders).toHaveLength(producerSpecs.length);
          for (const [index, businessId] of businessIds.entries()) {
            const order = placedOrders.find((candidate) => candidate.business_id === businessId)!;
            const model = orderTotals(
              [{ unitPrice: expected[index]!.subtotal, quantity: 1 }],
              percentToMillionths(expected[index]!.taxRate),
            );
            expect(order).toMatchObject({
              status: 'placed',
              subtotal_cents: model.subtotal,
              tax_and_fees_cents: model.taxAndFees,
              total_cents: model.total,
              commission_cents: commissionOf(model.subtotal),
              payout_cents: model.total - model.commission,
            });
          }
          for (const { productId, quantity } of lines) {
            const before = stockBefore.get(productId)!;
            expect(await stockOf(db(), productId)).toBe(before === null ? null : before - quantity);
          }
        },
      ),
      { numRuns: 30 },
    );

    // The random carts were a mix of paid and refused ones.
    expect(outcomes.paid).toBeGreaterThan(0);
    expect(outcomes.paid).toBeLessThan(outcomes.total);

    // Across every checkout made: charge − refunds = transfers − reversals + commission − reversals.
    const unbalanced = await db()
      .select({ checkout: ledgerEntries.checkout_id })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.checkout_id)
      .having(
        sql`sum(case ${ledgerEntries.kind}
          when 'charge' then ${ledgerEntries.amount_cents}
          when 'transfer_reversal' then ${ledgerEntries.amount_cents}
          when 'commission_reversal' then ${ledgerEntries.amount_cents}
          else -${ledgerEntries.amount_cents} end) <> 0`,
      );
    expect(unbalanced).toEqual([]);
  });
});
