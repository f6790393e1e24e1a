import { readdir, readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses, products } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { productCount } from '../../test/search';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let seller: string;
let ownSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await logInAsActor(t.app, 'seller');
  ({ ownSlug } = await sellerBusinessSlugs(t.database.db));
});
afterAll(() => t.close());

const CREATE = `mutation($slug: String!, $input: ProductInput!) {
  createProduct(slug: $slug, input: $input) { id closureStyle format }
}`;
const UPDATE = `mutation($id: Int!, $input: ProductInput!) {
  updateProduct(id: $id, input: $input) { id closureStyle format }
}`;

const input = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tagged Closure Riesling',
  beverageType: 'Wine',
  retailTiers: [{ minimum_unit_count_for_price: 1, price: 24 }],
  wholesaleTiers: [],
  status: 'published',
  ...overrides,
});

/**
 * The statements of the migration that respell typed values, found by what they do (so the test
 * still finds them once migrations are renamed or squashed).
 */
async function tagSpellingMigration(): Promise<string[]> {
  const folder = new URL('../../../drizzle/', import.meta.url);
  const files = (await readdir(folder)).filter((name) => name.endsWith('.sql'));
  const statements: string[] = [];
  for (const file of files) {
    const text = await readFile(new URL(file, folder), 'utf8');
    statements.push(
      ...text
        .split('--> statement-breakpoint')
        .filter((statement) => /UPDATE "products"[\s\S]*lower\(btrim\(/.test(statement)),
    );
  }
  expect(statements).toHaveLength(2);
  return statements;
}

const create = (overrides: Record<string, unknown>) =>
  gql(t.app, CREATE, { slug: ownSlug, input: input(overrides) }, { cookie: seller });

describe('closure style and format come from the tags of their categories', () => {
  it("stores a value typed in any case in the tag's spelling", async () => {
    const result = await create({ closureStyle: '  screw CAP ', format: 'half bottle' });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.createProduct).toMatchObject({
      closureStyle: 'Screw Cap',
      format: 'Half Bottle',
    });
  });

  it('refuses values that are no tag of the category, naming each field', async () => {
    const result = await create({ closureStyle: 'Twist-off thing', format: 'Jeroboam' });
    expect(result.status).toBe(200);
    expect(result.body.data?.createProduct ?? null).toBeNull();
    expect(result.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'closureStyle',
      fields: {
        closureStyle: 'Choose a closure style from the list.',
        format: 'Choose a format from the list.',
      },
    });
    // A tag of another category is not a closure style either.
    const wrongCategory = await create({ closureStyle: 'Magnum' });
    expect(wrongCategory.body.errors?.[0]?.extensions).toMatchObject({ field: 'closureStyle' });
    const saved = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.format, 'Jeroboam'));
    expect(saved).toEqual([]);
  });

  it('checks an update the same way, and empty values stay allowed', async () => {
    const created = await create({ name: 'Tagless Lager', beverageType: 'Beer' });
    expect(created.body.data?.createProduct).toMatchObject({ closureStyle: null, format: null });
    const id = (created.body.data!.createProduct as { id: number }).id;
    const refused = await gql(
      t.app,
      UPDATE,
      { id, input: input({ name: 'Tagless Lager', beverageType: 'Beer', format: 'tallboy' }) },
      { cookie: seller },
    );
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'format',
    });
    const updated = await gql(
      t.app,
      UPDATE,
      {
        id,
        input: input({
          name: 'Tagless Lager',
          beverageType: 'Beer',
          format: 'CAN',
          closureStyle: 'can end',
        }),
      },
      { cookie: seller },
    );
    expect(updated.body.data?.updateProduct).toMatchObject({
      closureStyle: 'Can End',
      format: 'Can',
    });
  });

  it("products follow the admin's rename of their tag, in the database and in search", async () => {
    const admin = await logInAsActor(t.app, 'admin');
    const created = await gql(
      t.app,
      CREATE,
      { slug: ownSlug, input: input({ format: 'Magnum' }) },
      {
        cookie: seller,
      },
    );
    const id = (created.body.data!.createProduct as { id: number }).id;
    const tagsOf = await gql(
      t.app,
      '{ tagsForCategory(tagCategoryName: "Format") { id name } }',
      {},
      { cookie: admin },
    );
    const magnum = (tagsOf.body.data!.tagsForCategory as { id: number; name: string }[]).find(
      (tag) => tag.name === 'Magnum',
    )!;
    const magnums = await productCount(t.app, { facetFilters: [['Format:Magnum']] });
    expect(magnums).toBeGreaterThan(0);

    const renamed = await gql(
      t.app,
      'mutation($id: Int!, $name: String!) { renameTag(id: $id, name: $name) { id name } }',
      { id: magnum.id, name: 'Magnum (1.5 L)' },
      { cookie: admin },
    );
    expect(renamed.body.errors).toBeUndefined();
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.format).toBe('Magnum (1.5 L)');
    expect(await productCount(t.app, { facetFilters: [['Format:Magnum']] })).toBe(0);
    expect(await productCount(t.app, { facetFilters: [['Format:Magnum (1.5 L)']] })).toBe(magnums);

    // And back, as the other tests here expect the seeded name.
    await gql(
      t.app,
      'mutation($id: Int!) { renameTag(id: $id, name: "Magnum") { id } }',
      {
        id: magnum.id,
      },
      { cookie: admin },
    );
    expect(await productCount(t.app, { facetFilters: [['Format:Magnum']] })).toBe(magnums);
  });

  it('the data migration gives earlier free-text values their tag spelling', async () => {
    const db = t.database.db;
    const [business] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.slug, ownSlug));
    const row = (handle: string, closure_style: string, format: string) => ({
      business_id: business!.id,
      handle,
      name: handle,
      beverage_type: 'Wine' as const,
      produced_by: 'Someone',
      closure_style,
      format,
    });
    const typedLongAgo = new Date('2024-01-01T00:00:00Z');
    await db
      .insert(products)
      .values(
        [
          row('typed-lower', 'screw cap', 'CAN'),
          row('typed-spaces', ' Natural cork ', 'magnum'),
          row('typed-unknown', 'wax seal', 'Jug'),
        ].map((values) => ({ ...values, updated_at: typedLongAgo })),
      );
    for (const statement of await tagSpellingMigration()) await db.execute(sql.raw(statement));
    const stored = await db
      .select({
        handle: products.handle,
        closure: products.closure_style,
        format: products.format,
        changed: sql<boolean>`${products.updated_at} > ${typedLongAgo.toISOString()}`,
      })
      .from(products)
      .where(sql`${products.handle} like 'typed-%'`)
      .orderBy(products.handle);
    expect(stored).toEqual([
      // Changed rows move updated_at, so a search snapshot of the old spellings is not served.
      { handle: 'typed-lower', closure: 'Screw Cap', format: 'Can', changed: true },
      { handle: 'typed-spaces', closure: 'Natural Cork', format: 'Magnum', changed: true },
      // No tag matches: left for the seller to choose again.
      { handle: 'typed-unknown', closure: 'wax seal', format: 'Jug', changed: false },
    ]);
  });
});
