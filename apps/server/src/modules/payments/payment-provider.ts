/** Which service holds a business's connected account; stored in `payment_accounts.provider`. */
export type PaymentProviderKind = 'stripe' | 'offline';

/** What decides whether a connected account can take money, as Stripe reports it. */
export interface PaymentAccountState {
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
}

/** The business a connected account is opened for. */
export interface ConnectingBusiness {
  id: number;
  name: string;
  slug: string;
  website: string | null;
  created_at: Date;
}

/**
 * A payment service that holds producers' connected accounts: Stripe Connect, or the offline
 * stand-in that behaves like Stripe's test mode.
 */
export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Opens a connected account for the business and returns its id. */
  createAccount(business: ConnectingBusiness): Promise<string>;
  /** Undoes `createAccount` for an account that was never stored (another request won). */
  discardAccount(accountId: string): Promise<void>;
  /** Where the seller finishes onboarding; it sends them back to the status page. */
  onboardingUrl(accountId: string, slug: string): Promise<string>;
  /** The provider's own record of the account; undefined when our table is the record. */
  retrieveState(accountId: string): Promise<PaymentAccountState | undefined>;
}

/** The provider failed or could not be reached; the seller can try again later. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
