import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../test/actors';
import { sellerBusinessSlugs } from '../test/fixtures';
import { gql } from '../test/graphql-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { findBusinessBySlug } from '../modules/businesses/businesses.service';

const BUSINESS_ORDERS = `query($businessId: Int, $status: String) {
  businessOrders(businessId: $businessId, status: $status) { total }
}`;

/** One refusal, asked for over REST (the CSV export) and over GraphQL (the same list). */
describe('a service refusal reads the same over REST and GraphQL', () => {
  let t: TestApp;
  let seller: string;
  let otherBusinessId: number;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await logInAsActor(t.app, 'seller');
    const { otherSlug } = await sellerBusinessSlugs(t.database.db);
    otherBusinessId = (await findBusinessBySlug({ db: t.database.db }, otherSlug))!.id;
  });
  afterAll(() => t.close());

  async function both(variables: { businessId?: number; status?: string }, cookie?: string) {
    const query = new URLSearchParams(
      Object.entries(variables).map(([key, value]): [string, string] => [key, String(value)]),
    );
    const rest = await t.app.inject({
      method: 'GET',
      url: `/business/orders.csv?${query}`,
      headers: cookie ? { cookie } : {},
    });
    const graphql = await gql(t.app, BUSINESS_ORDERS, variables, cookie ? { cookie } : {});
    const refusal = graphql.body.errors?.[0];
    return {
      rest: {
        status: rest.statusCode,
        ...(rest.json() as { error: { code: string; message: string; field?: string } }).error,
      },
      graphql: { code: refusal?.extensions?.code, message: refusal?.message },
    };
  }

  it('FORBIDDEN: another business’s orders', async () => {
    const { rest, graphql } = await both({ businessId: otherBusinessId }, seller);
    expect(rest).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only people who work at this business can see its orders.',
    });
    expect(graphql).toEqual({ code: rest.code, message: rest.message });
  });

  it('BAD_USER_INPUT, with its field: a status orders never have', async () => {
    const { rest, graphql } = await both({ status: 'lost' }, seller);
    expect(rest).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', field: 'status' });
    expect(rest.message).toMatch(/^Choose a status among: /);
    expect(graphql).toEqual({ code: rest.code, message: rest.message });
  });
});
