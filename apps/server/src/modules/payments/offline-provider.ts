import { createHash, randomBytes } from 'node:crypto';
import { OFFLINE_ACCOUNT_PREFIX, offlineOnboardingPath, PENDING_SSN_LAST4 } from '@bevy/core';
import type { OfflineOnboardingInput } from '@bevy/core/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offlineCharges, offlinePaymentMethods } from '../../db/tables';
import {
  PaymentProviderError,
  type CartChargeRequest,
  type ChargeOutcome,
  type PaymentAccountState,
  type PaymentProvider,
  type SaveCardOutcome,
  type SaveCardRequest,
  type SavedCardChargeRequest,
} from '../../platform/payment-provider';

/**
 * What Stripe would decide after onboarding in test mode: everything is verified, except the
 * SSN ending that stands for "verification pending" (details submitted, charges not yet enabled).
 */
export function offlineVerification(input: OfflineOnboardingInput): PaymentAccountState {
  const verified = input.ssnLast4 !== PENDING_SSN_LAST4;
  return { details_submitted: true, charges_enabled: verified, payouts_enabled: verified };
}

/** Stripe's test cards that succeed (Visa, Visa debit, Mastercard, Amex, Discover, ...). */
const SUCCEEDING_TEST_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '5105105105105100',
  '378282246310005',
  '371449635398431',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);

/** Stripe's test cards that are declined, with Stripe's reason and message. */
const DECLINING_TEST_CARDS: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: 'Your card’s security code is incorrect.' },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/**
 * Stripe's test cards that save for later but are declined when charged: 0341 fails every charge
 * (Stripe's "attaching succeeds, charging fails"), and the insufficient-funds card saves because a
 * saved card is not checked for funds.
 */
