import { COMMISSION_BASIS_POINTS, type Cents } from './money';

/**
 * Order arithmetic, shared by the cart's display and the server's checkout so both say the same
 * thing. All amounts are whole cents; every division rounds half up (decision 009).
 */

/** numerator / denominator rounded half up, for whole numbers numerator ≥ 0 and denominator > 0. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || numerator < 0) {
    throw new RangeError(`Not a whole, non-negative amount: ${numerator}`);
  }
  if (!Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`Not a positive whole divisor: ${denominator}`);
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** A percentage rate in millionths of the whole: 8.875% is 88,750. */
export type RateMillionths = number;

/**
 * A percentage as the database stores it (numeric with up to 4 decimals, e.g. "8.8750") or as
 * a number, in millionths, exactly: parsed from its decimal digits, never through floating point.
 */
export function percentToMillionths(percent: string | number): RateMillionths {
  const text = typeof percent === 'number' ? String(percent) : percent.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a percentage with at most 4 decimals: ${percent}`);
  const millionths = Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
  if (millionths > 1_000_000) throw new RangeError(`A percentage over 100: ${percent}`);
  return millionths;
}

/** `rate` of `amount`, rounded half up to the cent. */
export function percentOf(amount: Cents, rate: RateMillionths): Cents {
  return divideRoundingHalfUp(amount * rate, 1_000_000);
}

/** The marketplace's 8% of a subtotal. */
export function commissionOf(subtotal: Cents): Cents {
  return divideRoundingHalfUp(subtotal * COMMISSION_BASIS_POINTS, 10_000);
}

/**
 * What refunding `amount` more of an order's product subtotal gives back to the buyer: the total
 * of what was kept before, less the total of what is kept after, each rounded as placed (decision
 * 009). The fulfillment fee (decision 014) stays in what is kept while any product is kept, so a
 * partial refund never returns it and refunding everything returns exactly the total, fee
 * included. The fee is read from the order itself: what its total holds beyond the products and
 * their tax + fees. Used by the ledger and by the page that shows a seller the refund before it is
 * made.
 */
export function refundDue(
  order: { subtotal: Cents; total: Cents; taxRate: RateMillionths },
  already: { refundedSubtotal: Cents; refunded: Cents },
  amount: Cents,
): Cents {
  const refundable = order.subtotal - already.refundedSubtotal;
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > refundable) {
    throw new RangeError(`Cannot refund ${amount} of ${refundable} cents still refundable.`);
  }
  const fulfillmentFee = order.total - order.subtotal - percentOf(order.subtotal, order.taxRate);
  const keptSubtotal = refundable - amount;
  const kept =
    keptSubtotal === 0 ? 0 : keptSubtotal + percentOf(keptSubtotal, order.taxRate) + fulfillmentFee;
  return order.total - kept - already.refunded;
}

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
}

export interface OrderTotals {
  /** Sum of unit price × quantity. */
  subtotal: Cents;
  /** The producer's tax + fees rate applied to the subtotal. */
  taxAndFees: Cents;
  /** The delivery or shipping fee (decision 014): no tax + fees on it, no commission. */
  fulfillmentFee: Cents;
  /** What the buyer pays for this producer's order: subtotal + tax and fees + fulfillment fee. */
  total: Cents;
  /** The marketplace's 8% of the subtotal (not of tax + fees). */
  commission: Cents;
  /** What is transferred to the producer: total − commission. */
  payout: Cents;
}

/** The totals of one producer's order, with its delivery or shipping fee (0 for pickup). */
export function orderTotals(
  lines: readonly PricedLine[],
  taxRate: RateMillionths,
  fulfillmentFee: Cents = 0,
): OrderTotals {
  if (!Number.isSafeInteger(fulfillmentFee) || fulfillmentFee < 0) {
    throw new RangeError(`Not a fee in whole cents: ${fulfillmentFee}`);
  }
  let subtotal = 0;
  for (const { unitPrice, quantity } of lines) {
    if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) {
      throw new RangeError(`Not a price in whole cents: ${unitPrice}`);
    }
    if (!Number.isSafeInteger(quantity) || quantity <= 0) {
      throw new RangeError(`Not a positive whole quantity: ${quantity}`);
    }
    subtotal += unitPrice * quantity;
  }
  if (!Number.isSafeInteger(subtotal * 1_000_000)) throw new RangeError('Order too large');
  const taxAndFees = percentOf(subtotal, taxRate);
  const commission = commissionOf(subtotal);
  const total = subtotal + taxAndFees + fulfillmentFee;
  return { subtotal, taxAndFees, fulfillmentFee, total, commission, payout: total - commission };
}
