import { describe, expect, it } from 'vitest';
import { createOfflineProvider } from './offline-provider';
import { PaymentProviderError } from '../../platform/payment-provider';
import {
  createStripeProvider,
  type StripeConnectClient,
  type StripePaymentsClient,
} from './stripe-provider';

/** A stand-in for Stripe's client that records refunds and transfer reversals. */
function fakeStripe(refundStatus: string | Error = 'succeeded') {
  const calls: { what: string; args: unknown[] }[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by refunds');
  };
  const client: StripeConnectClient & StripePaymentsClient = {
    accounts: { create: unused, retrieve: unused, del: unused },
    accountLinks: { create: unused },
    paymentIntents: { create: unused },
    customers: { create: unused },
    setupIntents: { create: unused },
    transfers: {
      create: unused,
      createReversal: async (...args) => {
        calls.push({ what: 'reversal', args });
        return { id: 'trr_1Test' };
      },
    },
    refunds: {
      create: async (...args) => {
        calls.push({ what: 'refund', args });
        if (refundStatus instanceof Error) throw refundStatus;
        return { id: 're_1Test', status: refundStatus };
      },
    },
  };
  return { provider: createStripeProvider(client, { publicUrl: 'https://bevy.example' }), calls };
}

describe('Stripe refunds', () => {
  it('refunds part of the charge under the idempotency key, with the reason as metadata', async () => {
    const { provider, calls } = fakeStripe();
    const id = await provider.refundCharge({
      chargeId: 'ch_1Test',
      amountCents: 1234,
      idempotencyKey: 'bevy-refund-x-1',
      reason: 'Broken bottle',
    });
    expect(id).toBe('re_1Test');
    expect(calls).toEqual([
      {
        what: 'refund',
        args: [
          { charge: 'ch_1Test', amount: 1234, metadata: { reason: 'Broken bottle' } },
          { idempotencyKey: 'bevy-refund-x-1' },
        ],
      },
    ]);
  });

  it('sends no metadata without a reason, and at most 500 characters of one', async () => {
    const { provider, calls } = fakeStripe('pending');
    await provider.refundCharge({ chargeId: 'ch_1', amountCents: 1, idempotencyKey: 'k1' });
    await provider.refundCharge({
      chargeId: 'ch_1',
      amountCents: 1,
      idempotencyKey: 'k2',
      reason: 'x'.repeat(600),
    });
    expect(calls[0]!.args[0]).toEqual({ charge: 'ch_1', amount: 1 });
    expect((calls[1]!.args[0] as { metadata: { reason: string } }).metadata.reason).toHaveLength(
      500,
    );
  });

  it('turns a failed refund or an outage into a PaymentProviderError', async () => {
    for (const answer of ['failed', 'canceled', new Error('connect ECONNREFUSED')]) {
      const { provider } = fakeStripe(answer);
      await expect(
        provider.refundCharge({ chargeId: 'ch_1', amountCents: 1, idempotencyKey: 'k' }),
      ).rejects.toBeInstanceOf(PaymentProviderError);
    }
  });

  it('reverses part of a transfer under the idempotency key', async () => {
    const { provider, calls } = fakeStripe();
    const id = await provider.reverseTransfer({
      transferId: 'tr_1Test',
      amountCents: 999,
      idempotencyKey: 'bevy-transfer-reversal-x-1',
    });
    expect(id).toBe('trr_1Test');
    expect(calls).toEqual([
      {
        what: 'reversal',
        args: ['tr_1Test', { amount: 999 }, { idempotencyKey: 'bevy-transfer-reversal-x-1' }],
      },
    ]);
  });
});

describe('offline refunds', () => {
  it('succeed, with the same id for the same key, as Stripe answers a repeat', async () => {
    const offline = createOfflineProvider();
    const request = {
      chargeId: 'ch_offline_1',
      amountCents: 500,
      idempotencyKey: 'bevy-refund-a-1',
    };
    const first = await offline.refundCharge(request);
    expect(first).toMatch(/^re_offline_[0-9a-f]{24}$/);
    expect(await offline.refundCharge(request)).toBe(first);
    expect(await offline.refundCharge({ ...request, idempotencyKey: 'bevy-refund-a-2' })).not.toBe(
      first,
    );
    const reversal = { transferId: 'tr_offline_1', amountCents: 400, idempotencyKey: 'k' };
    expect(await offline.reverseTransfer(reversal)).toMatch(/^trr_offline_[0-9a-f]{24}$/);
    expect(await offline.reverseTransfer(reversal)).toBe(await offline.reverseTransfer(reversal));
  });
});