const SAVES_THEN_DECLINES: Record<string, { code: string; message: string }> = {
  '4000000000000341': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

/** The card's network, from its first digits, as Stripe names it. */
export function cardBrandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (number.startsWith('35')) return 'jcb';
  if (number.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** The Luhn check digit test every card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What Stripe's test mode answers for a card number: its test cards' outcomes, nothing else. */
export function offlineCardOutcome(
  number: string,
): { status: 'succeeded' } | { status: 'declined'; code: string; message: string } {
  if (SUCCEEDING_TEST_CARDS.has(number)) return { status: 'succeeded' };
  const declined = DECLINING_TEST_CARDS[number];
  if (declined) return { status: 'declined', ...declined };
  if (!passesLuhn(number)) {
    return {
      status: 'declined',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
  }
  return {
    status: 'declined',
    code: 'card_declined',
    message:
      'Your card was declined. This is a test payment: use a test card such as 4242 4242 4242 4242.',
  };
}

const offlineId = (prefix: string) => `${prefix}_offline_${randomBytes(12).toString('hex')}`;

/** The same idempotency key gives the same id, as Stripe answers a repeated request. */
const offlineIdFor = (prefix: string, idempotencyKey: string) =>
  `${prefix}_offline_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;

/**
 * The provider used when no Stripe keys are configured: accounts live only in our table and are
 * onboarded on a page of the web app, so every payment flow works on a laptop. Saved cards and
 * their charges are kept in the database `db` (as Stripe keeps them on its servers), so every
 * process gives the same answer to the same key; without it, cards cannot be saved.
 */
export function createOfflineProvider(db?: Db): PaymentProvider {
  const store = () => {
    if (!db) throw new PaymentProviderError('The offline provider saves cards only in a database.');
    return db;
  };
  return {
    kind: 'offline',
    createAccount: async () => `${OFFLINE_ACCOUNT_PREFIX}${randomBytes(8).toString('hex')}`,
    // Nothing exists outside our table, so there is nothing to undo.
    discardAccount: async () => undefined,
    onboardingUrl: async (accountId, slug) => offlineOnboardingPath(accountId, slug),
    // Our table is the record: onboarding writes the state there directly.
    retrieveState: async () => undefined,
    accepts: (source) => source === 'card',
    async chargeCart(request: CartChargeRequest): Promise<ChargeOutcome> {
      if (request.source.kind !== 'card') {
        return {
          status: 'declined',
          code: 'payment_method_unsupported',
          message: 'Enter your card details.',
          paymentId: null,
        };
      }
      const paymentId = offlineId('pi');
      const outcome = offlineCardOutcome(request.source.number);
      return outcome.status === 'succeeded'
        ? { status: 'succeeded', paymentId, chargeId: offlineId('ch') }
        : { ...outcome, paymentId };
    },
    saveCard: async (request) => saveOfflineCard(store(), request),
    chargeSavedCard: async (request) => chargeOfflineCard(store(), request),
    transferPayout: async () => offlineId('tr'),
    refundCharge: async (request) => offlineIdFor('re', request.idempotencyKey),
    reverseTransfer: async (request) => offlineIdFor('trr', request.idempotencyKey),
  };
}

async function saveOfflineCard(db: Db, request: SaveCardRequest): Promise<SaveCardOutcome> {
  const { source } = request;
  if (source.kind !== 'card') {
    return {
      status: 'declined',
      code: 'payment_method_unsupported',
      message: 'Enter your card details.',
    };
  }
  const later = SAVES_THEN_DECLINES[source.number];
  const outcome = later ? { status: 'succeeded' as const } : offlineCardOutcome(source.number);
  if (outcome.status === 'declined') return outcome;
  await db
    .insert(offlinePaymentMethods)
    .values({
      id: offlineIdFor('pm', request.idempotencyKey),
      customer_id: offlineIdFor('cus', request.email),
      idempotency_key: request.idempotencyKey,
      brand: cardBrandOf(source.number),
      last4: source.number.slice(-4),
      exp_month: source.expMonth,
      exp_year: source.expYear,
      charge_decline_code: later?.code ?? null,
      charge_decline_message: later?.message ?? null,
    })
    .onConflictDoNothing();
  const [saved] = await db
    .select()
    .from(offlinePaymentMethods)
    .where(eq(offlinePaymentMethods.idempotency_key, request.idempotencyKey));
  return {
    status: 'saved',
    customerId: saved!.customer_id,
    paymentMethodId: saved!.id,
    brand: saved!.brand,
    last4: saved!.last4,
    expMonth: saved!.exp_month,
    expYear: saved!.exp_year,
  };
}

async function chargeOfflineCard(db: Db, request: SavedCardChargeRequest): Promise<ChargeOutcome> {
  const [card] = await db
    .select()
    .from(offlinePaymentMethods)
    .where(eq(offlinePaymentMethods.id, request.paymentMethodId));
  if (!card || card.customer_id !== request.customerId) {
    return {
      status: 'declined',
      code: 'resource_missing',
      message: 'The saved card could not be found. Update your card.',
      paymentId: null,
    };
  }
  const paymentId = offlineIdFor('pi', request.idempotencyKey);
  await db
    .insert(offlineCharges)
    .values({
      idempotency_key: request.idempotencyKey,
      payment_method_id: card.id,
      amount_cents: request.amountCents,
      payment_id: paymentId,
      charge_id: card.charge_decline_code ? null : offlineIdFor('ch', request.idempotencyKey),
      decline_code: card.charge_decline_code,
      decline_message: card.charge_decline_message,
    })
    .onConflictDoNothing();
  const [charge] = await db
    .select()
    .from(offlineCharges)
    .where(eq(offlineCharges.idempotency_key, request.idempotencyKey));
  // Stripe refuses a key sent again with other parameters.
  if (charge!.amount_cents !== request.amountCents || charge!.payment_method_id !== card.id) {
    throw new PaymentProviderError('This idempotency key was used for another charge.');
  }
  return charge!.charge_id
    ? { status: 'succeeded', paymentId: charge!.payment_id, chargeId: charge!.charge_id }
    : {
        status: 'declined',
        code: charge!.decline_code!,
        message: charge!.decline_message!,
        paymentId: charge!.payment_id,
      };
}
