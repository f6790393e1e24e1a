import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, wholesaleApplications } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { searchKeyFor } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A signed-up user with a wholesale application still waiting for review. */
async function pendingApplicant(): Promise<string> {
  const email = `pending-${Date.now()}@example.com`;
  const signUp = await gql(
    t.app,
    'mutation($input: SignUpInput!) { signUp(input: $input) { id } }',
    {
      input: {
        name: 'Pat Pending',
        email,
        password: 'amber-fermenter-7734',
        dateOfBirth: '1985-02-02',
      },
    },
  );
  const id = (signUp.body.data!.signUp as { id: number }).id;
  await t.database.db.insert(wholesaleApplications).values({
    user_id: id,
    business_name: 'Pending Bottle Shop',
    license_type: 'Retailer (off-premises)',
    license_number: 'P-1',
    issuing_state: 'OR',
    license_expires_on: '2031-01-01',
    document_path: 'none',
    document_name: 'license.pdf',
    document_type: 'application/pdf',
  });
  return signUp.cookie!;
}

/** The requests a shop page sends: browsing, text, every facet, highlights, facet-value search. */
const REQUESTS = [
  { indexName: 'products', params: { hitsPerPage: 100, facets: ['*'] } },
  { indexName: 'products', params: { query: 'pinot', hitsPerPage: 100, facets: ['*'] } },
  {
    indexName: 'products',
    params: {
      query: 'ipa',
      hitsPerPage: 50,
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
      attributesToHighlight: ['*'],
    },
  },
  { indexName: 'products', type: 'facet', facet: 'Produced By', params: { facetQuery: '' } },
  { indexName: 'products', params: { hitsPerPage: 100, page: 3 } },
];

async function searchAs(key: string | null) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/search',
    headers: { 'content-type': 'application/json', ...(key ? { 'x-search-key': key } : {}) },
    payload: { requests: REQUESTS },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** Whether any wholesale tier appears anywhere in a response body. */
function containsWholesaleTier(body: string): boolean {
  return /"wholesalePricing":\[\{/.test(body) || /wholesalePricing"?:\s*\{/.test(body);
}

describe('wholesale prices stay private', () => {
  it('an approved wholesale buyer does receive wholesale tiers (so the check below can fail)', async () => {
    const cookie = await logInAsActor(t.app, 'wholesale');
    expect(containsWholesaleTier(await searchAs(await searchKeyFor(t.app, cookie)))).toBe(true);
  });

  it('anonymous, retail and not-yet-approved users never receive one, in any response', async () => {
    const retail = await logInAsActor(t.app, 'buyer');
    const pending = await pendingApplicant();
    const callers: [string, string | null][] = [
      ['no key at all', null],
      ['anonymous key', await searchKeyFor(t.app)],
      ['retail buyer', await searchKeyFor(t.app, retail)],
      ['pending applicant', await searchKeyFor(t.app, pending)],
    ];
    for (const [who, key] of callers) {
      const body = await searchAs(key);
      expect(containsWholesaleTier(body), who).toBe(false);
      // Hits exist and carry retail prices, so the absence above is not an empty answer.
      expect(body, who).toMatch(/"retailPricing":\[\{/);
    }
  });

  it('an expired approval is retail again', async () => {
    const cookie = await logInAsActor(t.app, 'wholesale');
    await t.database.db
      .update(users)
      .set({ wholesale_access_expires_on: '2020-01-01' })
      .where(eq(users.email, 'wholesale@bevy.example'));
    expect(containsWholesaleTier(await searchAs(await searchKeyFor(t.app, cookie)))).toBe(false);
  });
});
