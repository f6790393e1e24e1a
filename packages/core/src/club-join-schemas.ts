import { z } from 'zod';
import {
  idempotencyKeySchema,
  orderAddressSchema,
  paymentSchema,
  phoneSchema,
  requireFulfillmentAddress,
} from './checkout-schemas';
import { FULFILLMENT_MODES } from './fulfillment';

/**
 * What a buyer sends to join a club, shared by the join form and the server. An entry of its own,
 * beside the checkout's, since phone numbers bring libphonenumber's metadata.
 */

export const RENEWAL_CONSENT_REQUIRED =
  'Agree to the automatic renewal to join. You can cancel online at any time.';

export const joinClubSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema,
    tierId: z.number({ error: 'Choose a tier.' }).int().positive('Choose a tier.'),
    mode: z.enum(FULFILLMENT_MODES, { error: 'Choose pickup, delivery or shipping.' }),
    address: orderAddressSchema.nullish(),
    phone: phoneSchema,
    payment: paymentSchema,
    /** The separate, unticked consent to automatic renewal; it must be given. */
    renewalConsent: z.literal(true, { error: RENEWAL_CONSENT_REQUIRED }),
  })
  .superRefine(requireFulfillmentAddress)
  .superRefine((input, context) => {
    if (!input.payment.card && !input.payment.paymentMethodId) {
      context.addIssue({
        code: 'custom',
        path: ['payment', 'card'],
        message: 'Enter your card details.',
      });
    }
  })
  .transform((input) => ({ ...input, address: input.mode === 'pickup' ? null : input.address! }));
export type JoinClubInput = z.infer<typeof joinClubSchema>;
export type JoinClubDraft = z.input<typeof joinClubSchema>;
