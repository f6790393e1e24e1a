import { randomBytes } from 'node:crypto';
import { OFFLINE_ACCOUNT_PREFIX, offlineOnboardingPath, PENDING_SSN_LAST4 } from '@bevy/core';
import type { OfflineOnboardingInput } from '@bevy/core/schemas';
import type { PaymentAccountState, PaymentProvider } from './payment-provider';

/**
 * What Stripe would decide after onboarding in test mode: everything is verified, except the
 * SSN ending that stands for "verification pending" (details submitted, charges not yet enabled).
 */
export function offlineVerification(input: OfflineOnboardingInput): PaymentAccountState {
  const verified = input.ssnLast4 !== PENDING_SSN_LAST4;
  return { details_submitted: true, charges_enabled: verified, payouts_enabled: verified };
}

/**
 * The provider used when no Stripe keys are configured: accounts live only in our table and are
 * onboarded on a page of the web app, so every payment flow works on a laptop.
 */
export function createOfflineProvider(): PaymentProvider {
  return {
    kind: 'offline',
    createAccount: async () => `${OFFLINE_ACCOUNT_PREFIX}${randomBytes(8).toString('hex')}`,
    // Nothing exists outside our table, so there is nothing to undo.
    discardAccount: async () => undefined,
    onboardingUrl: async (accountId, slug) => offlineOnboardingPath(accountId, slug),
    // Our table is the record: onboarding writes the state there directly.
    retrieveState: async () => undefined,
  };
}
