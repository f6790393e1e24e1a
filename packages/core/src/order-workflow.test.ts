import { describe, expect, it } from 'vitest';
import { FULFILLMENT_MODES, type FulfillmentMode } from './fulfillment';
import {
  canCancel,
  canRefundLine,
  statusAfterRefund,
  canTransition,
  isVisibleOrderStatus,
  nextStatusesFor,
  ORDER_ACTION_LABELS,
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  parseTrackingNumber,
  transitionProblem,
  VISIBLE_ORDER_STATUSES,
} from './order-workflow';
import { ORDER_STATUSES, type OrderStatus } from './orders';

/** Every allowed move, written out by hand from the contract. */
const ALLOWED: Record<FulfillmentMode, [OrderStatus, OrderStatus][]> = {
  pickup: [
    ['placed', 'accepted'],
    ['accepted', 'ready_for_pickup'],
    ['ready_for_pickup', 'completed'],
    ['placed', 'cancelled'],
    ['accepted', 'cancelled'],
  ],
  delivery: [
    ['placed', 'accepted'],
    ['accepted', 'out_for_delivery'],
    ['out_for_delivery', 'completed'],
    ['placed', 'cancelled'],
    ['accepted', 'cancelled'],
  ],
  ship: [
    ['placed', 'accepted'],
    ['accepted', 'shipped'],
    ['shipped', 'completed'],
    ['placed', 'cancelled'],
    ['accepted', 'cancelled'],
  ],
};

describe('canTransition', () => {
  for (const mode of FULFILLMENT_MODES) {
    it(`allows exactly the ${mode} workflow's moves, and refuses every other pair`, () => {
      const allowed = new Set(ALLOWED[mode].map(([from, to]) => `${from}>${to}`));
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          expect(canTransition(from, to, mode), `${mode}: ${from} → ${to}`).toBe(
            allowed.has(`${from}>${to}`),
          );
        }
      }
    });
  }

  it('refuses the fulfillment step of another mode', () => {
    expect(canTransition('accepted', 'ready_for_pickup', 'ship')).toBe(false);
    expect(canTransition('accepted', 'shipped', 'pickup')).toBe(false);
    expect(canTransition('accepted', 'out_for_delivery', 'pickup')).toBe(false);
    expect(canTransition('ready_for_pickup', 'completed', 'ship')).toBe(false);
  });

  it('refuses skipping steps, going back, and anything from cancelled, completed or unpaid', () => {
    expect(canTransition('placed', 'completed', 'pickup')).toBe(false);
    expect(canTransition('placed', 'shipped', 'ship')).toBe(false);
    expect(canTransition('accepted', 'placed', 'ship')).toBe(false);
    expect(canTransition('shipped', 'accepted', 'ship')).toBe(false);
    expect(canTransition('shipped', 'cancelled', 'ship')).toBe(false);
    expect(canTransition('completed', 'cancelled', 'pickup')).toBe(false);
    for (const to of ORDER_STATUSES) {
      for (const mode of FULFILLMENT_MODES) {
        expect(canTransition('cancelled', to, mode)).toBe(false);
        expect(canTransition('completed', to, mode)).toBe(false);
        expect(canTransition('awaiting_payment', to, mode)).toBe(false);
        expect(canTransition('payment_failed', to, mode)).toBe(false);
      }
    }
  });

  it('never moves to a status that is not a paid order', () => {
    for (const from of ORDER_STATUSES) {
      for (const mode of FULFILLMENT_MODES) {
        expect(canTransition(from, 'awaiting_payment', mode)).toBe(false);
        expect(canTransition(from, 'payment_failed', mode)).toBe(false);
        expect(canTransition(from, from, mode)).toBe(false);
      }
    }
  });
});

describe('nextStatusesFor', () => {
  it.each([
    ['placed', 'pickup', ['accepted']],
    ['accepted', 'pickup', ['ready_for_pickup']],
    ['accepted', 'delivery', ['out_for_delivery']],
    ['accepted', 'ship', ['shipped']],
    ['ready_for_pickup', 'pickup', ['completed']],
    ['out_for_delivery', 'delivery', ['completed']],
    ['shipped', 'ship', ['completed']],
    ['shipped', 'pickup', []],
    ['completed', 'ship', []],
    ['cancelled', 'pickup', []],
    ['awaiting_payment', 'pickup', []],
    ['payment_failed', 'delivery', []],
  ] as const)('%s (%s) → %j', (status, mode, expected) => {
    expect(nextStatusesFor(status, mode)).toEqual(expected);
  });

  it('leaves out cancellation, and agrees with canTransition', () => {
    for (const status of ORDER_STATUSES) {
      for (const mode of FULFILLMENT_MODES) {
        const next = nextStatusesFor(status, mode);
        expect(next).not.toContain('cancelled');
        for (const to of next) expect(canTransition(status, to, mode)).toBe(true);
        const viaCanTransition = ORDER_STATUSES.filter(
          (to) => to !== 'cancelled' && canTransition(status, to, mode),
        );
        expect(next).toEqual(viaCanTransition);
      }
    }
  });
});

