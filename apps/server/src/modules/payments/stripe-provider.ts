import { connectStatusPath, setupConnectAccountPath } from '@bevy/core';
import type Stripe from 'stripe';
import {
  PaymentProviderError,
  type CartChargeRequest,
  type ChargeOutcome,
  type ChargeRefundRequest,
  type ConnectingBusiness,
  type PaymentAccountState,
  type PaymentProvider,
  type PayoutTransferRequest,
  type SaveCardOutcome,
  type SaveCardRequest,
  type SavedCardChargeRequest,
  type TransferReversalRequest,
} from '../../platform/payment-provider';
import { lazyPackage } from '../../platform/lazy-package';

type AccountState = Pick<
  Stripe.Account,
  'id' | 'details_submitted' | 'charges_enabled' | 'payouts_enabled'
>;

/** The few calls of the official `stripe` client this provider makes; tests pass a fake. */
export interface StripeConnectClient {
  accounts: {
    create(
      params: Stripe.AccountCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.Account, 'id'>>;
    retrieve(id: string): Promise<AccountState>;
    del(id: string): Promise<unknown>;
  };
  accountLinks: {
    create(params: Stripe.AccountLinkCreateParams): Promise<Pick<Stripe.AccountLink, 'url'>>;
  };
}

type PaymentIntentOutcome = Pick<
  Stripe.PaymentIntent,
  'id' | 'status' | 'latest_charge' | 'last_payment_error'
>;

type SetupIntentOutcome = Pick<Stripe.SetupIntent, 'id' | 'status' | 'last_setup_error'> & {
  /** Expanded, for the card's brand, last four digits and expiry. */
  payment_method: string | Pick<Stripe.PaymentMethod, 'id' | 'card'> | null;
};

/** The calls checkout makes: separate charges and transfers, tied by a transfer group. */
export interface StripePaymentsClient {
  paymentIntents: {
    create(
      params: Stripe.PaymentIntentCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<PaymentIntentOutcome>;
  };
  transfers: {
    create(
      params: Stripe.TransferCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.Transfer, 'id'>>;
    createReversal(
      id: string,
      params?: Stripe.TransferCreateReversalParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.TransferReversal, 'id'>>;
  };
  customers: {
    create(
      params: Stripe.CustomerCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.Customer, 'id'>>;
  };
  setupIntents: {
    create(
      params: Stripe.SetupIntentCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<SetupIntentOutcome>;
  };
  refunds: {
    create(
      params: Stripe.RefundCreateParams,
      options?: Stripe.RequestOptions,
    ): Promise<Pick<Stripe.Refund, 'id' | 'status'>>;
  };
}

/** A decline by the card's issuer (Stripe's `StripeCardError`), as opposed to an outage. */
function cardErrorOf(error: unknown): Stripe.errors.StripeError | undefined {
  const candidate = error as Partial<Stripe.errors.StripeError> | null;
  return candidate?.type === 'StripeCardError'
    ? (candidate as Stripe.errors.StripeError)
    : undefined;
}

const AUTHENTICATION_NEEDED =
  'Your bank asks to confirm this payment, which this checkout cannot do yet. Please use another card.';

/** Loaded on first use: a server without STRIPE_SECRET_KEY never loads it. */
const loadStripe = lazyPackage<typeof Stripe>('stripe');

/** The official client, with a timeout a person waiting on a redirect can bear. */
export function createStripeClient(secretKey: string): StripeConnectClient & StripePaymentsClient {
  const StripeClient = loadStripe();
  return new StripeClient(secretKey, {
    timeout: 15_000,
    maxNetworkRetries: 2,
    appInfo: { name: 'Bevy marketplace' },
  });
}

/** Stripe only accepts a well-formed http(s) address as the business's website. */
function websiteUrl(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether Stripe may have made the charge although we got no answer: the connection failed or
 * timed out, or Stripe itself failed (5xx). A refusal (4xx) is a clear no.
 */
function outcomeUnknownOf(error: unknown): boolean {
  const { type, statusCode } = (error ?? {}) as { type?: unknown; statusCode?: unknown };
  return (
    type === 'StripeConnectionError' ||
    (typeof statusCode === 'number' && statusCode >= 500) ||
    (type === 'StripeAPIError' && statusCode === undefined)
  );
}

async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new PaymentProviderError(`Stripe could not ${what}.`, { cause: error });
  }
}

/** A PaymentIntent confirmed on the server, as an outcome: a decline is one, an outage throws. */
async function paymentOutcome(create: () => Promise<PaymentIntentOutcome>): Promise<ChargeOutcome> {
  let intent: PaymentIntentOutcome;
  try {
    intent = await create();
  } catch (error) {
    const declined = cardErrorOf(error);
    if (!declined) {
      throw new PaymentProviderError('Stripe could not take the payment.', {
        cause: error,
        outcomeUnknown: outcomeUnknownOf(error),
      });
    }
    return {
      status: 'declined',
      code: declined.decline_code ?? declined.code ?? 'card_declined',
      message: declined.message,
      paymentId: declined.payment_intent?.id ?? null,
    };
  }
  const charge = intent.latest_charge;
  if (intent.status === 'succeeded' && charge) {
    return {
      status: 'succeeded',
      paymentId: intent.id,
      chargeId: typeof charge === 'string' ? charge : charge.id,
    };
  }
  // 3-D Secure ('requires_action') needs the browser, which this confirmation does not use.
  const problem = intent.last_payment_error;
  return {
    status: 'declined',
    code: problem?.decline_code ?? problem?.code ?? intent.status,
    message: problem?.message ?? AUTHENTICATION_NEEDED,
    paymentId: intent.id,
  };
}

/**
 * Stripe Connect: Express accounts (Stripe-hosted onboarding and dashboard, the platform pays
 * Stripe's fees out of its commission and carries negative balances), onboarded through account
 * links that come back to our status page.
 */
export function createStripeProvider(
  client: StripeConnectClient & StripePaymentsClient,
  options: { publicUrl: string },
): PaymentProvider {
  const { publicUrl } = options;
  return {
    kind: 'stripe',

    async createAccount(business: ConnectingBusiness) {
      const url = websiteUrl(business.website);
      const account = await calling('open a connected account', () =>
        client.accounts.create(
          {
            controller: {
              stripe_dashboard: { type: 'express' },
              fees: { payer: 'application' },
              losses: { payments: 'application' },
            },
            capabilities: {
              card_payments: { requested: true },
              transfers: { requested: true },
            },
            country: 'US',
            business_profile: {
              name: business.name,
              ...(url ? { url } : {}),
            },
            metadata: { business_id: String(business.id), business_slug: business.slug },
          },
          {
            // Two quick clicks (or two processes) asking for the same business get one account.
            // The business's creation time keeps databases that reuse ids (a fresh demo database
            // on the same Stripe test account) apart. Stripe refuses a reused key whose
            // parameters differ, so nothing that varies per request (the clicker's email) is sent.
            idempotencyKey: `bevy-connect-${business.id}-${business.created_at.getTime()}`,
          },
        ),
      );
      return account.id;
    },

    async discardAccount(accountId: string) {
      await calling('remove an unused connected account', () => client.accounts.del(accountId));
    },

    async onboardingUrl(accountId: string, slug: string) {
      const link = await calling('start onboarding', () =>
        client.accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          // An expired or reused link comes back here, and the setup address makes a new one.
          refresh_url: `${publicUrl}${setupConnectAccountPath(slug)}`,
          return_url: `${publicUrl}${connectStatusPath(slug)}`,
        }),
      );
      return link.url;
    },

    async retrieveState(accountId: string): Promise<PaymentAccountState> {
      const account = await calling('read the connected account', () =>
        client.accounts.retrieve(accountId),
      );
      return {
        details_submitted: account.details_submitted ?? false,
        charges_enabled: account.charges_enabled ?? false,
        payouts_enabled: account.payouts_enabled ?? false,
      };
    },

    accepts: (source) => source === 'payment_method',

    async chargeCart(request: CartChargeRequest): Promise<ChargeOutcome> {
      if (request.source.kind !== 'payment_method') {
        throw new PaymentProviderError('Stripe takes cards only through its Payment Element.');
      }
      const paymentMethodId = request.source.id;
      // Confirmed on the server with the browser's PaymentMethod: the platform charges the whole
      // cart, and each producer's share is transferred from this charge afterwards.
      return paymentOutcome(() =>
        client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: paymentMethodId,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            transfer_group: request.transferGroup,
            description: request.description,
            receipt_email: request.receiptEmail,
            // What the webhook finds the checkout by (stripe-webhook.service).
            metadata: { checkout_id: request.checkoutId, transfer_group: request.transferGroup },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    },

    async saveCard(request: SaveCardRequest): Promise<SaveCardOutcome> {
      if (request.source.kind !== 'payment_method') {
        throw new PaymentProviderError('Stripe takes cards only through its Payment Element.');
      }
      const paymentMethodId = request.source.id;
      const customer = await calling("keep the buyer's card", () =>
        client.customers.create(
          { email: request.email },
          { idempotencyKey: `${request.idempotencyKey}-customer` },
        ),
      );
      let setup: SetupIntentOutcome;
      try {
        // Saved for charges with the buyer away (off_session), which Stripe then lets through
        // without asking the buyer again wherever the bank allows.
        setup = await client.setupIntents.create(
          {
            customer: customer.id,
            payment_method: paymentMethodId,
            confirm: true,
            usage: 'off_session',
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: ['payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        const declined = cardErrorOf(error);
        if (!declined) {
          throw new PaymentProviderError('Stripe could not save the card.', { cause: error });
        }
        return {
          status: 'declined',
          code: declined.decline_code ?? declined.code ?? 'card_declined',
          message: declined.message,
        };
      }
      const card = typeof setup.payment_method === 'object' ? setup.payment_method?.card : null;
      if (setup.status !== 'succeeded' || !card) {
        return {
          status: 'declined',
          code: setup.last_setup_error?.code ?? setup.status,
          message: setup.last_setup_error?.message ?? AUTHENTICATION_NEEDED,
        };
      }
      return {
        status: 'saved',
        customerId: customer.id,
        paymentMethodId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    },

    chargeSavedCard(request: SavedCardChargeRequest): Promise<ChargeOutcome> {
      return paymentOutcome(() =>
        client.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            transfer_group: request.transferGroup,
            description: request.description,
            receipt_email: request.receiptEmail,
            metadata: { transfer_group: request.transferGroup },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    },

    async transferPayout(request: PayoutTransferRequest): Promise<string> {
      const transfer = await calling('pay the producer', () =>
        client.transfers.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            destination: request.destinationAccountId,
            transfer_group: request.transferGroup,
            source_transaction: request.sourceChargeId,
            description: request.description,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return transfer.id;
    },

    async refundCharge(request: ChargeRefundRequest): Promise<string> {
      const refund = await calling('refund the buyer', () =>
        client.refunds.create(
          {
            charge: request.chargeId,
            amount: request.amountCents,
            // Stripe's metadata values hold at most 500 characters.
            ...(request.reason ? { metadata: { reason: request.reason.slice(0, 500) } } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentProviderError(`Stripe refused the refund (${refund.status}).`);
      }
      return refund.id;
    },

    async reverseTransfer(request: TransferReversalRequest): Promise<string> {
      const reversal = await calling('take back the producer’s payout', () =>
        client.transfers.createReversal(
          request.transferId,
          { amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return reversal.id;
    },
  };
}
