import type { Cents, PaymentProviderKind } from '@bevy/core';

/**
 * The payment port every service reaches through `ServiceContext.payments`: Stripe Connect, or
 * the offline stand-in for its test mode (both in modules/payments). Here, beside the context,
 * so that checkout and refunds use it without depending on the payments module, which in turn
 * settles checkouts from Stripe's webhooks.
 */

export type { PaymentProviderKind } from '@bevy/core';

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
 * What pays for a cart: card details typed into the offline provider's form, or a PaymentMethod
 * that Stripe's Payment Element made in the browser (with Stripe, card numbers never reach us).
 */
export type PaymentSource =
  | { kind: 'card'; number: string; expMonth: number; expYear: number; cvc: string }
  | { kind: 'payment_method'; id: string };

/** One charge for a whole cart, in US dollars. */
export interface CartChargeRequest {
  amountCents: Cents;
  source: PaymentSource;
  /** Our checkout's id, kept with the charge so that the provider's webhooks can name it. */
  checkoutId: string;
  /** Ties the charge to the transfers made from it. */
  transferGroup: string;
  /** The same key gets the same charge at the provider, however often it is sent. */
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
}

export type ChargeOutcome =
  | { status: 'succeeded'; paymentId: string; chargeId: string }
  | {
      status: 'declined';
      /** The provider's reason, e.g. "card_declined", "insufficient_funds". */
      code: string;
      /** For the buyer, as the provider words it. */
      message: string;
      paymentId: string | null;
    };

/** Saves a card to charge later with the buyer away: a club membership or a subscription. */
export interface SaveCardRequest {
  source: PaymentSource;
  /** The buyer, for the provider's customer record and receipts. */
  email: string;
  /** The same key saves the card once, however often it is sent. */
  idempotencyKey: string;
}

export type SaveCardOutcome =
  | {
      status: 'saved';
      customerId: string;
      paymentMethodId: string;
      brand: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | { status: 'declined'; code: string; message: string };

/** One off-session charge of a saved card, in US dollars. */
export interface SavedCardChargeRequest {
  amountCents: Cents;
  customerId: string;
  paymentMethodId: string;
  /** Ties the charge to the producer's transfer made from it. */
  transferGroup: string;
  /** The same key gets the same answer, however often (and from however many processes) it is sent. */
  idempotencyKey: string;
  description: string;
  receiptEmail: string;
}

/** A producer's payout from a cart's charge (Stripe's separate charges and transfers). */
export interface PayoutTransferRequest {
  amountCents: Cents;
  destinationAccountId: string;
  transferGroup: string;
  /** The charge the money comes from, so the transfer need not wait for the funds to settle. */
  sourceChargeId: string;
  idempotencyKey: string;
  description: string;
}

/** Gives part or all of a charge back to the buyer's card. */
export interface ChargeRefundRequest {
  chargeId: string;
  amountCents: Cents;
  /** The same key gets the same refund at the provider, however often it is sent. */
  idempotencyKey: string;
  /** Why, as the seller wrote it; kept with the refund at the provider. */
  reason?: string | null;
}

/** Takes back part or all of a producer's payout from their connected account. */
export interface TransferReversalRequest {
  transferId: string;
  amountCents: Cents;
  idempotencyKey: string;
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
  /** Whether this provider takes that kind of payment source. */
  accepts(source: PaymentSource['kind']): boolean;
  /**
   * Charges a cart once. A decline is an outcome; a failure to reach the provider is a
   * PaymentProviderError.
   */
  chargeCart(request: CartChargeRequest): Promise<ChargeOutcome>;
  /** Saves a card for off-session charges. A decline is an outcome; an outage a PaymentProviderError. */
  saveCard(request: SaveCardRequest): Promise<SaveCardOutcome>;
  /**
   * Charges a saved card with the buyer away. A repeated key gets the first answer and never a
   * second charge. A decline is an outcome; an outage a PaymentProviderError.
   */
  chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeOutcome>;
  /** Sends a producer's payout to its connected account; returns the transfer's id. */
  transferPayout(request: PayoutTransferRequest): Promise<string>;
  /** Refunds the buyer from a charge; returns the refund's id. Throws PaymentProviderError. */
  refundCharge(request: ChargeRefundRequest): Promise<string>;
  /** Reverses (part of) a payout transfer; returns the reversal's id. Throws PaymentProviderError. */
  reverseTransfer(request: TransferReversalRequest): Promise<string>;
}

/** The provider failed or could not be reached; the seller can try again later. */
export class PaymentProviderError extends Error {
  /** The request may have been carried out (a lost connection, a timeout): retry with its key. */
  readonly outcomeUnknown: boolean;

  constructor(message: string, options?: { cause?: unknown; outcomeUnknown?: boolean }) {
    super(message, options);
    this.name = 'PaymentProviderError';
    this.outcomeUnknown = options?.outcomeUnknown ?? false;
  }
}
