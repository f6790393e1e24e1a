import { z } from 'zod';
import {
  normalizePhoneNumber,
  normalizeSocialLink,
  normalizeWebAddress,
  type Normalized,
  type SocialNetwork,
} from './contact';
import { RESERVED_BUSINESS_SLUGS } from './business';
import { US_ZIP_PATTERN } from './geo';
import { FEE_LIMITS } from './fulfillment-fees';
import { INVOICE_TERMS_DAYS } from './invoice-terms';
import { DELIVERY_RADIUS_MILES } from './limits';
import { siteImagePath } from './site-images';
import { US_STATE_CODES, US_STATES, type UsStateCode } from './us-states';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable();

/** Optional text put in its stored form by `normalize`; empty means none. */
const normalizedText = (max: number, normalize: (value: string) => Normalized) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .transform((value, context): string | null => {
      if (value === '') return null;
      const result = normalize(value);
      if (result.ok) return result.value;
      context.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    })
    .nullable();

const webAddress = normalizedText(300, normalizeWebAddress);
const phoneNumber = normalizedText(40, normalizePhoneNumber);
const socialLink = (network: SocialNetwork) =>
  normalizedText(300, (value) => normalizeSocialLink(network, value));

/** The states a business ships to: each a US postal code, listed once, in alphabetical order. */
const shipToStates = z
  .array(z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: 'Choose US states.' }))
  .max(US_STATE_CODES.length)
  .transform((states) => [...new Set(states)].sort());

const radius = z
  .number()
  .int('Use a whole number of miles.')
  .min(
    DELIVERY_RADIUS_MILES.min,
    `Use ${DELIVERY_RADIUS_MILES.min} to ${DELIVERY_RADIUS_MILES.max} miles.`,
  )
  .max(
    DELIVERY_RADIUS_MILES.max,
    `Use ${DELIVERY_RADIUS_MILES.min} to ${DELIVERY_RADIUS_MILES.max} miles.`,
  )
  .nullable();

const siteImage = siteImagePath.nullable();

/** The longest pickup hours stored (the database holds the same limit). */
export const PICKUP_HOURS_MAX_LENGTH = 300;

/** When buyers can pick up orders: free text over lines ("Thu–Sun 11am–5pm\nOther days by appointment"). */
const pickupHours = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .pipe(
    z
      .string()
      .trim()
      .max(PICKUP_HOURS_MAX_LENGTH, `Use at most ${PICKUP_HOURS_MAX_LENGTH} characters.`),
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

/** Days an approved wholesale buyer has to pay an invoice; null when the producer takes none. */
const invoiceTermsDays = z
  .literal(INVOICE_TERMS_DAYS, {
    error: `Choose invoice terms of ${INVOICE_TERMS_DAYS.join(', ')} days, or no invoices.`,
  })
  .nullable();

/** 'Tax + Fees Percent Rate': a percentage from 0 to 100, stored with four decimals. */
const taxRate = z
  .number({ error: 'Enter the rate as a number, like 8.875.' })
  .min(0, 'The rate cannot be negative.')
  .max(100, 'The rate is a percentage from 0 to 100.')
  .refine((rate) => Math.abs(rate * 1e4 - Math.round(rate * 1e4)) < 1e-6, {
    message: 'Use at most four decimals.',
  });

/** Every business field a seller may change, with its rules; all optional (a partial update). */
export const businessUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter the business name.')
      .max(120, 'Use at most 120 characters.'),
    description: z.string().trim().max(2000, 'Use at most 2000 characters.'),
    license_info: optionalText(300, 'Use at most 300 characters.'),
    international_phone_number: phoneNumber,
    heroImgUrl: siteImage,
    logoImgUrl: siteImage,
    website: webAddress,
    twitter: socialLink('twitter'),
    instagram: socialLink('instagram'),
    facebook: socialLink('facebook'),
    linkedin: socialLink('linkedin'),
    sales_tax_rate: taxRate,
    fulfillment_allow_pickup_retail: z.boolean(),
    fulfillment_allow_pickup_wholesale: z.boolean(),
    fulfillment_deliver_retail: z.boolean(),
    fulfillment_deliver_wholesale: z.boolean(),
    fulfillment_ship_retail: z.boolean(),
    fulfillment_ship_wholesale: z.boolean(),
    fulfillment_deliver_retail_radius_miles: radius,
    fulfillment_deliver_wholesale_radius_miles: radius,
    ship_to_states: shipToStates,
    pickup_hours: pickupHours,
    wholesale_invoice_terms_days: invoiceTermsDays,
  })
  .partial();
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

const dollarRange = (max: number) => `Use $0 to $${(max / 100).toLocaleString('en-US')}.`;

/** An amount in whole cents from 0 to `max`; the form sends dollars × 100. */
const cents = (max: number) =>
  z
    .number({ error: 'Enter an amount in dollars, like 5 or 4.50.' })
    .int('Use whole cents.')
    .min(0, dollarRange(max))
    .max(max, dollarRange(max));

