import { joinClubSchema, type JoinClubDraft } from '@bevy/core/club-join-schemas';
import type { FulfillmentMode } from '@bevy/core';
import { addressInputOf, EMPTY_ADDRESS, type AddressValues } from '../../lib/address-values';
import { parseExpiry } from '../../lib/card-expiry';

/**
 * The join form's values and how they become the API's input, shared by the form and its tests.
 * The card's expiry is typed as "MM/YY" and split here; the server checks everything again.
 */

export type JoinFormValues = {
  tierId: string;
  /** A product subscription's cadence; '' in a club. */
  cadence: string;
  mode: FulfillmentMode;
  address: AddressValues;
  phone: string;
  card: { number: string; expiry: string; cvc: string };
  renewalConsent: boolean;
};

export function initialJoinValues(
  tiers: readonly { id: number }[],
  modes: readonly FulfillmentMode[],
  cadences: readonly string[] = [],
): JoinFormValues {
  return {
    tierId: tiers.length === 1 ? String(tiers[0]!.id) : '',
    cadence: cadences.length === 1 ? cadences[0]! : '',
    mode: modes[0] ?? 'pickup',
    address: EMPTY_ADDRESS,
    phone: '',
    card: { number: '', expiry: '', cvc: '' },
    // Never ticked for the buyer: the consent to automatic renewal is theirs to give.
    renewalConsent: false,
  };
}

/** The API's input from the form, with a PaymentMethod id when Stripe made one. */
export function joinInputOf(
  values: JoinFormValues,
  idempotencyKey: string,
  paymentMethodId: string | null,
): JoinClubDraft {
  return {
    idempotencyKey,
    tierId: Number(values.tierId),
    cadence: (values.cadence || null) as JoinClubDraft['cadence'],
    mode: values.mode,
    address: values.mode === 'pickup' ? null : addressInputOf(values.address),
    phone: values.phone,
    payment: paymentMethodId
      ? { paymentMethodId }
      : {
          card: {
            number: values.card.number,
            ...parseExpiry(values.card.expiry),
            cvc: values.card.cvc,
          },
        },
    renewalConsent: values.renewalConsent as true,
  };
}

/** The form's field for a path of the API's input ("payment.card.expMonth" → "card.expiry"). */
export function joinFieldOf(path: string): string {
  if (path.startsWith('payment.card.exp')) return 'card.expiry';
  if (path.startsWith('payment.card.')) return path.replace('payment.', '');
  if (path.startsWith('payment')) return 'card.number';
  return path;
}

/** The browser's check of the form, with the server's rules: errors by form field. */
export function validateJoin(
  values: JoinFormValues,
  withCard: boolean,
  needsCadence = false,
): Record<string, string> {
  const parsed = joinClubSchema.safeParse(
    joinInputOf(values, 'browser-check', withCard ? null : 'pm_stripe'),
  );
  const errors: Record<string, string> = {};
  if (!values.tierId) errors.tierId = needsCadence ? 'Choose a quantity.' : 'Choose a tier.';
  if (needsCadence && !values.cadence) errors.cadence = 'Choose how often your order comes.';
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = joinFieldOf(issue.path.map(String).join('.'));
    errors[field] ??= issue.message;
  }
  return errors;
}
