import { declineKind } from '@bevy/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { offlineCharges, offlinePaymentMethods } from '../../db/tables';
import {
  PaymentProviderError,
  type PaymentProvider,
  type SaveCardOutcome,
} from '../../platform/payment-provider';
import { createTestDatabase } from '../../test/test-app';
import { createOfflineProvider } from './offline-provider';

let database: Database;
let drop: () => Promise<void>;
let offline: PaymentProvider;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  offline = createOfflineProvider(database.db);
});
afterAll(() => drop());

let keys = 0;
const newKey = (what: string) => `${what}-${Date.now()}-${++keys}`;

function card(number: string) {
  return { kind: 'card' as const, number, expMonth: 12, expYear: 2031, cvc: '123' };
}

async function saved(number: string, email = 'member@example.com') {
  const outcome = await offline.saveCard({
    source: card(number),
    email,
    idempotencyKey: newKey('save'),
  });
  expect(outcome.status).toBe('saved');
  return outcome as Extract<SaveCardOutcome, { status: 'saved' }>;
}

function charge(
  from: { customerId: string; paymentMethodId: string },
  idempotencyKey: string,
  amountCents = 8_640,
) {
  return offline.chargeSavedCard({
    ...from,
    amountCents,
    idempotencyKey,
    transferGroup: 'club-release-1',
    description: 'Club release',
    receiptEmail: 'member@example.com',
  });
}

describe('the offline provider saves cards as Stripe test mode does', () => {
  it('keeps the brand, last four and expiry, never the number, once per key', async () => {
    const key = newKey('save');
    const request = {
      source: card('4242424242424242'),
      email: 'ana@example.com',
      idempotencyKey: key,
    };
    const first = await offline.saveCard(request);
    const again = await offline.saveCard(request);
    expect(first).toMatchObject({
      status: 'saved',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    });
    expect(again).toEqual(first);
    const rows = await database.db
      .select()
      .from(offlinePaymentMethods)
      .where(eq(offlinePaymentMethods.idempotency_key, key));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('refuses to save the cards Stripe declines, and saves 0341, which declines later', async () => {
    for (const [number, code] of [
      ['4000000000000002', 'card_declined'],
      ['4000000000009979', 'stolen_card'],
      ['4242424242424241', 'incorrect_number'],
    ] as const) {
      const outcome = await offline.saveCard({
        source: card(number),
        email: 'ana@example.com',
        idempotencyKey: newKey('save'),
      });
      expect(outcome).toMatchObject({ status: 'declined', code });
    }
    expect((await saved('4000000000000341')).last4).toBe('0341');
  });
});

describe('the offline provider charges saved cards with the buyer away', () => {
  it('charges once per key: the same key, sent again, gets the first answer', async () => {
    const visa = await saved('4242424242424242');
    const key = newKey('charge');
    const first = await charge(visa, key);
    expect(first.status).toBe('succeeded');
    expect(await charge(visa, key)).toEqual(first);
    const second = await charge(visa, newKey('charge'));
    expect(second.status).toBe('succeeded');
    expect(second).not.toEqual(first);
    const rows = await database.db
      .select()
      .from(offlineCharges)
      .where(eq(offlineCharges.payment_method_id, visa.paymentMethodId));
    expect(rows).toHaveLength(2);
  });

  it('declines 0341 and the insufficient-funds card, both soft, on every try', async () => {
    for (const [number, code] of [
      ['4000000000000341', 'card_declined'],
      ['4000000000009995', 'insufficient_funds'],
    ] as const) {
      const declining = await saved(number);
      for (let tryNumber = 0; tryNumber < 2; tryNumber++) {
        const outcome = await charge(declining, newKey('charge'));
        expect(outcome).toMatchObject({ status: 'declined', code });
        expect(declineKind(code)).toBe('soft');
      }
    }
  });

  it('refuses a key sent again for another amount, as Stripe does', async () => {
    const visa = await saved('5555555555554444');
    const key = newKey('charge');
    await charge(visa, key, 1_000);
    await expect(charge(visa, key, 2_000)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("declines a card that is not saved, or someone else's", async () => {
    const visa = await saved('4242424242424242', 'bo@example.com');
    const other = await saved('4242424242424242', 'cy@example.com');
    for (const from of [
      { customerId: visa.customerId, paymentMethodId: 'pm_offline_missing' },
      { customerId: other.customerId, paymentMethodId: visa.paymentMethodId },
    ]) {
      expect(await charge(from, newKey('charge'))).toMatchObject({
        status: 'declined',
        code: 'resource_missing',
      });
    }
  });

  it('gives many requests with one key, at once, one charge and one answer', async () => {
    const visa = await saved('4242424242424242');
    const key = newKey('charge');
    const answers = await Promise.all(Array.from({ length: 8 }, () => charge(visa, key)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const rows = await database.db
      .select()
      .from(offlineCharges)
      .where(eq(offlineCharges.idempotency_key, key));
    expect(rows).toHaveLength(1);
  });
});

describe('an offline provider without a database', () => {
  it('says it cannot save cards', async () => {
    await expect(
      createOfflineProvider().saveCard({
        source: card('4242424242424242'),
        email: 'ana@example.com',
        idempotencyKey: newKey('save'),
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