/** A whole number of `unit` from 1 to `max`. */
const count = (unit: string, max: number) =>
  z
    .number({ error: `Enter a whole number of ${unit}.` })
    .int(`Use a whole number of ${unit}.`)
    .min(1, `Use 1 to ${max} ${unit}.`)
    .max(max, `Use 1 to ${max} ${unit}.`);

/** At most FEE_LIMITS.maxBands bands, each reaching farther (by `field`) than the one before. */
const bands = <Band extends Record<Field, number>, Field extends string>(
  band: z.ZodType<Band>,
  field: Field,
  message: string,
) =>
  z
    .array(band)
    .max(FEE_LIMITS.maxBands, `Use at most ${FEE_LIMITS.maxBands}.`)
    .superRefine((list, context) => {
      list.forEach((entry, index) => {
        if (index > 0 && entry[field] <= list[index - 1]![field]) {
          context.addIssue({ code: 'custom', path: [index, field], message });
        }
      });
    });

/**
 * A producer's delivery and shipping fees and minimums (decision 014), replaced whole: the
 * seller's form and the server check them with this one schema.
 */
export const fulfillmentFeesSchema = z
  .object({
    delivery_fee_bands: bands(
      z.object({
        within_miles: count('miles', DELIVERY_RADIUS_MILES.max),
        fee_cents: cents(FEE_LIMITS.maxFeeCents),
      }),
      'within_miles',
      'Each band must reach farther than the one before.',
    ),
    delivery_minimum_cents: cents(FEE_LIMITS.maxMinimumCents),
    shipping_rates: bands(
      z.object({
        up_to_bottles: count('bottles', FEE_LIMITS.maxBottles),
        fee_cents: cents(FEE_LIMITS.maxFeeCents),
      }),
      'up_to_bottles',
      'Each rate must cover more bottles than the one before.',
    ),
    shipping_extra_per_dozen_cents: cents(FEE_LIMITS.maxFeeCents),
    shipping_surcharge_cents: cents(FEE_LIMITS.maxFeeCents),
    shipping_surcharge_states: shipToStates,
    free_shipping_over_cents: z
      .number({ error: 'Enter an amount in dollars, like 150.' })
      .int('Use whole cents.')
      .min(1, 'Use more than $0, or leave it empty for no free shipping.')
      .max(FEE_LIMITS.maxThresholdCents, 'Use at most $10,000.')
      // Left out means the same as null: no free shipping.
      .nullish()
      .transform((cents) => cents ?? null),
  })
  .superRefine((fees, context) => {
    if (fees.shipping_surcharge_cents > 0 && fees.shipping_surcharge_states.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['shipping_surcharge_states'],
        message: 'Choose the states the surcharge applies to.',
      });
    }
  });
export type FulfillmentFeesInput = z.infer<typeof fulfillmentFeesSchema>;

/** A state typed as its code ("or") or name ("Oregon") -> its postal code. */
function stateCode(value: string): UsStateCode | undefined {
  const upper = value.toUpperCase();
  if ((US_STATE_CODES as string[]).includes(upper)) return upper as UsStateCode;
  return US_STATE_CODES.find((code) => US_STATES[code].toUpperCase() === upper);
}

const addressFields = {
  street_number: optionalText(20, 'Use at most 20 characters.'),
  route: optionalText(120, 'Use at most 120 characters.'),
  locality: optionalText(80, 'Use at most 80 characters.'),
  administrative_area_level_1: optionalText(40, 'Use at most 40 characters.').transform(
    (value, context) => {
      if (value === null) return null;
      const code = stateCode(value);
      if (code) return code;
      context.addIssue({ code: 'custom', message: 'Choose a US state.' });
      return z.NEVER;
    },
  ),
  administrative_area_level_2: optionalText(80, 'Use at most 80 characters.'),
  country: optionalText(2, 'Use the two-letter country code.'),
  postal_code: optionalText(10, 'Use at most 10 characters.').refine(
    (value) => value === null || US_ZIP_PATTERN.test(value),
    'Enter a 5-digit ZIP code, like 97214.',
  ),
};

export const addressUpdateSchema = z.object(addressFields).partial();
export type AddressUpdate = z.infer<typeof addressUpdateSchema>;

export const newBusinessSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter the business name.')
    .max(120, 'Use at most 120 characters.'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes.')
    .max(80)
    .refine(
      (slug) => !RESERVED_BUSINESS_SLUGS.includes(slug),
      'That address is taken; choose another.',
    )
    .optional()
    .nullable(),
  description: z.string().trim().max(2000).optional().nullable(),
  website: webAddress.optional(),
  international_phone_number: phoneNumber.optional(),
  sales_tax_rate: taxRate.optional().nullable(),
  address: z
    .object({
      street_number: addressFields.street_number.optional(),
      route: addressFields.route.optional(),
      locality: addressFields.locality.optional(),
      administrative_area_level_1: addressFields.administrative_area_level_1.optional(),
      postal_code: addressFields.postal_code.optional(),
    })
    .optional()
    .nullable(),
});
