import { describe, expect, it } from 'vitest';
import { businessUpdateSchema } from './business-schemas';

const pickupHours = (value: unknown) => businessUpdateSchema.safeParse({ pickup_hours: value });

describe('businessUpdateSchema pickup_hours', () => {
  it('keeps lines, trims the ends and writes every line break as \\n', () => {
    expect(pickupHours('  Thu–Sun 11am–5pm\r\nOther days by appointment\n').data).toEqual({
      pickup_hours: 'Thu–Sun 11am–5pm\nOther days by appointment',
    });
  });

  it('reads empty or blank as none', () => {
    for (const value of [null, '', ' \n\t ']) {
      expect(pickupHours(value).data).toEqual({ pickup_hours: null });
    }
  });

  it('allows 300 characters and refuses more, on the field', () => {
    expect(pickupHours('x'.repeat(300)).success).toBe(true);
    // A Windows line break counts as one character.
    expect(pickupHours(`${'x'.repeat(149)}\r\n${'x'.repeat(150)}`).success).toBe(true);
    const refused = pickupHours('x'.repeat(301));
    expect(refused.error?.issues).toMatchObject([
      { path: ['pickup_hours'], message: 'Use at most 300 characters.' },
    ]);
  });

  it('refuses what is not text', () => {
    expect(pickupHours(5).success).toBe(false);
  });
});

describe('businessUpdateSchema wholesale_invoice_terms_days', () => {
  const terms = (value: unknown) =>
    businessUpdateSchema.safeParse({ wholesale_invoice_terms_days: value });

  it('takes Net 15, 30, 45 or 60, or null for no invoices', () => {
    for (const days of [15, 30, 45, 60, null]) {
      expect(terms(days).data).toEqual({ wholesale_invoice_terms_days: days });
    }
  });

  it('refuses other terms, on the field', () => {
    for (const days of [0, 14, 31, 90, 30.5, '30']) {
      expect(terms(days).error?.issues).toMatchObject([
        {
          path: ['wholesale_invoice_terms_days'],
          message: 'Choose invoice terms of 15, 30, 45, 60 days, or no invoices.',
        },
      ]);
    }
  });
});
