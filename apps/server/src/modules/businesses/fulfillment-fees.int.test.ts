import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadProductDocuments } from '../search/product-documents';

/** A seller sets the delivery and shipping fees of their business (decision 014). */

let t: TestApp;
let seller: string;
let ownSlug: string;
let otherSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  ({ ownSlug, otherSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

const FIELDS = `fulfillmentFees {
  delivery_fee_bands { within_miles fee_cents }
  delivery_minimum_cents
  shipping_rates { up_to_bottles fee_cents }
  shipping_extra_per_dozen_cents
  shipping_surcharge_cents
  shipping_surcharge_states
  free_shipping_over_cents
}`;
const UPDATE = `mutation($slug: String!, $fees: FulfillmentFeesInput!) {
  updateFulfillmentFees(slug: $slug, fees: $fees) { id ${FIELDS} }
}`;
const READ = `query($slug: String!) { business(slug: $slug) { id ${FIELDS} } }`;

const FEES = {
  delivery_fee_bands: [
    { within_miles: 5, fee_cents: 500 },
    { within_miles: 15, fee_cents: 1_000 },
  ],
  delivery_minimum_cents: 2_500,
  shipping_rates: [{ up_to_bottles: 6, fee_cents: 1_800 }],
  shipping_extra_per_dozen_cents: 1_200,
  shipping_surcharge_cents: 900,
  // Listed out of order and twice: stored once each, in order.
  shipping_surcharge_states: ['HI', 'AK', 'HI'],
  free_shipping_over_cents: 20_000,
};

const feesOf = async (slug: string) =>
  ((await gql(t.app, READ, { slug })).body.data!.business as { fulfillmentFees: unknown })
    .fulfillmentFees;

describe('updateFulfillmentFees', () => {
  it('saves the terms for everyone to read, and puts them in the product search documents', async () => {
    const result = await gql(t.app, UPDATE, { slug: ownSlug, fees: FEES }, { cookie: seller });
    expect(result.body.errors).toBeUndefined();
    const expected = { ...FEES, shipping_surcharge_states: ['AK', 'HI'] };
    expect(
      (result.body.data!.updateFulfillmentFees as { fulfillmentFees: unknown }).fulfillmentFees,
    ).toEqual(expected);
    // Public: the tiles and the cart show them to buyers.
    expect(await feesOf(ownSlug)).toEqual(expected);
    const [business] = await t.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, ownSlug));
    const documents = await loadProductDocuments(t.database.db, { businessId: business!.id });
    expect(documents.length).toBeGreaterThan(0);
    expect(documents[0]!.fulfillment_fees).toEqual(expected);
  });

  it('refuses bad terms with an error on each field, changing nothing', async () => {
    const before = await feesOf(ownSlug);
    const result = await gql(
      t.app,
      UPDATE,
      {
        slug: ownSlug,
        fees: {
          ...FEES,
          delivery_fee_bands: [
            { within_miles: 10, fee_cents: 500 },
            { within_miles: 5, fee_cents: 900 },
          ],
          delivery_minimum_cents: 100_001,
          shipping_rates: [{ up_to_bottles: 0, fee_cents: 100 }],
          free_shipping_over_cents: 0,
        },
      },
      { cookie: seller },
    );
    expect(result.status).toBe(200);
    const error = result.body.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.extensions?.fields).toEqual({
      'delivery_fee_bands.1.within_miles': 'Each band must reach farther than the one before.',
      delivery_minimum_cents: 'Use $0 to $1,000.',
      'shipping_rates.0.up_to_bottles': 'Use 1 to 120 bottles.',
      free_shipping_over_cents: 'Use more than $0, or leave it empty for no free shipping.',
    });
    expect(await feesOf(ownSlug)).toEqual(before);
  });

  it('is refused to people who do not work at the business, and to anonymous callers', async () => {
    const before = await feesOf(otherSlug);
    const forbidden = await gql(t.app, UPDATE, { slug: otherSlug, fees: FEES }, { cookie: seller });
    expect(forbidden.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await gql(t.app, UPDATE, { slug: otherSlug, fees: FEES });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await feesOf(otherSlug)).toEqual(before);
  });

  it('has the database refuse terms out of range, whoever writes them', async () => {
    const db = t.database.db;
    const write = (values: Partial<typeof businesses.$inferInsert>) =>
      db.update(businesses).set(values).where(eq(businesses.slug, otherSlug));
    await expect(
      write({ delivery_fee_bands: [{ within_miles: 0, fee_cents: 500 }] }),
    ).rejects.toThrow();
    await expect(
      write({
        shipping_rates: [{ up_to_bottles: 6 } as { up_to_bottles: number; fee_cents: number }],
      }),
    ).rejects.toThrow();
    await expect(write({ delivery_minimum_cents: -1 })).rejects.toThrow();
    await expect(write({ free_shipping_over_cents: 0 })).rejects.toThrow();
    await expect(
      write({ delivery_fee_bands: [{ within_miles: 100, fee_cents: 50_000 }] }),
    ).resolves.toBeDefined();
  });
});
