import { NO_FULFILLMENT_FEES } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { checkFees, feeFormValuesOf, feesInputOf, type FeeFormValues } from './fee-values';

const typed: FeeFormValues = {
  delivery_fee_bands: [
    { within_miles: 10, fee: 5 },
    { within_miles: 25, fee: '7.50' },
  ],
  delivery_minimum: 25,
  shipping_rates: [{ up_to_bottles: 6, fee: 19.99 }],
  shipping_extra_per_dozen: '',
  shipping_surcharge: 0,
  shipping_surcharge_states: [],
  free_shipping_over: '',
};

describe('the fees form', () => {
  it('sends dollars as whole cents, and an empty threshold as none', () => {
    expect(feesInputOf(typed)).toEqual({
      delivery_fee_bands: [
        { within_miles: 10, fee_cents: 500 },
        { within_miles: 25, fee_cents: 750 },
      ],
      delivery_minimum_cents: 2_500,
      shipping_rates: [{ up_to_bottles: 6, fee_cents: 1_999 }],
      shipping_extra_per_dozen_cents: 0,
      shipping_surcharge_cents: 0,
      shipping_surcharge_states: [],
      free_shipping_over_cents: null,
    });
  });

  it('reads saved terms back as the same dollars', () => {
    const fees = checkFees(typed);
    expect(fees.ok).toBe(true);
    if (fees.ok) expect(feesInputOf(feeFormValuesOf(fees.input))).toEqual(fees.input);
    expect(feeFormValuesOf(NO_FULFILLMENT_FEES).free_shipping_over).toBe('');
  });

  it('puts each error on the field the seller typed in', () => {
    const result = checkFees({
      ...typed,
      delivery_fee_bands: [
        { within_miles: 10, fee: 5 },
        { within_miles: 5, fee: '' },
      ],
      free_shipping_over: 0,
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        'delivery_fee_bands.1.fee': 'Enter an amount in dollars, like 5 or 4.50.',
        free_shipping_over: 'Use more than $0, or leave it empty for no free shipping.',
      },
    });
  });
});
