import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { addresses, businesses, checkouts, priceTiers, products, users } from '../../db/tables';
import { createOfflineProvider } from '../payments/offline-provider';
import type { PaymentProvider } from '../../platform/payment-provider';

/** Test data for checkout: producers and products made to measure, and a ready request. */

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const;

/** Portland, OR (ZIP 97214): the producers' address. */
export const PRODUCER_ADDRESS = {
  street_number: '1220',
  route: 'SE Water Ave',
  locality: 'Portland',
  administrative_area_level_1: 'OR',
  postal_code: '97214',
  latitude: 45.5137,
  longitude: -122.6646,
};

type BusinessInsert = typeof businesses.$inferInsert;

export async function createProducer(
  db: Db,
  overrides: Partial<BusinessInsert> = {},
): Promise<{ id: number; name: string; slug: string }> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(businesses)
    .values({
      name: `Test Cellars ${suffix}`,
      slug: `test-cellars-${suffix}`,
      sales_tax_rate: '8.8750',
      fulfillment_allow_pickup_retail: true,
      fulfillment_allow_pickup_wholesale: true,
      ...overrides,
    })
    .returning({ id: businesses.id, name: businesses.name, slug: businesses.slug });
  await db.insert(addresses).values({ business_id: row!.id, ...PRODUCER_ADDRESS });
  return row!;
}

export interface ProductSpec {
  name?: string;
  stock?: number | null;
  status?: 'published' | 'draft';
  /** [minimum count, cents] pairs. */
  retail?: [number, number][];
  wholesale?: [number, number][];
}

export async function createProduct(
  db: Db,
  businessId: number,
  spec: ProductSpec = {},
): Promise<{ id: number; name: string }> {
  const name = spec.name ?? `Test Pinot ${randomBytes(3).toString('hex')}`;
  const [row] = await db
    .insert(products)
    .values({
      business_id: businessId,
      handle: `test-${randomBytes(6).toString('hex')}`,
      name,
      beverage_type: 'Wine',
      produced_by: 'Test Cellars',
      status: spec.status ?? 'published',
      stock_count: spec.stock === undefined ? null : spec.stock,
    })
    .returning({ id: products.id });
  const tiers = [
    ...(spec.retail ?? [[1, 2500]]).map(([minimum, cents]) => ({
      channel: 'retail' as const,
      minimum,
      cents,
    })),
    ...(spec.wholesale ?? []).map(([minimum, cents]) => ({
      channel: 'wholesale' as const,
      minimum,
      cents,
    })),
  ];
  if (tiers.length > 0) {
    await db.insert(priceTiers).values(
      tiers.map((tier) => ({
        product_id: row!.id,
        channel: tier.channel,
        minimum_unit_count_for_price: tier.minimum,
        price_per_unit: tier.cents,
      })),
    );
  }
  return { id: row!.id, name };
}

let buyersMade = 0;

/**
 * A buyer of legal age of its own, for tests whose declined payments must not count against
 * another test's buyer (checkout stops a buyer after five declines in an hour).
 */
export async function createBuyer(db: Db): Promise<number> {
  buyersMade += 1;
  const [row] = await db
    .insert(users)
    .values({
      name: `Test Buyer ${buyersMade}`,
      email: `test-buyer-${process.pid}-${buyersMade}-${Date.now()}@bevy.example`,
      password_hash: 'not-a-password-hash',
      date_of_birth: '1985-06-15',
    })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A checkout row as a claimed key leaves it, 'processing' with nothing held yet, unless `fields`
 * say otherwise. Returns its id.
 */
export async function claimedCheckout(
  db: Db,
  buyerId: number,
  fields: Partial<typeof checkouts.$inferInsert> = {},
): Promise<string> {
  const id = randomUUID();
  await db.insert(checkouts).values({
    id,
    buyer_id: buyerId,
    idempotency_key: randomUUID(),
    request_fingerprint: 'test',
    payment_provider: 'offline',
    transfer_group: `checkout_${id}`,
    ...fields,
  });
  return id;
}

export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

export async function stockOf(db: Db, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ stock: products.stock_count })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

/** Where the order emails' links point in tests. */
export const TEST_MAIL_CONFIG = {
  publicUrl: 'http://127.0.0.1:3000',
  SITE_NAME: 'Bevy',
  SMTP_URL: undefined,
};

/** What placeOrder needs of a request, for a signed-in buyer. */
export function checkoutContext(
  db: Db,
  log: FastifyBaseLogger,
  userId: number,
  payments: PaymentProvider = createOfflineProvider(),
) {
  return {
    db,
    log,
    payments,
    config: TEST_MAIL_CONFIG,
    viewer: { id: userId, sessionId: 'test-session', isAdmin: false },
  };
}

export interface LineSpec {
  productId: number;
  quantity: number;
  unitPrice?: number;
  channel?: string;
}

/** A complete request: pickup from each producer, paid with Stripe's succeeding test card. */
export function orderRequest(
  lines: LineSpec[],
  businessIds: number[],
  overrides: Record<string, unknown> = {},
) {
  return {
    idempotencyKey: randomUUID(),
    lines,
    fulfillment: businessIds.map((businessId) => ({ businessId, mode: 'pickup' })),
    contact: { name: 'Riley Retail', email: 'Buyer@Bevy.example', phone: '(503) 555-0142' },
    // Wholesale buyers must name it; for retail buyers it is ignored.
    buyingBusiness: 'Alder Street Bottle Shop LLC',
    billingAddress: {
      line1: '12 NE Alberta St',
      city: 'Portland',
      state: 'OR',
      zip: '97211',
    },
    ageConfirmed: true,
    payment: { card: { number: CARDS.succeeds, expMonth: 12, expYear: 2034, cvc: '123' } },
    ...overrides,
  };
}

/** The request paid with another card number. */
export function payingWith(number: string) {
  return { payment: { card: { number, expMonth: 12, expYear: 2034, cvc: '123' } } };
}
