import { z } from 'zod';
import { isIsoDate } from './accounts';
import { siteImagePath } from './site-images';
import {
  CLUB_CADENCES,
  MAX_MEMBER_DISCOUNT_BASIS_POINTS,
  RELEASE_CUTOFF_DAYS_DEFAULT,
  RELEASE_NOTICE_DAYS_DEFAULT,
} from './clubs';

/** How a tier's release is priced: its contents at the member price, or one fixed price. */
export const CLUB_PRICE_BASES = ['contents', 'fixed'] as const;
export type ClubPriceBasis = (typeof CLUB_PRICE_BASES)[number];

export const CLUB_LIMITS = {
  name: 80,
  description: 2_000,
  terms: 2_000,
  tiers: 6,
  bottlesPerRelease: 48,
  /** $5,000 for one release. */
  fixedPriceCents: 500_000,
  noticeDays: 30,
  skipsPerYear: 12,
  minimumReleases: 12,
} as const;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${label} as a whole number.` })
    .int(`Enter ${label} as a whole number.`)
    .min(min, `${label[0]!.toUpperCase()}${label.slice(1)} is at least ${min}.`)
    .max(max, `${label[0]!.toUpperCase()}${label.slice(1)} is at most ${max}.`);

const DISCOUNT_AS_PERCENT = 'Enter the member discount as a percentage, such as 15.';

export const clubTierInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Name the tier.').max(40, 'Use at most 40 characters.'),
    bottles: whole('the bottles per release', 1, CLUB_LIMITS.bottlesPerRelease),
    priceBasis: z.enum(CLUB_PRICE_BASES),
    /** Only with the 'fixed' price basis. */
    fixedPriceCents: whole('the price in cents', 1, CLUB_LIMITS.fixedPriceCents).nullable(),
  })
  .superRefine((tier, context) => {
    if (tier.priceBasis === 'fixed' && tier.fixedPriceCents === null) {
      context.addIssue({
        code: 'custom',
        path: ['fixedPriceCents'],
        message: 'Enter the price of a release.',
      });
    }
  })
  .transform((tier) => ({
    ...tier,
    fixedPriceCents: tier.priceBasis === 'fixed' ? tier.fixedPriceCents : null,
  }));
export type ClubTierInput = z.infer<typeof clubTierInputSchema>;

/** A club as its producer creates or edits it. */
export const clubInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Name the club.')
      .max(CLUB_LIMITS.name, `Use at most ${CLUB_LIMITS.name} characters.`),
    description: z
      .string()
      .trim()
      .max(CLUB_LIMITS.description, `Use at most ${CLUB_LIMITS.description} characters.`),
    cadence: z.enum(CLUB_CADENCES, { error: 'Choose how often the club releases.' }),
    /** The first release's date, which the schedule counts from (not for release dates). */
    firstReleaseOn: z
      .string()
      .refine(isIsoDate, 'Enter the first release date as YYYY-MM-DD.')
      .nullable(),
    // Basis points, but producers type a percentage: the messages speak in percent.
    memberDiscountBasisPoints: z
      .number({ error: DISCOUNT_AS_PERCENT })
      .int(DISCOUNT_AS_PERCENT)
      .min(0, 'The member discount cannot be negative.')
      .max(
        MAX_MEMBER_DISCOUNT_BASIS_POINTS,
        `The member discount is at most ${MAX_MEMBER_DISCOUNT_BASIS_POINTS / 100}%.`,
      ),
    noticeDays: whole('the notice', 1, CLUB_LIMITS.noticeDays).default(RELEASE_NOTICE_DAYS_DEFAULT),
    cutoffDays: whole('the cut-off', 1, CLUB_LIMITS.noticeDays).default(
      RELEASE_CUTOFF_DAYS_DEFAULT,
    ),
    skipsPerYear: whole('the skips a year', 0, CLUB_LIMITS.skipsPerYear),
    minimumReleases: whole('the minimum releases', 0, CLUB_LIMITS.minimumReleases),
    offersPickup: z.boolean(),
    offersDelivery: z.boolean(),
    offersShipping: z.boolean(),
    /** The club's picture: an upload, or none. */
    imageUrl: siteImagePath.nullable().default(null),
    tiers: z
      .array(clubTierInputSchema)
      .min(1, 'Add at least one tier.')
      .max(CLUB_LIMITS.tiers, `A club has at most ${CLUB_LIMITS.tiers} tiers.`),
  })
  .superRefine((club, context) => {
    if (club.cadence !== 'release_dates' && club.firstReleaseOn === null) {
      context.addIssue({
        code: 'custom',
        path: ['firstReleaseOn'],
        message: 'Enter the first release date.',
      });
    }
    if (club.cutoffDays > club.noticeDays) {
      context.addIssue({
        code: 'custom',
        path: ['cutoffDays'],
        message:
          'Changes must close after the notice is sent: make the cut-off at most the notice.',
      });
    }
    if (!club.offersPickup && !club.offersDelivery && !club.offersShipping) {
      context.addIssue({
        code: 'custom',
        path: ['offersPickup'],
        message: 'Offer at least one way to get the releases.',
      });
    }
    const names = club.tiers.map((tier) => tier.name.toLowerCase());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'name'],
          message: 'Give each tier its own name.',
        });
      }
    });
  });
export type ClubInput = z.infer<typeof clubInputSchema>;
export type ClubInputDraft = z.input<typeof clubInputSchema>;

/** One product in a tier's share of a release. */
export const releaseItemInputSchema = z.object({
  tierId: z.number({ error: 'Choose a tier.' }).int().positive('Choose a tier.'),
  productId: z.number({ error: 'Choose a product.' }).int().positive('Choose a product.'),
  quantity: whole('the quantity', 1, CLUB_LIMITS.bottlesPerRelease),
});

/** A release as the producer composes it: its charge date and each tier's products. */
export const releaseInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'Name the release, such as "Spring release".')
      .max(CLUB_LIMITS.name, `Use at most ${CLUB_LIMITS.name} characters.`),
    chargeOn: z.string().refine(isIsoDate, 'Enter the charge date as YYYY-MM-DD.'),
    items: z
      .array(releaseItemInputSchema)
      .min(1, 'Add the products of the release.')
      .max(CLUB_LIMITS.tiers * 12, 'A release has at most 12 products per tier.'),
  })
  .superRefine((release, context) => {
    const seen = new Set<string>();
    release.items.forEach((item, index) => {
      const key = `${item.tierId}:${item.productId}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['items', index, 'productId'],
          message: 'This product is already in this tier.',
        });
      }
      seen.add(key);
    });
  });
