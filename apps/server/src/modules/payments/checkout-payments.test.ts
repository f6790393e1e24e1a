import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createOfflineProvider, offlineCardOutcome } from './offline-provider';
import { PaymentProviderError, type CartChargeRequest } from '../../platform/payment-provider';
import {
  createStripeProvider,
  type StripeConnectClient,
  type StripePaymentsClient,
} from './stripe-provider';

const charge = (overrides: Partial<CartChargeRequest> = {}): CartChargeRequest => ({
  amountCents: 22_488,
  source: { kind: 'payment_method', id: 'pm_card_visa' },
  checkoutId: '00000000-0000-4000-8000-000000000001',
  transferGroup: 'checkout_1',
  idempotencyKey: 'bevy-checkout-1',
  description: 'Bevy: BV-100001',
  receiptEmail: 'buyer@bevy.example',
  ...overrides,
});

/** A stand-in for Stripe's client that answers payment intents with `answer`. */
function fakeStripe(answer: () => Promise<unknown>) {
  const calls: { params: unknown; options: unknown }[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by checkout');
  };
  const client: StripeConnectClient & StripePaymentsClient = {
    accounts: { create: unused, retrieve: unused, del: unused },
    accountLinks: { create: unused },
    paymentIntents: {
      create: async (params, options) => {
        calls.push({ params, options });
        return answer() as ReturnType<StripePaymentsClient['paymentIntents']['create']>;
      },
    },
    transfers: {
      create: async (params, options) => {
        calls.push({ params, options });
        return { id: 'tr_1Test' };
      },
      createReversal: unused,
    },
    refunds: { create: unused },
    customers: { create: unused },
    setupIntents: { create: unused },
  };
  return { provider: createStripeProvider(client, { publicUrl: 'https://bevy.example' }), calls };
}

const succeeded = {
  id: 'pi_1Test',
  status: 'succeeded',
  latest_charge: 'ch_1Test',
  last_payment_error: null,
};

describe('Stripe checkout (separate charges and transfers)', () => {
  it('charges the cart once, confirmed on the server, with the transfer group and key', async () => {
    const { provider, calls } = fakeStripe(async () => succeeded);
    expect(await provider.chargeCart(charge())).toEqual({
      status: 'succeeded',
      paymentId: 'pi_1Test',
      chargeId: 'ch_1Test',
    });
    expect(calls[0]).toEqual({
      params: expect.objectContaining({
        amount: 22_488,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        transfer_group: 'checkout_1',
        metadata: {
          checkout_id: '00000000-0000-4000-8000-000000000001',
          transfer_group: 'checkout_1',
        },
      }),
      options: { idempotencyKey: 'bevy-checkout-1' },
    });
  });

  it('turns a card error into a decline with Stripe’s reason, and an outage into an error', async () => {
    const cardError = Object.assign(new Error('Your card has insufficient funds.'), {
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      payment_intent: { id: 'pi_1Declined' },
    });
    const declined = fakeStripe(async () => {
      throw cardError;
    });
    expect(await declined.provider.chargeCart(charge())).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      paymentId: 'pi_1Declined',
    });
    const down = fakeStripe(async () => {
      throw new Error('connect ECONNREFUSED api.stripe.com');
    });
    await expect(down.provider.chargeCart(charge())).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('says when a failed charge may still have gone through (no answer, or Stripe failed)', async () => {
    const outcomeOf = async (error: unknown) => {
      const stripe = fakeStripe(async () => {
        throw error;
      });
      try {
        await stripe.provider.chargeCart(charge());
      } catch (caught) {
        return (caught as PaymentProviderError).outcomeUnknown;
      }
      throw new Error('the charge did not fail');
    };
    const stripeError = (type: string, statusCode?: number) =>
      Object.assign(new Error(type), { type, statusCode });
    expect(await outcomeOf(stripeError('StripeConnectionError'))).toBe(true);
    expect(await outcomeOf(stripeError('StripeAPIError', 500))).toBe(true);
    expect(await outcomeOf(stripeError('StripeInvalidRequestError', 400))).toBe(false);
    expect(await outcomeOf(stripeError('StripeAuthenticationError', 401))).toBe(false);
  });

  it('does not count a payment that still needs the bank’s confirmation as paid', async () => {
    const { provider } = fakeStripe(async () => ({
      ...succeeded,
      status: 'requires_action' satisfies Stripe.PaymentIntent.Status,
      latest_charge: null,
    }));
    expect(await provider.chargeCart(charge())).toMatchObject({
      status: 'declined',
      code: 'requires_action',
      paymentId: 'pi_1Test',
    });
  });

  it('never takes card numbers: those belong to Stripe’s Payment Element', async () => {
    const { provider, calls } = fakeStripe(async () => succeeded);
    const card = {
      kind: 'card' as const,
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2034,
      cvc: '123',
    };
    expect(provider.accepts('card')).toBe(false);
    await expect(provider.chargeCart(charge({ source: card }))).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    expect(calls).toEqual([]);
  });

  it('transfers a payout from the charge to the producer’s account', async () => {
    const { provider, calls } = fakeStripe(async () => succeeded);
    const transferId = await provider.transferPayout({
      amountCents: 16_944,
      destinationAccountId: 'acct_1Producer',
      transferGroup: 'checkout_1',
      sourceChargeId: 'ch_1Test',
      idempotencyKey: 'bevy-payout-7',
      description: 'Bevy order BV-100001',
    });
    expect(transferId).toBe('tr_1Test');
    expect(calls[0]).toEqual({
      params: expect.objectContaining({
        amount: 16_944,
        currency: 'usd',
        destination: 'acct_1Producer',
        source_transaction: 'ch_1Test',
        transfer_group: 'checkout_1',
      }),
      options: { idempotencyKey: 'bevy-payout-7' },
    });
  });
});

describe('offline checkout (Stripe test mode’s cards)', () => {
  it('answers Stripe’s test cards as Stripe does', () => {
    expect(offlineCardOutcome('4242424242424242')).toEqual({ status: 'succeeded' });
    expect(offlineCardOutcome('5555555555554444')).toEqual({ status: 'succeeded' });
    expect(offlineCardOutcome('4000000000000002')).toEqual({
      status: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(offlineCardOutcome('4000000000009995')).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(offlineCardOutcome('4242424242424241')).toMatchObject({ code: 'incorrect_number' });
  });

  it('takes card details only, and gives each charge and transfer an id of its own', async () => {
    const provider = createOfflineProvider();
    expect(provider.accepts('card')).toBe(true);
    expect(provider.accepts('payment_method')).toBe(false);
    const card = {
      kind: 'card' as const,
      number: '4242424242424242',
      expMonth: 1,
      expYear: 2034,
      cvc: '123',
    };
    const first = await provider.chargeCart(charge({ source: card }));
    const second = await provider.chargeCart(charge({ source: card }));
    expect(first).toMatchObject({
      status: 'succeeded',
      chargeId: expect.stringMatching(/^ch_offline_/),
    });
    expect(first).not.toEqual(second);
  });
});
