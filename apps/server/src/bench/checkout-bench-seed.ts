// The world `npm run bench:checkout` (checkout-bench.ts) measures: a fresh PostgreSQL database,
// two producers with connected payment accounts and plenty of stock, buyers with accounts, the
// carts they place, and their sessions.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db/client';
import { businessMembers, paymentAccounts } from '../db/tables';
import { signUp } from '../modules/accounts';
import { CARDS, createProducer, createProduct } from '../modules/checkout/checkout-fixtures';
import { mulberry32 } from '../modules/seed';

/** Drops and creates the benchmark's database, from the server's maintenance database. */
export async function recreateDatabase(url: string) {
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unusual database name: ${name}`);
  parsed.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: parsed.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const { rows } = await admin.query<{ server_version: string }>('show server_version');
    return rows[0]!.server_version;
  } finally {
    await admin.end();
  }
}

const PASSWORD = 'amber lantern orchard 7f3a river';
/** Units on hand of every product, so that no run sells out. */
export const STOCK = 10_000_000;

/** Two producers (a cellar for pickup, a brewery that ships), their products and the buyers. */
export async function seed(
  db: Db,
  { productsPerProducer, buyerCount }: { productsPerProducer: number; buyerCount: number },
) {
  const ctx = { db };
  const cellar = await createProducer(db, { sales_tax_rate: '8.8750' });
  const brewery = await createProducer(db, {
    sales_tax_rate: '0',
    fulfillment_allow_pickup_retail: false,
    fulfillment_ship_retail: true,
    ship_to_states: ['OR', 'WA', 'CA'],
  });
  const catalog = new Map<number, number[]>();
  for (const [index, producer] of [cellar, brewery].entries()) {
    const ids: number[] = [];
    for (let n = 0; n < productsPerProducer; n++) {
      const price = 1200 + 100 * ((n * 7 + index) % 30);
      const product = await createProduct(db, producer.id, {
        stock: STOCK,
        retail: [
          [1, price],
          [6, price - 200],
        ],
      });
      ids.push(product.id);
    }
    catalog.set(producer.id, ids);
    // Producers with a connected account: every order's payout is transferred at once.
    await db.insert(paymentAccounts).values({
      business_id: producer.id,
      provider: 'offline',
      account_id: `acct_offline_${randomBytes(8).toString('hex')}`,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
    });
    const staff = await signUp(ctx, {
      name: `Staff of ${producer.name}`,
      email: `staff-${producer.slug}@bench.example`,
      password: PASSWORD,
      dateOfBirth: '1980-03-04',
    });
    await db.insert(businessMembers).values({ user_id: staff.id, business_id: producer.id });
  }
  const buyers: string[] = [];
  for (let n = 0; n < buyerCount; n++) {
    const email = `buyer-${n}@bench.example`;
    await signUp(ctx, {
      name: `Bench Buyer ${n}`,
      email,
      password: PASSWORD,
      dateOfBirth: '1985-05-05',
    });
    buyers.push(email);
  }
  return { cellar, brewery, catalog, buyers };
}

export type Seeded = Awaited<ReturnType<typeof seed>>;

/** Carts of five lines: three products of the cellar (pickup), two of the brewery (shipped). */
export function carts(
  seeded: Seeded,
  howMany: number,
  { seed, hot }: { seed: number; hot: boolean },
): Record<string, unknown>[] {
  const next = mulberry32(seed);
  const pick = (ids: number[], n: number) => {
    if (hot) return ids.slice(0, n);
    const pool = [...ids];
    return Array.from({ length: n }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  };
  const cellarIds = seeded.catalog.get(seeded.cellar.id)!;
  const breweryIds = seeded.catalog.get(seeded.brewery.id)!;
  return Array.from({ length: howMany }, () => ({
    lines: [...pick(cellarIds, 3), ...pick(breweryIds, 2)].map((productId) => ({
      productId,
      quantity: 1 + Math.floor(next() * 3),
    })),
    fulfillment: [
      { businessId: seeded.cellar.id, mode: 'pickup' },
      {
        businessId: seeded.brewery.id,
        mode: 'ship',
        address: {
          name: 'Bench Buyer',
          line1: '1 Main St',
          city: 'Eugene',
          state: 'OR',
          zip: '97401',
        },
      },
    ],
    contact: { name: 'Bench Buyer', email: 'buyer@bench.example', phone: '(503) 555-0142' },
    billingAddress: { line1: '12 NE Alberta St', city: 'Portland', state: 'OR', zip: '97211' },
    ageConfirmed: true,
    payment: { card: { number: CARDS.succeeds, expMonth: 12, expYear: 2034, cvc: '123' } },
  }));
}

/** A buyer's session cookie, from the logIn mutation. */
export async function logIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { id } }',
      variables: { email, password: PASSWORD },
    }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((cookie) => cookie.includes('bevy_session='));
  if (!session) throw new Error(`Could not log in ${email}: ${await response.text()}`);
  return session;
}
