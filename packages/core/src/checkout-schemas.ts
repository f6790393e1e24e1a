import { z } from 'zod';
import { normalizeEmail } from './accounts';
import { normalizePhoneNumber } from './contact';
import { FULFILLMENT_MODES, type FulfillmentMode } from './fulfillment';
import { eventBuyInputSchema } from './event-schemas';
import { US_ZIP_PATTERN } from './geo';
import { CHECKOUT_LIMITS } from './orders';
import { normalizeOrderSource } from './order-source';
import { PRICE_CHANNELS } from './pricing';
import { US_STATES } from './us-states';

/**
 * What a buyer sends to place an order (the shipping-and-billing form), shared by the form and
 * the server. An entry of its own because phone numbers bring libphonenumber's metadata.
 */

/**
 * Checkout's optional `source`: never refuses, an unusable one becomes undefined (no source).
 * Here rather than in order-source.ts, which the browser loads on every page without zod.
 */
const orderSourceInputSchema = z
  .unknown()
  .transform((value) => normalizeOrderSource(value) ?? undefined)
  .optional();

const requiredText = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `Use at most ${max} characters.`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/** The most characters of a wholesale checkout's buying business. */
export const BUYING_BUSINESS_MAX_LENGTH = 120;
/** Said when a wholesale checkout does not name the business it buys for. */
export const BUYING_BUSINESS_REQUIRED = 'Enter the licensed business you are buying for.';

export const orderAddressSchema = z.object({
  /** The recipient, who signs for delivery or shipment. */
  name: optionalText(100),
  line1: requiredText('the street address', 200),
  line2: optionalText(200),
  city: requiredText('the city', 100),
  state: z
    .string({ error: 'Choose a US state.' })
    .trim()
    .toUpperCase()
    .refine((code) => Object.hasOwn(US_STATES, code), 'Choose a US state.'),
  zip: z
    .string({ error: 'Enter the ZIP code.' })
    .trim()
    .regex(US_ZIP_PATTERN, 'A ZIP code has five digits, like 97214.'),
});
export type OrderAddress = z.infer<typeof orderAddressSchema>;

const quantity = z
  .number({ error: 'Enter a quantity.' })
  .min(1, 'The quantity must be at least 1.')
  .max(
    CHECKOUT_LIMITS.maxQuantityPerLine,
    `Order at most ${CHECKOUT_LIMITS.maxQuantityPerLine.toLocaleString('en-US')} units of a product.`,
  )
  // After the range checks, so that 1e300 is "too many" rather than "not whole".
  .refine(Number.isInteger, 'Use a whole number of units.');

const checkoutLine = z.object({
  productId: z.number({ error: 'Choose a product.' }).int().positive('There is no such product.'),
  quantity,
  /** The unit price in cents the cart showed; the server refuses the order if it differs. */
  unitPrice: z.number().int().nonnegative().nullish(),
  /** The price list the cart showed; it must be the buyer's own. */
  channel: z.enum(PRICE_CHANNELS, { error: 'Choose retail or wholesale.' }).nullish(),
});

/** Delivery and shipping need an address, with someone to sign for it; pickup needs none. */
export function requireFulfillmentAddress(
  choice: { mode: FulfillmentMode; address?: OrderAddress | null },
  context: z.RefinementCtx,
) {
  if (choice.mode === 'pickup') return;
  const what = choice.mode === 'delivery' ? 'delivery' : 'shipping';
  if (!choice.address) {
    context.addIssue({ code: 'custom', path: ['address'], message: `Enter the ${what} address.` });
  } else if (!choice.address.name) {
    context.addIssue({
      code: 'custom',
      path: ['address', 'name'],
      message: 'Enter the name of the person who will sign for it.',
    });
  }
}

const fulfillmentChoice = z
  .object({
    businessId: z.number({ error: 'Choose a producer.' }).int().positive(),
    mode: z.enum(FULFILLMENT_MODES, { error: 'Choose pickup, delivery or shipping.' }),
    address: orderAddressSchema.nullish(),
    /** Pay this producer's order by invoice (approved wholesale buyers, where it offers terms). */
    payByInvoice: z
      .boolean()
      .nullish()
      .transform((value) => value ?? false),
  })
  .superRefine(requireFulfillmentAddress);
export type FulfillmentChoice = z.infer<typeof fulfillmentChoice>;

/** A US phone number, stored normalized. */
export const phoneSchema = z
  .string({ error: 'Enter your phone number.' })
  .transform((input, context) => {
    const phone = normalizePhoneNumber(input);
    if (phone.ok) return phone.value;
    context.addIssue({ code: 'custom', message: phone.message });
    return z.NEVER;
  });

const contact = z.object({
  name: requiredText('your name', 100),
  email: z
    .string({ error: 'Enter your email address.' })
    .trim()
    .pipe(z.email('Enter a valid email address.'))
    .transform(normalizeEmail),
  phone: phoneSchema,
});

