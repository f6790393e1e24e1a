import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../platform/payment-provider';
import {
  createStripeProvider,
  type StripeConnectClient,
  type StripePaymentsClient,
} from './stripe-provider';

type Answer = () => Promise<unknown>;

/** A stand-in for Stripe's client: customers, SetupIntents and PaymentIntents answer as told. */
function fakeStripe(answers: { setupIntent?: Answer; paymentIntent?: Answer } = {}) {
  const calls: { what: string; params: unknown; options: unknown }[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by saved cards');
  };
  const recording =
    <T>(what: string, answer: Answer) =>
    async (params: unknown, options: unknown) => {
      calls.push({ what, params, options });
      return (await answer()) as T;
    };
  const client: StripeConnectClient & StripePaymentsClient = {
    accounts: { create: unused, retrieve: unused, del: unused },
    accountLinks: { create: unused },
    transfers: { create: unused, createReversal: unused },
    refunds: { create: unused },
    customers: { create: recording('customer', async () => ({ id: 'cus_1Member' })) },
    setupIntents: {
      create: recording('setupIntent', answers.setupIntent ?? unused),
    },
    paymentIntents: {
      create: recording('paymentIntent', answers.paymentIntent ?? unused),
    },
  };
  return { provider: createStripeProvider(client, { publicUrl: 'https://bevy.example' }), calls };
}

const cardError = (declineCode: string, message: string) =>
  Object.assign(new Error(message), {
    type: 'StripeCardError',
    code: 'card_declined',
    decline_code: declineCode,
    payment_intent: { id: 'pi_1Declined' },
  });

const saveRequest = {
  source: { kind: 'payment_method' as const, id: 'pm_1Card' },
  email: 'member@example.com',
  idempotencyKey: 'club-join-7',
};

const chargeRequest = {
  amountCents: 8_640,
  customerId: 'cus_1Member',
  paymentMethodId: 'pm_1Card',
  transferGroup: 'club-release-3',
  idempotencyKey: 'club-charge-r3-m7-t1',
  description: 'Bevy club release',
  receiptEmail: 'member@example.com',
};

describe('Stripe saves a card for charges with the member away', () => {
  it('confirms an off-session SetupIntent for a customer and keeps the card’s details', async () => {
    const { provider, calls } = fakeStripe({
      setupIntent: async () => ({
        id: 'seti_1',
        status: 'succeeded',
        last_setup_error: null,
        payment_method: {
          id: 'pm_1Card',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
        },
      }),
    });
    expect(await provider.saveCard(saveRequest)).toEqual({
      status: 'saved',
      customerId: 'cus_1Member',
      paymentMethodId: 'pm_1Card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    });
    expect(calls.map((call) => call.what)).toEqual(['customer', 'setupIntent']);
    expect(calls[1]).toEqual({
      what: 'setupIntent',
      params: expect.objectContaining({
        customer: 'cus_1Member',
        payment_method: 'pm_1Card',
        confirm: true,
        usage: 'off_session',
      }),
      options: { idempotencyKey: 'club-join-7' },
    });
  });

  it('turns a card error or a bank asking to confirm into a decline, an outage into an error', async () => {
    const declined = fakeStripe({
      setupIntent: async () => {
        throw cardError('stolen_card', 'Your card was declined.');
      },
    });
    expect(await declined.provider.saveCard(saveRequest)).toEqual({
      status: 'declined',
      code: 'stolen_card',
      message: 'Your card was declined.',
    });
    const confirm = fakeStripe({
      setupIntent: async () => ({
        id: 'seti_2',
        status: 'requires_action',
        last_setup_error: null,
        payment_method: 'pm_1Card',
      }),
    });
    expect(await confirm.provider.saveCard(saveRequest)).toMatchObject({
      status: 'declined',
      code: 'requires_action',
    });
    const down = fakeStripe({
      setupIntent: async () => {
        throw new Error('connect ECONNREFUSED api.stripe.com');
      },
    });
    await expect(down.provider.saveCard(saveRequest)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Stripe charges a saved card with the member away', () => {
  it('confirms an off-session PaymentIntent with the try’s key', async () => {
    const { provider, calls } = fakeStripe({
      paymentIntent: async () => ({
        id: 'pi_1Club',
        status: 'succeeded',
        latest_charge: 'ch_1Club',
        last_payment_error: null,
      }),
    });
    expect(await provider.chargeSavedCard(chargeRequest)).toEqual({
      status: 'succeeded',
      paymentId: 'pi_1Club',
      chargeId: 'ch_1Club',
    });
    expect(calls[0]).toEqual({
      what: 'paymentIntent',
      params: expect.objectContaining({
        amount: 8_640,
        customer: 'cus_1Member',
        payment_method: 'pm_1Card',
        off_session: true,
        confirm: true,
        transfer_group: 'club-release-3',
      }),
      options: { idempotencyKey: 'club-charge-r3-m7-t1' },
    });
  });

  it('reports the decline code, which tells a soft decline from a hard one', async () => {
    const { provider } = fakeStripe({
      paymentIntent: async () => {
        throw cardError('insufficient_funds', 'Your card has insufficient funds.');
      },
    });
    expect(await provider.chargeSavedCard(chargeRequest)).toEqual({
      status: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
      paymentId: 'pi_1Declined',
    });
  });
});
