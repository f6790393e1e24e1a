import { z } from 'zod';
import { BEVERAGE_TYPES, PRODUCT_STATUSES } from './beverage';
import { siteImagePath } from './site-images';

/** A price typed by a person: above zero, at most two decimals, turned into integer cents. */
const priceInCents = z
  .number({ error: 'Enter a price.' })
  .positive('The price must be above zero.')
  .max(100_000, 'The price can be at most $100,000.')
  .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, {
    message: 'Use at most two decimals.',
  })
  .transform((dollars) => Math.round(dollars * 100));

const tier = z.object({
  minimum_unit_count_for_price: z
    .number({ error: 'Enter a minimum count.' })
    .int('Use a whole number of units.')
    .min(1, 'The minimum count starts at 1.')
    .max(100_000, 'Use at most 100,000 units.'),
  price: priceInCents,
});

/** Tiers of one price list: at most 10, each minimum count used once. */
const tierList = z
  .array(tier)
  .max(10, 'Use at most 10 tiers.')
  .superRefine(
    (tiers, context) => {
      const seen = new Set<number>();
      tiers.forEach((entry, index) => {
        // Runs even when other tiers have errors (see `when`), so an entry may be malformed.
        const count = (entry as { minimum_unit_count_for_price?: unknown } | null)
          ?.minimum_unit_count_for_price;
        if (typeof count !== 'number') return;
        if (seen.has(count)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'minimum_unit_count_for_price'],
            message: 'Each minimum count can be used once.',
          });
        }
        seen.add(count);
      });
    },
    // A repeated count is reported together with the list's other problems, not after them.
    { when: (payload) => Array.isArray(payload.value) },
  );

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** Everything a seller fills in for a product; prices arrive in dollars and leave in cents. */
export const productInputSchema = z.object({
  name: z.string().trim().min(1, 'Enter the product name.').max(150, 'Use at most 150 characters.'),
  beverageType: z.enum(BEVERAGE_TYPES, { error: 'Choose the beverage type.' }),
  shortDescription: z.string().trim().max(1000, 'Use at most 1000 characters.').default(''),
  bottleImageUrl: siteImagePath.nullable().optional(),
  producedBy: optionalText(150),
  abv: z
    .number()
    .min(0, 'ABV is a percentage from 0 to 100.')
    .max(100, 'ABV is a percentage from 0 to 100.')
    .nullable()
    .optional(),
  varietal: optionalText(100),
  closureStyle: optionalText(60),
  format: optionalText(60),
  vintage: z
    .number()
    .int('Use a year, like 2021.')
    .min(1800, 'Use a year from 1800.')
    .max(2100, 'Use a year up to 2100.')
    .nullable()
    .optional(),
  volumeMl: z
    .number()
    .int('Use whole milliliters.')
    .positive('The volume must be above zero.')
    .max(100_000, 'Use at most 100,000 ml.')
    .nullable()
    .optional(),
  stockCount: z
    .number()
    .int('Use a whole number of units.')
    .min(0, 'Stock cannot be negative.')
    .max(1_000_000, 'Use at most 1,000,000 units.')
    .nullable()
    .optional(),
  retailTiers: tierList,
  wholesaleTiers: tierList,
  status: z.enum(PRODUCT_STATUSES),
  /** Sold only to members of the producer's clubs. */
  membersOnly: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ValidProduct = z.output<typeof productInputSchema>;
