import { describe, expect, it } from 'vitest';
import { readPaymentState } from './payment-state';

describe('readPaymentState', () => {
  it('reads the three states of spec "Payment connection"', () => {
    expect(readPaymentState('{"charges_enabled":true,"details_submitted":true}')).toBe('ready');
    expect(readPaymentState('{"charges_enabled":false,"details_submitted":true}')).toBe(
      'awaiting-approval',
    );
    expect(readPaymentState('{"charges_enabled":false,"details_submitted":false}')).toBe(
      'not-set-up',
    );
    expect(readPaymentState('{}')).toBe('not-set-up');
  });

  it('treats a business without a payment account as not set up', () => {
    expect(readPaymentState(null)).toBe('not-set-up');
  });

  it('shows nothing for answers it cannot read', () => {
    for (const json of ['not json', '', '[]', 'null', '42', '"text"']) {
      expect(readPaymentState(json), json).toBe('unreadable');
    }
  });
});