describe('canCancel and canRefundLine', () => {
  it.each([
    ['awaiting_payment', false, false],
    ['payment_failed', false, false],
    ['placed', true, true],
    ['accepted', true, true],
    ['ready_for_pickup', false, true],
    ['out_for_delivery', false, true],
    ['shipped', false, true],
    ['completed', false, true],
    ['cancelled', false, false],
    ['refunded', false, false],
  ] as const)('%s: cancel %s, refund a line %s', (status, cancel, refund) => {
    expect(canCancel(status)).toBe(cancel);
    expect(canRefundLine(status)).toBe(refund);
  });
});

describe('statusAfterRefund', () => {
  it('is refunded once every unit of every line is refunded, and unchanged before', () => {
    const lines = (a: number, b: number) => [
      { quantity: 2, refundedQuantity: a },
      { quantity: 1, refundedQuantity: b },
    ];
    expect(statusAfterRefund('placed', lines(1, 1))).toBe('placed');
    expect(statusAfterRefund('completed', lines(2, 0))).toBe('completed');
    expect(statusAfterRefund('placed', lines(2, 1))).toBe('refunded');
    expect(statusAfterRefund('completed', lines(2, 1))).toBe('refunded');
  });
});

describe('labels', () => {
  it('names every status, and the contract’s wording for the visible ones', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[status]).toBeTruthy();
    expect(VISIBLE_ORDER_STATUSES.map((status) => ORDER_STATUS_LABELS[status])).toEqual([
      'Placed',
      'Accepted',
      'Ready for pickup',
      'Out for delivery',
      'Shipped',
      'Completed',
      'Cancelled',
      'Refunded',
    ]);
    expect(orderStatusLabel('shipped')).toBe('Shipped');
    expect(orderStatusLabel('nonsense')).toBe('nonsense');
  });

  it('has an action label for every status a seller can move an order to', () => {
    expect(ORDER_ACTION_LABELS).toEqual({
      accepted: 'Accept order',
      ready_for_pickup: 'Mark ready for pickup',
      out_for_delivery: 'Mark out for delivery',
      shipped: 'Mark shipped',
      completed: 'Mark completed',
      cancelled: 'Cancel order',
    });
    for (const status of ORDER_STATUSES) {
      for (const mode of FULFILLMENT_MODES) {
        for (const to of nextStatusesFor(status, mode))
          expect(ORDER_ACTION_LABELS[to]).toBeTruthy();
      }
    }
  });

  it('knows which statuses are paid orders', () => {
    expect(ORDER_STATUSES.filter(isVisibleOrderStatus)).toEqual([...VISIBLE_ORDER_STATUSES]);
    expect(isVisibleOrderStatus('awaiting_payment')).toBe(false);
    expect(isVisibleOrderStatus('payment_failed')).toBe(false);
    expect(isVisibleOrderStatus('bogus')).toBe(false);
  });
});

describe('transitionProblem', () => {
  it('is null for an allowed move', () => {
    expect(transitionProblem('placed', 'accepted', 'ship')).toBeNull();
    expect(transitionProblem('accepted', 'cancelled', 'ship')).toBeNull();
  });

  it('says what is wrong, with the statuses’ labels', () => {
    expect(transitionProblem('placed', 'shipped', 'ship')).toBe(
      'An order that is Placed cannot be marked Shipped.',
    );
    expect(transitionProblem('placed', 'completed', 'pickup')).toBe(
      'An order that is Placed cannot be marked Completed.',
    );
    expect(transitionProblem('shipped', 'cancelled', 'ship')).toBe(
      'An order that is Shipped cannot be cancelled.',
    );
    expect(transitionProblem('cancelled', 'accepted', 'pickup')).toBe(
      'An order that is Cancelled cannot be marked Accepted.',
    );
    expect(transitionProblem('accepted', 'ready_for_pickup', 'ship')).toBe(
      'A shipping order cannot be marked Ready for pickup.',
    );
    expect(transitionProblem('accepted', 'shipped', 'delivery')).toBe(
      'A delivery order cannot be marked Shipped.',
    );
    expect(transitionProblem('accepted', 'out_for_delivery', 'pickup')).toBe(
      'A pickup order cannot be marked Out for delivery.',
    );
  });

  it('has a message for every refused pair', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const mode of FULFILLMENT_MODES) {
          const problem = transitionProblem(from, to, mode);
          expect(problem === null).toBe(canTransition(from, to, mode));
        }
      }
    }
  });
});

describe('parseTrackingNumber', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(parseTrackingNumber('  1Z999AA10123456784 ')).toEqual({
      ok: true,
      value: '1Z999AA10123456784',
    });
    expect(parseTrackingNumber('x')).toEqual({ ok: true, value: 'x' });
    expect(parseTrackingNumber('9'.repeat(100))).toEqual({ ok: true, value: '9'.repeat(100) });
  });

  it('refuses nothing, blanks and more than 100 characters', () => {
    expect(parseTrackingNumber(null).ok).toBe(false);
    expect(parseTrackingNumber(undefined).ok).toBe(false);
    expect(parseTrackingNumber('   ').ok).toBe(false);
    expect(parseTrackingNumber('9'.repeat(101))).toEqual({
      ok: false,
      message: 'A tracking number has at most 100 characters.',
    });
  });
});
