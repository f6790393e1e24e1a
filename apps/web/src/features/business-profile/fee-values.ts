import type { FulfillmentFees } from '@bevy/core';
import { fulfillmentFeesSchema } from '@bevy/core/business-schemas';

/**
 * The fees form's values: amounts in dollars as typed ('' when empty), named as the schema's
 * fields without `_cents`, so that an error on `delivery_fee_bands.1.fee_cents` lands on the
 * field `delivery_fee_bands.1.fee`.
 */
export interface FeeFormValues {
  delivery_fee_bands: { within_miles: number | string; fee: number | string }[];
  delivery_minimum: number | string;
  shipping_rates: { up_to_bottles: number | string; fee: number | string }[];
  shipping_extra_per_dozen: number | string;
  shipping_surcharge: number | string;
  shipping_surcharge_states: string[];
  /** '' for no free shipping. */
  free_shipping_over: number | string;
}

const dollars = (cents: number) => cents / 100;

export function feeFormValuesOf(fees: FulfillmentFees): FeeFormValues {
  return {
    delivery_fee_bands: fees.delivery_fee_bands.map((band) => ({
      within_miles: band.within_miles,
      fee: dollars(band.fee_cents),
    })),
    delivery_minimum: dollars(fees.delivery_minimum_cents),
    shipping_rates: fees.shipping_rates.map((rate) => ({
      up_to_bottles: rate.up_to_bottles,
      fee: dollars(rate.fee_cents),
    })),
    shipping_extra_per_dozen: dollars(fees.shipping_extra_per_dozen_cents),
    shipping_surcharge: dollars(fees.shipping_surcharge_cents),
    shipping_surcharge_states: fees.shipping_surcharge_states,
    free_shipping_over:
      fees.free_shipping_over_cents === null ? '' : dollars(fees.free_shipping_over_cents),
  };
}

/** Typed dollars in cents; empty or unreadable text is NaN, which the schema refuses. */
function cents(value: number | string): number {
  if (typeof value === 'string' && value.trim() === '') return Number.NaN;
  return Math.round(Number(value) * 100);
}

/** A whole count as typed; empty is NaN. */
const count = (value: number | string) =>
  typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);

/** What the form sends: the schema's shape, in cents. */
export function feesInputOf(values: FeeFormValues) {
  return {
    delivery_fee_bands: values.delivery_fee_bands.map((band) => ({
      within_miles: count(band.within_miles),
      fee_cents: cents(band.fee),
    })),
    delivery_minimum_cents: cents(values.delivery_minimum === '' ? 0 : values.delivery_minimum),
    shipping_rates: values.shipping_rates.map((rate) => ({
      up_to_bottles: count(rate.up_to_bottles),
      fee_cents: cents(rate.fee),
    })),
    shipping_extra_per_dozen_cents: cents(
      values.shipping_extra_per_dozen === '' ? 0 : values.shipping_extra_per_dozen,
    ),
    shipping_surcharge_cents: cents(
      values.shipping_surcharge === '' ? 0 : values.shipping_surcharge,
    ),
    shipping_surcharge_states: values.shipping_surcharge_states,
    free_shipping_over_cents:
      values.free_shipping_over === '' ? null : cents(values.free_shipping_over),
  };
}

/** The form field of an error path from the schema or the server. */
export function feeFormField(path: string): string {
  return path.replace(/_cents\b/g, '');
}

/** Errors by form field, first error of each field. */
export function feeFormErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const { path, message } of issues) {
    const field = feeFormField(path.map(String).join('.'));
    errors[field] ??= message;
  }
  return errors;
}

/** The checked input, or the errors by form field. */
export function checkFees(
  values: FeeFormValues,
): { ok: true; input: FulfillmentFees } | { ok: false; errors: Record<string, string> } {
  const parsed = fulfillmentFeesSchema.safeParse(feesInputOf(values));
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, errors: feeFormErrors(parsed.error.issues) };
}
