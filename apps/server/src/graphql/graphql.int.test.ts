import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businesses } from '../db/tables';
import { readContractOperations } from '../test/contract';
import { createTestApp, type TestApp } from '../test/test-app';

const contract = readContractOperations();
const DEMO_SLUG = 'any-demo-business';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function run(operationName: string, variables: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: { query: contract, operationName, variables },
  });
  return { status: response.statusCode, body: response.json() };
}

async function firstBusinessSlug(): Promise<string> {
  const rows = await t.database.db.query.businesses.findMany({
    limit: 1,
    orderBy: (b, { asc }) => asc(b.id),
  });
  return rows[0]!.slug;
}

describe('contract operations', () => {
  it('GetMe returns me: null for an anonymous caller', async () => {
    const { status, body } = await run('GetMe');
    expect(status).toBe(200);
    expect(body).toEqual({ data: { me: null } });
  });

  it('GetBusinessFromSlug returns the business with its address and tags', async () => {
    const slug = await firstBusinessSlug();
    const { body } = await run('GetBusinessFromSlug', { slug });
    expect(body.errors).toBeUndefined();
    const business = body.data.business;
    expect(business.slug).toBe(slug);
    expect(business.name.length).toBeGreaterThan(2);
    expect(business.addresses).toHaveLength(1);
    expect(business.addresses[0].postal_code).toMatch(/^\d{5}$/);
    expect(business.addresses[0].formatted_address).toContain(business.addresses[0].locality);
    expect(business.businessTypes.length).toBeGreaterThan(0);
    for (const tag of business.businessTypes) expect(tag.categorizedBy.name).toBe('Business Type');
    expect(typeof business.sales_tax_rate).toBe('number');
    expect(typeof business.fulfillment_allow_pickup_retail).toBe('boolean');
  });

  it('BusinessBySlug returns a one-element list, and an empty list for an unknown slug', async () => {
    const slug = await firstBusinessSlug();
    const found = await run('BusinessBySlug', { slug });
    expect(found.body.data.businesses.map((b: { slug: string }) => b.slug)).toEqual([slug]);
    const missing = await run('BusinessBySlug', { slug: 'no-such-business' });
    expect(missing.status).toBe(200);
    expect(missing.body).toEqual({ data: { businesses: [] } });
  });

  it('a business gives its phone number as buyers read it, beside the stored form', async () => {
    const slug = await firstBusinessSlug();
    await t.database.db
      .update(businesses)
      .set({ international_phone_number: '+15035550142' })
      .where(eq(businesses.slug, slug));
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {
        query: `query { businesses(where: { slug: { equals: "${slug}" } }) {
          international_phone_number phoneNumberDisplay } }`,
      },
    });
    expect(response.json().data.businesses).toEqual([
      { international_phone_number: '+15035550142', phoneNumberDisplay: '+1 503 555 0142' },
    ]);
  });

  it('GetBusinessFromSlug returns null for an unknown slug, not an error', async () => {
    const { status, body } = await run('GetBusinessFromSlug', { slug: DEMO_SLUG + '-nope' });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { business: null } });
  });

  it('GetTagsForCategoryByCategoryName lists the business types', async () => {
    const { body } = await run('GetTagsForCategoryByCategoryName', {
      tagCategoryName: 'Business Type',
    });
    const names = body.data.tagsForCategory.map((tag: { name: string }) => tag.name);
    expect(names).toEqual(expect.arrayContaining(['Brewery', 'Cidery', 'Distillery', 'Winery']));
    expect(
      new Set(
        body.data.tagsForCategory.map((t: { categorizedBy: { id: number } }) => t.categorizedBy.id),
      ).size,
    ).toBe(1);
    const unknown = await run('GetTagsForCategoryByCategoryName', { tagCategoryName: 'Nope' });
    expect(unknown.body).toEqual({ data: { tagsForCategory: [] } });
  });

  it.each([
    ['GetMyStripeInfo', { slug: DEMO_SLUG }],
    ['UpdateBusiness', { slug: DEMO_SLUG, update: { name: { set: 'Hijacked' } } }],
    ['TagBusinessWithTags', { businessId: 1, tags: [{ id: 1 }] }],
    ['UpdateAddress', { addressId: 'x', data: { route: { set: 'Main St' } } }],
    ['UpsertWorkplace', { works_at: { name: 'New Place' } }],
  ])('%s refuses an anonymous caller with UNAUTHENTICATED', async (operationName, variables) => {
    const { body } = await run(operationName, variables);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('the refused UpdateBusiness changed nothing', async () => {
    const slug = await firstBusinessSlug();
    await run('UpdateBusiness', { slug, update: { name: { set: 'Hijacked' } } });
    const { body } = await run('GetBusinessFromSlug', { slug });
    expect(body.data.business.name).not.toBe('Hijacked');
  });
});

describe('bad GraphQL requests', () => {
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': contentType },
      payload,
    });

  it('a syntax error is a 400 with a GraphQL error body', async () => {
    const response = await post(JSON.stringify({ query: '{ me { name ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/Syntax Error/);
  });

  it('an unknown field is a 400 with a GraphQL error body', async () => {
    const response = await post(JSON.stringify({ query: '{ nope }' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/Cannot query field "nope"/);
  });

  it('several validation errors are still a 400', async () => {
    const response = await post(JSON.stringify({ query: '{ nope also_nope }' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(2);
  });

  it('a body that is not JSON is a 400, never a 500', async () => {
    const response = await post('{"query": ');
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it.each([
    ['a number', { query: 5 }],
    ['a string that is not a document', { query: '5' }],
    ['an empty string', { query: '  ' }],
  ])('a query that is %s is a 400 with a GraphQL error body', async (_what, payload) => {
    const response = await post(JSON.stringify(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).not.toMatch(/went wrong/);
  });

  it('a missing variable or an unknown operation name is a 400', async () => {
    const missing = await post(
      JSON.stringify({ query: 'query Q($s: String!) { business(slug: $s) { name } }' }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].message).toMatch(/\$s/);
    const unknown = await post(JSON.stringify({ query: '{ me { name } }', operationName: 'Nope' }));
    expect(unknown.statusCode).toBe(400);
  });

  it('a missing query is a 400', async () => {
    const response = await post(JSON.stringify({ variables: {} }));
    expect(response.statusCode).toBe(400);
  });

  it('a cross-site "simple" request (text/plain) is refused', async () => {
    const response = await post(JSON.stringify({ query: '{ me { name } }' }), 'text/plain');
    expect(response.statusCode).toBe(415);
  });

  it('too many aliases are refused', async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `a${i}: me { name }`).join(' ');
    const response = await post(JSON.stringify({ query: `{ ${fields} }` }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(/at most 30 aliases/);
  });

  it('too deep a query is refused', async () => {
    const deep = 'categorizes { '.repeat(12) + 'id' + ' }'.repeat(12);
    const response = await post(
      JSON.stringify({
        query: `{ tagsForCategory(tagCategoryName: "Business Type") { ${deep} } }`,
      }),
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('unexpected failures', () => {
  it('are answered with a generic message that reveals nothing inside', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: { query: '{ business(slug: "x") { name } }' },
    });
    await broken.close();
    const body = response.json();
    expect(body.errors[0].message).toBe('Something went wrong on our side. Please try again.');
    expect(body.errors[0].extensions.code).toBe('INTERNAL');
    expect(response.body).not.toMatch(/pglite|postgres|select|\.ts:/i);
  });
});
