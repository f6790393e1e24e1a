import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedAddresses } from '../../db/tables';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAX_SAVED_ADDRESSES } from './addresses.service';
import { newPerson, type Person } from './testing/people';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIELDS = 'id label isDefault address { name line1 line2 city state zip }';
const LIST = `{ savedAddresses { ${FIELDS} } }`;
const ADD = `mutation($input: SavedAddressInput!) { addSavedAddress(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: SavedAddressInput!) { updateSavedAddress(id: $id, input: $input) { ${FIELDS} } }`;
const SET_DEFAULT = `mutation($id: Int!) { setDefaultSavedAddress(id: $id) { id isDefault } }`;
const DELETE = `mutation($id: Int!) { deleteSavedAddress(id: $id) }`;

const HOME = { name: 'Ada Lee', line1: '1 Main St', city: 'Portland', state: 'or', zip: '97214' };

interface Saved {
  id: number;
  label: string;
  isDefault: boolean;
  address: Record<string, string | null>;
}

async function add(person: Person, label: string, extra: Record<string, unknown> = {}) {
  const result = await gql(t.app, ADD, { input: { label, address: HOME, ...extra } }, person);
  return result.body.data?.addSavedAddress as Saved;
}
const list = async (person: Person) =>
  (await gql(t.app, LIST, {}, person)).body.data?.savedAddresses as Saved[];

describe('saved addresses', () => {
  it('adds, lists, edits and deletes, the first being the default', async () => {
    const person = await newPerson(t.app);
    expect(await list(person)).toEqual([]);
    const home = await add(person, ' Home ');
    expect(home).toMatchObject({
      label: 'Home',
      isDefault: true,
      address: { ...HOME, state: 'OR', line2: null },
    });
    const office = await add(person, 'Office');
    expect(office.isDefault).toBe(false);
    const edited = await gql(
      t.app,
      UPDATE,
      { id: office.id, input: { label: 'Work', address: { ...HOME, line2: 'Suite 4' } } },
      person,
    );
    expect(edited.body.data?.updateSavedAddress).toMatchObject({
      label: 'Work',
      address: { line2: 'Suite 4' },
    });
    expect((await list(person)).map((row) => row.label)).toEqual(['Home', 'Work']);
    expect((await gql(t.app, DELETE, { id: office.id }, person)).body).toEqual({
      data: { deleteSavedAddress: true },
    });
    expect((await list(person)).map((row) => row.id)).toEqual([home.id]);
  });

  it('keeps one default: setting or adding another moves it, deleting it passes it on', async () => {
    const person = await newPerson(t.app);
    const first = await add(person, 'First');
    const second = await add(person, 'Second', { isDefault: true });
    expect(second.isDefault).toBe(true);
    const third = await add(person, 'Third');
    await gql(t.app, SET_DEFAULT, { id: third.id }, person);
    const defaults = async () =>
      (await list(person)).filter((row) => row.isDefault).map((row) => row.id);
    expect(await defaults()).toEqual([third.id]);
    await gql(t.app, DELETE, { id: third.id }, person);
    expect(await defaults()).toEqual([first.id]);
    // The database holds the rule too: a second default cannot be written.
    await expect(
      t.database.db
        .update(savedAddresses)
        .set({ is_default: true })
        .where(eq(savedAddresses.id, second.id)),
    ).rejects.toThrow();
  });

  it('refuses an invalid ZIP with the schema’s message, and a missing label', async () => {
    const person = await newPerson(t.app);
    const badZip = await gql(
      t.app,
      ADD,
      { input: { label: 'Home', address: { ...HOME, zip: '9721' } } },
      person,
    );
    expect(badZip.body.errors?.[0]).toMatchObject({
      message: 'A ZIP code has five digits, like 97214.',
      extensions: { code: 'BAD_USER_INPUT', field: 'address.zip' },
    });
    const noLabel = await gql(t.app, ADD, { input: { label: ' ', address: HOME } }, person);
    expect(noLabel.body.errors?.[0]?.extensions?.field).toBe('label');
    expect(await list(person)).toEqual([]);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES}`, async () => {
    const person = await newPerson(t.app);
    await t.database.db.insert(savedAddresses).values(
      Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
        user_id: person.id,
        label: `Place ${i}`,
        address: { ...HOME, state: 'OR', line2: null },
        is_default: i === 0,
      })),
    );
    const over = await gql(t.app, ADD, { input: { label: 'One more', address: HOME } }, person);
    expect(over.body.errors?.[0]?.message).toMatch(/at most 20 addresses/);
  });

  it('shows and changes only the owner’s addresses', async () => {
    const owner = await newPerson(t.app);
    const other = await newPerson(t.app);
    const home = await add(owner, 'Home');
    expect(await list(other)).toEqual([]);
    for (const [query, variables] of [
      [UPDATE, { id: home.id, input: { label: 'Mine now', address: HOME } }],
      [SET_DEFAULT, { id: home.id }],
      [DELETE, { id: home.id }],
    ] as const) {
      const attempt = await gql(t.app, query, variables, other);
      expect(attempt.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect(await list(owner)).toEqual([home]);
    const anonymous = await gql(t.app, LIST);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