export type ReleaseInput = z.infer<typeof releaseInputSchema>;
export type ReleaseInputDraft = z.input<typeof releaseInputSchema>;

/** A member's own lines for a release: swaps and additions, within the producer's rules. */
export const shipmentLinesInputSchema = z
  .array(
    z.object({
      productId: z.number({ error: 'Choose a product.' }).int().positive('Choose a product.'),
      quantity: whole('the quantity', 1, CLUB_LIMITS.bottlesPerRelease),
    }),
  )
  .min(1, 'Keep at least one product in the release.')
  .max(12, 'A release has at most 12 products.');

/** What a product subscription may renew at: any schedule, not release dates. */
export const SUBSCRIPTION_CADENCES = [
  'monthly',
  'every_2_months',
  'every_3_months',
  'twice_a_year',
] as const satisfies readonly (typeof CLUB_CADENCES)[number][];
export type SubscriptionCadence = (typeof SUBSCRIPTION_CADENCES)[number];

/** The name of a product subscription's tier of `quantity` units a delivery. */
export const subscriptionTierName = (quantity: number) =>
  quantity === 1 ? '1 per order' : `${quantity} per order`;

/**
 * A product subscription as its producer offers it: the product, the cadences buyers may choose,
 * the quantities a delivery may hold, its discount (on the subscription's orders and, while it
 * lasts, on everything else from the producer), skips and how orders reach subscribers.
 */
export const subscriptionInputSchema = z
  .object({
    productId: z.number({ error: 'Choose a product.' }).int().positive('Choose a product.'),
    description: z
      .string()
      .trim()
      .max(CLUB_LIMITS.description, `Use at most ${CLUB_LIMITS.description} characters.`),
    cadences: z
      .array(z.enum(SUBSCRIPTION_CADENCES, { error: 'Choose how often it may renew.' }))
      .min(1, 'Offer at least one cadence.'),
    quantities: z
      .array(whole('the quantity', 1, CLUB_LIMITS.bottlesPerRelease))
      .min(1, 'Offer at least one quantity.')
      .max(CLUB_LIMITS.tiers, `Offer at most ${CLUB_LIMITS.tiers} quantities.`),
    memberDiscountBasisPoints: z
      .number({ error: 'Enter the subscription discount as a percentage, such as 10.' })
      .int('Enter the subscription discount as a percentage, such as 10.')
      .min(0, 'The subscription discount cannot be negative.')
      .max(
        MAX_MEMBER_DISCOUNT_BASIS_POINTS,
        `The subscription discount is at most ${MAX_MEMBER_DISCOUNT_BASIS_POINTS / 100}%.`,
      ),
    skipsPerYear: whole('the skips a year', 0, CLUB_LIMITS.skipsPerYear),
    offersPickup: z.boolean(),
    offersDelivery: z.boolean(),
    offersShipping: z.boolean(),
  })
  .superRefine((offer, context) => {
    if (!offer.offersPickup && !offer.offersDelivery && !offer.offersShipping) {
      context.addIssue({
        code: 'custom',
        path: ['offersPickup'],
        message: 'Offer at least one way to get the orders.',
      });
    }
    offer.quantities.forEach((quantity, index) => {
      if (offer.quantities.indexOf(quantity) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['quantities', index],
          message: 'This quantity is already offered.',
        });
      }
    });
  })
  .transform((offer) => ({
    ...offer,
    cadences: [...new Set(offer.cadences)],
    quantities: [...offer.quantities].sort((a, b) => a - b),
  }));
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;
export type SubscriptionInputDraft = z.input<typeof subscriptionInputSchema>;
