import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { silentLogger } from '../../platform/silent-logger';
import { placeOrder } from '../checkout/index';
import { createOfflineProvider } from '../payments/index';

/** What the seed's services need of the config: they email as the app does, into the outbox. */
export const SEED_CONFIG = {
  publicUrl: 'http://127.0.0.1:3000',
  SITE_NAME: 'Bevy',
  SMTP_URL: undefined,
} as unknown as Config;

/**
 * An order placed through the real checkout as `buyer`, paid with Stripe's succeeding test card on
 * the offline provider, from a Portland billing address.
 */
export async function placeSeedOrder(
  db: Db,
  buyer: { id: number; name: string; email: string },
  order: {
    idempotencyKey: string;
    lines?: { productId: number; quantity: number }[];
    tickets?: { ticketTypeId: number; quantity: number }[];
    fulfillment?: { businessId: number; mode: 'pickup' }[];
  },
) {
  await placeOrder(
    {
      db,
      log: silentLogger,
      payments: createOfflineProvider(db),
      config: SEED_CONFIG,
      viewer: { id: buyer.id, sessionId: 'seed', isAdmin: false },
    },
    {
      idempotencyKey: order.idempotencyKey,
      lines: order.lines ?? [],
      tickets: order.tickets ?? [],
      fulfillment: order.fulfillment ?? [],
      contact: { name: buyer.name, email: buyer.email, phone: '(503) 555-0142' },
      billingAddress: { line1: '12 NE Alberta St', city: 'Portland', state: 'OR', zip: '97211' },
      ageConfirmed: true,
      payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } },
    },
  );
}