/** Card details, for the offline provider only: with Stripe, the card never reaches our server. */
const card = z
  .object({
    number: z
      .string({ error: 'Enter the card number.' })
      .transform((number) => number.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number, 12 to 19 digits.')),
    expMonth: z
      .number({ error: 'Enter the expiry month.' })
      .int('Enter the expiry month, 1 to 12.')
      .min(1, 'Enter the expiry month, 1 to 12.')
      .max(12, 'Enter the expiry month, 1 to 12.'),
    expYear: z
      .number({ error: 'Enter the expiry year.' })
      .int('Enter the expiry year, like 2030.')
      .min(2000, 'Enter the expiry year, like 2030.')
      .max(2100, 'Enter the expiry year, like 2030.'),
    cvc: z
      .string({ error: 'Enter the security code.' })
      .trim()
      .regex(/^\d{3,4}$/, 'The security code has 3 or 4 digits.'),
  })
  .superRefine(({ expMonth, expYear }, context) => {
    const now = new Date();
    const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
    if (expYear < year || (expYear === year && expMonth < month)) {
      context.addIssue({ code: 'custom', path: ['expYear'], message: 'This card has expired.' });
    }
  });
export type CardDetails = z.infer<typeof card>;

/** A card for the offline provider, or a PaymentMethod Stripe made in the browser. */
export const paymentSchema = z.object({
  card: card.nullish(),
  /** A Stripe PaymentMethod made by Stripe's Payment Element in the browser. */
  paymentMethodId: z
    .string()
    .trim()
    .regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'The payment method is not one Stripe made.')
    .nullish(),
});
export type PaymentInput = z.infer<typeof paymentSchema>;

/**
 * Whether the request has an order to pay by card: unless every producer's order is paid by
 * invoice. Reads the input as sent, since it runs even when other fields have problems.
 */
function paysByCard(input: { fulfillment?: unknown }): boolean {
  const choices = input.fulfillment;
  if (!Array.isArray(choices) || choices.length === 0) return true;
  return choices.some(
    (choice: unknown) => (choice as { payByInvoice?: unknown })?.payByInvoice !== true,
  );
}

function uniqueBy<T>(key: (item: T) => unknown, message: string, field: string) {
  return (items: T[], context: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      if (seen.has(key(item))) context.addIssue({ code: 'custom', path: [index, field], message });
      seen.add(key(item));
    });
  };
}

/** Made by the client once per attempt; a repeat of the request gets the same answer. */
export const idempotencyKeySchema = z
  .string({ error: 'The request needs an idempotency key.' })
  .regex(
    /^[A-Za-z0-9_:.-]{8,255}$/,
    'The idempotency key has 8 to 255 letters, digits, or the characters - _ : .',
  );

export const placeOrderSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema,
    lines: z
      .array(checkoutLine)
      .max(CHECKOUT_LIMITS.maxLines, `A cart holds at most ${CHECKOUT_LIMITS.maxLines} products.`)
      .superRefine(
        uniqueBy((line) => line.productId, 'This product is already in the cart.', 'productId'),
      ),
    /** Event tickets, paid in the same checkout; each producer's are part of its order. */
    tickets: z
      .array(eventBuyInputSchema)
      .max(
        CHECKOUT_LIMITS.maxLines,
        `A cart holds at most ${CHECKOUT_LIMITS.maxLines} kinds of ticket.`,
      )
      .superRefine(
        uniqueBy(
          (line) => line.ticketTypeId,
          'This ticket is already in the cart.',
          'ticketTypeId',
        ),
      )
      .default([]),
    fulfillment: z
      .array(fulfillmentChoice)
      .max(CHECKOUT_LIMITS.maxLines)
      .superRefine(
        uniqueBy((choice) => choice.businessId, 'Choose once per producer.', 'businessId'),
      ),
    contact,
    /**
     * The licensed business a wholesale buyer buys for, as its orders and packing slips name it.
     * Required of wholesale buyers only, which the server knows and the schema does not.
     */
    buyingBusiness: optionalText(BUYING_BUSINESS_MAX_LENGTH),
    billingAddress: orderAddressSchema,
    ageConfirmed: z.literal(true, {
      error: 'Confirm that you and anyone receiving the order are 21 or older.',
    }),
    /** The card, unless every order is paid by invoice. */
    payment: paymentSchema.nullish(),
    /** The grand total in cents the buyer saw; the order is refused if the server's differs. */
    expectedTotal: z.number().int().nonnegative().nullish(),
    /** The channel the buyer came by, for the producers' attribution; never refuses a checkout. */
    source: orderSourceInputSchema,
  })
  .refine((input) => input.lines.length > 0 || input.tickets.length > 0, {
    message: 'Your cart is empty.',
    path: ['lines'],
  })
  .refine(
    (input) => {
      if (!paysByCard(input)) return true;
      const given = input.payment as
        { card?: unknown; paymentMethodId?: unknown } | null | undefined;
      return Boolean(given?.card || given?.paymentMethodId);
    },
    {
      message: 'Enter your card details.',
      path: ['payment', 'card'],
      // Also when other fields have problems, so the form shows every missing field at once.
      when: () => true,
    },
  );
export type PlaceOrderInput = z.infer<typeof placeOrderSchema>;
