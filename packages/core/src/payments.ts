/** The payment connection's addresses and the offline provider's test-mode facts, for server and web. */

/** Which service holds a business's connected account; stored in `payment_accounts.provider`. */
export type PaymentProviderKind = 'stripe' | 'offline';

/** The contract's setup address (contract/http.md), which starts or resumes onboarding. */
export const setupConnectAccountPath = (slug: string) =>
  `/stripe/setup-connect-account?slug=${encodeURIComponent(slug)}`;

/** The seller's payment status page, where both providers send them back to. */
export const connectStatusPath = (slug: string) =>
  `/business/${encodeURIComponent(slug)}/stripe-connect-status`;

/** Where the offline provider's onboarding page (the web app's stand-in for Stripe's) lives. */
export const offlineOnboardingPath = (accountId: string, slug: string) =>
  `/offline-payments/onboarding?account=${encodeURIComponent(accountId)}&slug=${encodeURIComponent(slug)}`;

/** Offline account ids look like Stripe's, and say where they come from. */
export const OFFLINE_ACCOUNT_PREFIX = 'acct_offline_';
export const OFFLINE_ACCOUNT_ID = /^acct_offline_[a-f0-9]{16}$/;

/** Stripe test mode's SSN ending that verifies, and ours that leaves verification pending. */
export const VERIFYING_SSN_LAST4 = '0000';
export const PENDING_SSN_LAST4 = '1111';

/** Stripe's test bank account, which the offline onboarding page fills in. */
export const TEST_BANK_ACCOUNT = { routingNumber: '110000000', accountNumber: '000123456789' };
