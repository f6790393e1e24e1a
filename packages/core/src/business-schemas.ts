import { z } from 'zod';
import { DELIVERY_RADIUS_MILES } from './limits';

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === '' ? null : value))
    .nullable();

const webAddress = z
  .string()
  .trim()
  .max(300, 'Use at most 300 characters.')
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value),
    'Enter a web address starting with https://.',
  )
  .transform((value) => (value === '' ? null : value))
  .nullable();

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
    international_phone_number: optionalText(40, 'Use at most 40 characters.'),
    heroImgUrl: z.string().trim().max(500).nullable(),
    logoImgUrl: z.string().trim().max(500).nullable(),
    website: webAddress,
    twitter: optionalText(100, 'Use at most 100 characters.'),
    instagram: optionalText(100, 'Use at most 100 characters.'),
    facebook: optionalText(100, 'Use at most 100 characters.'),
    linkedin: optionalText(100, 'Use at most 100 characters.'),
    sales_tax_rate: z
      .number()
      .min(0, 'The rate cannot be negative.')
      .max(100, 'The rate is a percentage from 0 to 100.'),
    fulfillment_allow_pickup_retail: z.boolean(),
    fulfillment_allow_pickup_wholesale: z.boolean(),
    fulfillment_deliver_retail: z.boolean(),
    fulfillment_deliver_wholesale: z.boolean(),
    fulfillment_ship_retail: z.boolean(),
    fulfillment_ship_wholesale: z.boolean(),
    fulfillment_deliver_retail_radius_miles: radius,
    fulfillment_deliver_wholesale_radius_miles: radius,
  })
  .partial();
export type BusinessUpdate = z.infer<typeof businessUpdateSchema>;

export const addressUpdateSchema = z
  .object({
    street_number: optionalText(20, 'Use at most 20 characters.'),
    route: optionalText(120, 'Use at most 120 characters.'),
    locality: optionalText(80, 'Use at most 80 characters.'),
    administrative_area_level_1: optionalText(40, 'Use at most 40 characters.'),
    administrative_area_level_2: optionalText(80, 'Use at most 80 characters.'),
    country: optionalText(2, 'Use the two-letter country code.'),
    postal_code: optionalText(10, 'Use at most 10 characters.'),
  })
  .partial();
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
    .optional()
    .nullable(),
  description: z.string().trim().max(2000).optional().nullable(),
  website: webAddress.optional(),
  international_phone_number: optionalText(40, 'Use at most 40 characters.').optional(),
  sales_tax_rate: z.number().min(0).max(100).optional().nullable(),
});
