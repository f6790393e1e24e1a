import { describe, expect, it } from 'vitest';
import {
  formatDueDate,
  invoiceDueOn,
  invoiceTermsLabel,
  isInvoiceTermsDays,
  payByInvoiceText,
} from './invoice-terms';

describe('invoice terms', () => {
  it('knows the terms a producer can offer', () => {
    expect([15, 30, 45, 60].every(isInvoiceTermsDays)).toBe(true);
    expect([0, 7, 31, null, '30'].some(isInvoiceTermsDays)).toBe(false);
    expect(invoiceTermsLabel(30)).toBe('Net 30');
  });

  it('counts the due date in calendar days, across months, years and leap days', () => {
    expect(invoiceDueOn('2026-11-22', 30)).toBe('2026-12-22');
    expect(invoiceDueOn('2026-12-20', 15)).toBe('2027-01-04');
    expect(invoiceDueOn('2028-02-14', 15)).toBe('2028-02-29');
    // Daylight saving time does not move a calendar day.
    expect(invoiceDueOn('2026-03-01', 60)).toBe('2026-04-30');
    expect(() => invoiceDueOn('soon', 30)).toThrow(RangeError);
  });

  it('says it in words, the same in every time zone', () => {
    expect(formatDueDate('2026-12-22')).toBe('December 22, 2026');
    expect(payByInvoiceText('2026-12-22', 30)).toBe(
      'Pay by invoice, due December 22, 2026 (Net 30)',
    );
    expect(payByInvoiceText('2026-12-22', null)).toBe('Pay by invoice, due December 22, 2026');
  });
});
