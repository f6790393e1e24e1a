/**
 * Invoice terms: a producer may let approved wholesale buyers pay an order by invoice, due a
 * number of days after it is placed ("Net 30"). The buyer then pays the producer directly; the
 * marketplace charges no card for that order, and the producer owes it the commission.
 */

/** The terms a producer can offer, in days. */
export const INVOICE_TERMS_DAYS = [15, 30, 45, 60] as const;
export type InvoiceTermsDays = (typeof INVOICE_TERMS_DAYS)[number];

/** How an order is paid: by card at checkout (through the marketplace) or by invoice. */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isInvoiceTermsDays(value: unknown): value is InvoiceTermsDays {
  return (INVOICE_TERMS_DAYS as readonly unknown[]).includes(value);
}

/** "Net 30". */
export const invoiceTermsLabel = (days: number): string => `Net ${days}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The due date (YYYY-MM-DD) of an invoice placed on `placedOn` (YYYY-MM-DD), `days` later. */
export function invoiceDueOn(placedOn: string, days: number): string {
  const placed = Date.parse(`${placedOn}T00:00:00Z`);
  if (Number.isNaN(placed) || !Number.isSafeInteger(days) || days < 0) {
    throw new RangeError(`Cannot add ${days} days to ${placedOn}`);
  }
  return new Date(placed + days * DAY_MS).toISOString().slice(0, 10);
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "December 22, 2026" for 2026-12-22, the same wherever it is read. */
export function formatDueDate(isoDate: string): string {
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  return Number.isNaN(time) ? isoDate : longDate.format(new Date(time));
}

/** "Pay by invoice, due December 22, 2026 (Net 30)": how an invoice order is paid, in words. */
export function payByInvoiceText(dueOn: string, days: number | null): string {
  const terms = days === null ? '' : ` (${invoiceTermsLabel(days)})`;
  return `Pay by invoice, due ${formatDueDate(dueOn)}${terms}`;
}
