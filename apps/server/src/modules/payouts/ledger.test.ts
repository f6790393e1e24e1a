import { orderTotals } from '@bevy/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ledgerImbalance,
  NOTHING_REFUNDED,
  paidCheckoutMovements,
  planCancellation,
  planRefund,
  refundStateWithoutLedger,
  type LedgerMovement,
  type OrderMoney,
  type RefundState,
} from './ledger';

const line = fc.record({
  unitPrice: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 48 }),
});
const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  // A tax + fees rate with up to four decimals, in millionths (0% to 25%).
  taxRate: fc.integer({ min: 0, max: 250_000 }),
  // A delivery or shipping fee (decision 014), often none.
  fulfillmentFee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
});

/** What happens after the checkout: line refunds of some units, or whole cancellations. */
const action = fc.oneof(
  fc.record({
    kind: fc.constant('refund' as const),
    order: fc.nat(),
    line: fc.nat(),
    units: fc.integer({ min: 1, max: 48 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat() }),
);

function isWholeCents(movement: LedgerMovement) {
  return Number.isSafeInteger(movement.amountCents) && movement.amountCents >= 0;
}

describe('ledger', () => {
  it('balances after any checkout, refunds and cancellations, in whole non-negative cents', () => {
    fc.assert(
      fc.property(
        fc.array(order, { minLength: 1, maxLength: 5 }),
        fc.array(action, { maxLength: 12 }),
        (specs, actions) => {
          const placed: OrderMoney[] = specs.map((spec, index) => {
            const totals = orderTotals(spec.lines, spec.taxRate, spec.fulfillmentFee);
            return { orderId: index + 1, taxRate: spec.taxRate, ...totals };
          });
          const charge = placed.reduce((sum, entry) => sum + entry.total, 0);
          const ledger = paidCheckoutMovements(charge, placed);
          const states: RefundState[] = placed.map(() => NOTHING_REFUNDED);
          const unitsLeft = specs.map((spec) => spec.lines.map((entry) => entry.quantity));

          for (const step of actions) {
            const index = step.order % placed.length;
            const plan =
              step.kind === 'cancel'
                ? planCancellation(placed[index]!, states[index]!)
                : (() => {
                    const lineIndex = step.line % specs[index]!.lines.length;
                    const units = Math.min(step.units, unitsLeft[index]![lineIndex]!);
                    if (units === 0) return null;
                    unitsLeft[index]![lineIndex]! -= units;
                    const unitPrice = specs[index]!.lines[lineIndex]!.unitPrice;
                    return planRefund(placed[index]!, states[index]!, unitPrice * units);
                  })();
            if (!plan) continue;
            if (step.kind === 'cancel') unitsLeft[index] = unitsLeft[index]!.map(() => 0);
            expect(plan.refund).toBe(plan.commissionReversal + plan.transferReversal);
            states[index] = plan.next;
            ledger.push(...plan.movements);
            expect(ledgerImbalance(ledger)).toBe(0);
            // An invoice order keeps no ledger: its state, read from the order, is the same.
            expect(
              refundStateWithoutLedger(
                placed[index]!,
                plan.next.refundedSubtotal,
                plan.next.refunded,
              ),
            ).toEqual(plan.next);
          }

          expect(ledger.every(isWholeCents)).toBe(true);
          placed.forEach((entry, index) => {
            const state = states[index]!;
            expect(state.refunded).toBeLessThanOrEqual(entry.total);
            expect(state.commissionReversed).toBeLessThanOrEqual(entry.commission);
            expect(state.transferReversed).toBeLessThanOrEqual(entry.payout);
            // Everything given back: the order's money is all returned, to the cent.
            if (state.refundedSubtotal === entry.subtotal) {
              expect(state).toEqual({
                refundedSubtotal: entry.subtotal,
                refunded: entry.total,
                commissionReversed: entry.commission,
                transferReversed: entry.payout,
              });
            }
          });
          const refunds = ledger
            .filter((movement) => movement.kind === 'refund')
            .reduce((sum, movement) => sum + movement.amountCents, 0);
          expect(refunds).toBeLessThanOrEqual(charge);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a charge that is not the sum of its orders, and refunds beyond what is left', () => {
    const money: OrderMoney = {
      orderId: 1,
      taxRate: 88_750,
      ...orderTotals([{ unitPrice: 2599, quantity: 3 }], 88_750),
    };
    expect(() => paidCheckoutMovements(money.total + 1, [money])).toThrow(/not the orders' total/);
    expect(() => planRefund(money, NOTHING_REFUNDED, money.subtotal + 1)).toThrow(RangeError);
    expect(() => planRefund(money, NOTHING_REFUNDED, 0)).toThrow(RangeError);
    const cancelled = planCancellation(money, NOTHING_REFUNDED)!;
    expect(planCancellation(money, cancelled.next)).toBeNull();
  });

  it('splits a line refund between the commission and the producer’s transfer', () => {
    // 3 × $25.99 at 8.875%: total 7797 + 692 = 8489; commission 624; payout 7865.
    const money: OrderMoney = {
      orderId: 7,
      taxRate: 88_750,
      ...orderTotals([{ unitPrice: 2599, quantity: 3 }], 88_750),
    };
    expect(money).toMatchObject({ total: 8489, commission: 624, payout: 7865 });
    const one = planRefund(money, NOTHING_REFUNDED, 2599);
    // Kept: 5198 + 461 (8.875% of 5198 = 461.32) = 5659; commission of 5198 = 416.
    expect(one).toMatchObject({ refund: 8489 - 5659, commissionReversal: 624 - 416 });
    expect(one.transferReversal).toBe(one.refund - one.commissionReversal);
    expect(one.movements.map((movement) => movement.kind)).toEqual([
      'refund',
      'commission_reversal',
      'transfer_reversal',
    ]);
  });

  it('keeps the fulfillment fee through partial refunds and returns it with the last unit', () => {
    // 3 × $25.99 at 8.875% with a $5 delivery fee: total 7797 + 692 + 500 = 8989.
    const money: OrderMoney = {
      orderId: 8,
      taxRate: 88_750,
      ...orderTotals([{ unitPrice: 2599, quantity: 3 }], 88_750, 500),
    };
    expect(money).toMatchObject({ total: 8989, commission: 624, payout: 8365 });
    const one = planRefund(money, NOTHING_REFUNDED, 2599);
    expect(one.refund).toBe(8489 - 5659);
    const rest = planRefund(money, one.next, 2 * 2599);
    // The last units bring back their share and the whole fee, taken from the producer.
    expect(rest.refund).toBe(5659 + 500);
    expect(rest.next).toEqual({
      refundedSubtotal: money.subtotal,
      refunded: money.total,
      commissionReversed: money.commission,
      transferReversed: money.payout,
    });
  });
});
