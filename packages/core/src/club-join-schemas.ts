import { z } from 'zod';
import {
  idempotencyKeySchema,
  orderAddressSchema,
  paymentSchema,
  phoneSchema,
  requireFulfillmentAddress,
} from './checkout-schemas';
import { SUBSCRIPTION_CADENCES } from './club-schemas';
import { FULFILLMENT_MODES } from './fulfillment';

/**
 * What a buyer sends to join a club, or to change a membership, shared by the forms and the
 * server. An entry of its own, beside the checkout's, since phone numbers bring libphonenumber's
 * metadata.
 */

export const RENEWAL_CONSENT_REQUIRED =
  'Agree to the automatic renewal to join. You can cancel online at any time.';

const delivery = {
  mode: z.enum(FULFILLMENT_MODES, { error: 'Choose pickup, delivery or shipping.' }),
  address: orderAddressSchema.nullish(),
};

/** Pickup drops any address; delivery and shipping require one. */
const withoutPickupAddress = <T extends { mode: string; address?: unknown }>(input: T) => ({
  ...input,
  address: input.mode === 'pickup' ? null : (input.address as z.infer<typeof orderAddressSchema>),
});

/** How a member's releases reach them. */
export const clubDeliverySchema = z
  .object(delivery)
  .superRefine(requireFulfillmentAddress)
  .transform(withoutPickupAddress);

const requireCard = (
  payment: z.infer<typeof paymentSchema>,
  context: z.RefinementCtx,
  path: (string | number)[],
) => {
  if (!payment.card && !payment.paymentMethodId) {
    context.addIssue({ code: 'custom', path, message: 'Enter your card details.' });
  }
};

/** A card to save for a membership's charges. */
export const clubCardSchema = z
  .object({ idempotencyKey: idempotencyKeySchema, payment: paymentSchema })
  .superRefine((input, context) => requireCard(input.payment, context, ['payment', 'card']));

export const joinClubSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema,
    tierId: z.number({ error: 'Choose a tier.' }).int().positive('Choose a tier.'),
    /** How often a product subscription's orders come; not for a club. */
    cadence: z
      .enum(SUBSCRIPTION_CADENCES, { error: 'Choose how often your order comes.' })
      .nullish(),
    ...delivery,
    phone: phoneSchema,
    payment: paymentSchema,
    /** The separate, unticked consent to automatic renewal; it must be given. */
    renewalConsent: z.literal(true, { error: RENEWAL_CONSENT_REQUIRED }),
  })
  .superRefine(requireFulfillmentAddress)
  .superRefine((input, context) => requireCard(input.payment, context, ['payment', 'card']))
  .transform(withoutPickupAddress);
export type JoinClubInput = z.infer<typeof joinClubSchema>;
export type JoinClubDraft = z.input<typeof joinClubSchema>;
