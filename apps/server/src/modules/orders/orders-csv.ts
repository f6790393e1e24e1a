import {
  FULFILLMENT_MODE_LABELS,
  orderSourceLabel,
  orderStatusLabel,
  type Cents,
} from '@bevy/core';
import type { OrderView } from './order-views';

/** The orders export as a spreadsheet opens it: RFC 4180, one order a row. */

export const ORDERS_CSV_COLUMNS = [
  'Order number',
  'Placed at',
  'Business',
  'Status',
  'Buyer',
  'Email',
  'Phone',
  'Fulfillment',
  'Items',
  'Subtotal',
  'Tax and fees',
  'Delivery or shipping fee',
  'Total',
  'Refunded',
  'Commission',
  'Net',
  'Source',
] as const;

/** Whole cents as dollars with two decimals, "12.34", without going through floating point. */
export function csvDollars(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * One cell. A spreadsheet would run a cell that starts with = + - @ (or a tab or carriage
 * return before one) as a formula, so such a cell gets a leading apostrophe; then quotes as
 * RFC 4180 asks when the cell holds a comma, a quote or a line break.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function rowOf(order: OrderView): string[] {
  return [
    order.number,
    order.createdAt.toISOString(),
    order.businessName,
    orderStatusLabel(order.status),
    order.contactName,
    order.contactEmail,
    order.contactPhone,
    FULFILLMENT_MODE_LABELS[order.fulfillmentMode],
    order.lines.map((line) => `${line.quantity} × ${line.productName}`).join('; '),
    csvDollars(order.subtotalCents),
    csvDollars(order.taxAndFeesCents),
    csvDollars(order.fulfillmentFeeCents),
    csvDollars(order.totalCents),
    csvDollars(order.refundedCents),
    order.money ? csvDollars(order.money.commissionCents) : '',
    order.money ? csvDollars(order.money.payoutCents) : '',
    order.source ? orderSourceLabel(order.source) : '',
  ];
}

/** The whole file: a header row, then the orders, each line ending in CRLF. */
export function ordersCsv(orders: readonly OrderView[]): string {
  return [ORDERS_CSV_COLUMNS, ...orders.map(rowOf)]
    .map((row) => `${row.map(csvCell).join(',')}\r\n`)
    .join('');
}
