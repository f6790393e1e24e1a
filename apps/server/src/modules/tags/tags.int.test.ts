import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags } from '../../db/tables';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await logInAsActor(t.app, 'admin');
});
afterAll(() => t.close());

interface Tag {
  id: number;
  name: string;
  categorizedBy: { id: number } | null;
  categorizes: { id: number; name: string }[];
}

const TAG = 'id name categorizedBy { id } categorizes { id name }';
const CREATE = `mutation($name: String!, $categoryId: Int) { createTag(name: $name, categoryId: $categoryId) { ${TAG} } }`;
const RENAME = `mutation($id: Int!, $name: String!) { renameTag(id: $id, name: $name) { ${TAG} } }`;
const DELETE = 'mutation($id: Int!) { deleteTag(id: $id) }';

const admin = (query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, { cookie: adminCookie });

async function categories(): Promise<Tag[]> {
  const result = await admin(`{ tagCategories { ${TAG} } }`);
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.tagCategories as Tag[];
}

async function businessType(): Promise<Tag> {
  return (await categories()).find((category) => category.name === 'Business Type')!;
}

async function create(name: string, categoryId?: number) {
  return admin(CREATE, { name, categoryId });
}

describe('tag administration', () => {
  it('lists the categories by name, each with its tags', async () => {
    const list = await categories();
    const names = list.map((category) => category.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const category of list) expect(category.categorizedBy).toBeNull();
    const types = await businessType();
    expect(types.categorizes.map((tag) => tag.name)).toEqual(
      expect.arrayContaining(['Brewery', 'Cidery', 'Distillery', 'Winery']),
    );
  });

  it('creates a tag in a category, trimmed, seen by the public tag lists', async () => {
    const types = await businessType();
    const result = await create('  Sake House ', types.id);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.createTag).toMatchObject({
      name: 'Sake House',
      categorizedBy: { id: types.id },
    });
    const listed = await gql(
      t.app,
      '{ tagsForCategory(tagCategoryName: "Business Type") { name } }',
    );
    expect(listed.body.data?.tagsForCategory).toContainEqual({ name: 'Sake House' });
  });

  it('refuses a duplicate in the same category, in any case', async () => {
    const types = await businessType();
    for (const name of ['Sake House', 'sake house', ' WINERY ']) {
      const result = await create(name, types.id);
      expect(result.body.errors?.[0]).toMatchObject({
        message: 'That tag already exists.',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });

  it('refuses an empty or long name and a category that is not one', async () => {
    const types = await businessType();
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const result = await create(name, types.id);
      expect(result.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'name',
      });
    }
    expect((await create('x'.repeat(60), types.id)).body.errors).toBeUndefined();
    const winery = types.categorizes.find((tag) => tag.name === 'Winery')!;
    for (const categoryId of [winery.id, 999999]) {
      const result = await create('Nested', categoryId);
      expect(result.body.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        field: 'categoryId',
      });
    }
  });

  it('creates a new category without a categoryId', async () => {
    const result = await create('Occasion');
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.createTag).toMatchObject({ name: 'Occasion', categorizedBy: null });
    expect((await categories()).map((category) => category.name)).toContain('Occasion');
    expect((await create('occasion')).body.errors?.[0]?.message).toBe('That tag already exists.');
  });

  it('renames a tag, refusing a name its category already has', async () => {
    const types = await businessType();
    const sake = types.categorizes.find((tag) => tag.name === 'Sake House')!;
    const renamed = await admin(RENAME, { id: sake.id, name: 'Mead House' });
    expect(renamed.body.data?.renameTag).toMatchObject({ id: sake.id, name: 'Mead House' });
    const sameNameOtherCase = await admin(RENAME, { id: sake.id, name: 'mead house' });
    expect(sameNameOtherCase.body.data?.renameTag).toMatchObject({ name: 'mead house' });
    const taken = await admin(RENAME, { id: sake.id, name: 'Winery' });
    expect(taken.body.errors?.[0]).toMatchObject({
      message: 'That tag already exists.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const missing = await admin(RENAME, { id: 999999, name: 'Anything' });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('keeps the categories that forms find by name: no rename, no delete', async () => {
    for (const name of ['Business Type', 'Closure Style', 'Format']) {
      const category = (await categories()).find((candidate) => candidate.name === name)!;
      const renamed = await admin(RENAME, { id: category.id, name: `${name}s` });
      expect(renamed.body.errors?.[0]).toMatchObject({
        message: `The ${name} category is used by sellers' forms and cannot be renamed; change its tags instead.`,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const deleted = await admin(DELETE, { id: category.id });
      expect(deleted.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect((await categories()).map((candidate) => candidate.name)).toContain(name);
    }
  });

  it('deletes a tag, and a category with its tags', async () => {
    const occasion = (await categories()).find((category) => category.name === 'Occasion')!;
    const child = await create('Wedding', occasion.id);
    const childId = (child.body.data?.createTag as Tag).id;

    const deleted = await admin(DELETE, { id: childId });
    expect(deleted.body).toEqual({ data: { deleteTag: true } });
    const second = await create('Birthday', occasion.id);
    const secondId = (second.body.data?.createTag as Tag).id;

    expect((await admin(DELETE, { id: occasion.id })).body).toEqual({ data: { deleteTag: true } });
    const left = await t.database.db.select().from(tags).where(eq(tags.id, secondId));
    expect(left).toEqual([]);
    expect((await categories()).map((category) => category.name)).not.toContain('Occasion');
    const again = await admin(DELETE, { id: occasion.id });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
