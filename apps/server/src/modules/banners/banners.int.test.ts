import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const FIELDS = 'id type lines link { url title } dismissible active position';
const CREATE = `mutation($input: BannerInput!) { createBanner(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation($id: Int!, $input: BannerInput!) { updateBanner(id: $id, input: $input) { ${FIELDS} } }`;
const REORDER = `mutation($ids: [Int!]!) { reorderBanners(ids: $ids) { ${FIELDS} } }`;
const DELETE = 'mutation($id: Int!) { deleteBanner(id: $id) }';

interface AdminBanner {
  id: number;
  type: string;
  lines: string[];
  link: { url: string; title: string } | null;
  dismissible: boolean;
  active: boolean;
  position: number;
}

const admin = (query: string, variables: Record<string, unknown> = {}) =>
  gql(t.app, query, variables, { cookie: adminCookie });

async function adminBanners(): Promise<AdminBanner[]> {
  const result = await admin(`{ adminBanners { ${FIELDS} } }`);
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.adminBanners as AdminBanner[];
}

async function publicBanners(): Promise<{ lines: string[] }[]> {
  const response = await t.app.inject({ method: 'GET', url: '/banners' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const input = (overrides: Partial<Omit<AdminBanner, 'id' | 'position'>> = {}) => ({
  type: 'success',
  lines: ['Free shipping this weekend'],
  link: { url: '/shop', title: 'Shop now' },
  dismissible: true,
  active: true,
  ...overrides,
});

describe('banner administration', () => {
  it('lists every banner by position', async () => {
    const banners = await adminBanners();
    expect(banners.length).toBeGreaterThanOrEqual(2);
    const positions = banners.map((banner) => banner.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('creates a banner after the others, shown by GET /banners', async () => {
    const before = await adminBanners();
    const result = await admin(CREATE, { input: input({ lines: ['  Spring sale  '] }) });
    expect(result.body.errors).toBeUndefined();
    const created = result.body.data?.createBanner as AdminBanner;
    expect(created).toMatchObject({
      type: 'success',
      lines: ['Spring sale'],
      link: { url: '/shop', title: 'Shop now' },
      position: Math.max(...before.map((banner) => banner.position)) + 1,
    });
    const shown = await publicBanners();
    expect(shown.at(-1)).toEqual({
      type: 'success',
      lines: ['Spring sale'],
      link: { url: '/shop', title: 'Shop now' },
      dismissible: true,
    });
  });

  it('an inactive banner is not shown publicly', async () => {
    const result = await admin(CREATE, { input: input({ lines: ['Hidden'], active: false }) });
    expect(result.body.errors).toBeUndefined();
    expect((await publicBanners()).some((banner) => banner.lines[0] === 'Hidden')).toBe(false);
    expect((await adminBanners()).some((banner) => banner.lines[0] === 'Hidden')).toBe(true);
  });

  it('refuses invalid input with the field it belongs to', async () => {
    for (const [bad, field] of [
      [input({ lines: [] }), 'lines'],
      [input({ lines: [' '] }), 'lines.0'],
      [input({ type: 'shouting' }), 'type'],
      [input({ link: { url: 'javascript:alert(1)', title: 'x' } }), 'link.url'],
      [input({ link: { url: '//evil.example', title: 'x' } }), 'link.url'],
    ] as const) {
      const result = await admin(CREATE, { input: bad });
      expect(result.body.errors?.[0]?.extensions, JSON.stringify(bad)).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
  });

  it('updates a banner, reflected in GET /banners', async () => {
    const [first] = await adminBanners();
    const result = await admin(UPDATE, {
      id: first!.id,
      input: input({ type: 'warning', lines: ['Updated line', 'Second line'], link: null }),
    });
    expect(result.body.errors).toBeUndefined();
    expect(result.body.data?.updateBanner).toMatchObject({
      id: first!.id,
      type: 'warning',
      lines: ['Updated line', 'Second line'],
      link: null,
      position: first!.position,
    });
    expect((await publicBanners())[0]).toEqual({
      type: 'warning',
      lines: ['Updated line', 'Second line'],
      link: null,
      dismissible: true,
    });
    const missing = await admin(UPDATE, { id: 999999, input: input() });
    expect(missing.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('reorders the banners, reflected in GET /banners', async () => {
    const banners = await adminBanners();
    const reversed = banners.map((banner) => banner.id).reverse();
    const result = await admin(REORDER, { ids: reversed });
    expect(result.body.errors).toBeUndefined();
    const reordered = result.body.data?.reorderBanners as AdminBanner[];
    expect(reordered.map((banner) => banner.id)).toEqual(reversed);
    expect(reordered.map((banner) => banner.position)).toEqual(reversed.map((_, index) => index));
    const expectedPublic = reordered
      .filter((banner) => banner.active)
      .map((banner) => banner.lines);
    expect((await publicBanners()).map((banner) => banner.lines)).toEqual(expectedPublic);
  });

  it('refuses an order that does not name every banner exactly once', async () => {
    const ids = (await adminBanners()).map((banner) => banner.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 999999], []]) {
      const result = await admin(REORDER, { ids: bad });
      expect(result.body.errors?.[0]?.extensions?.code, JSON.stringify(bad)).toBe('BAD_USER_INPUT');
    }
    expect((await adminBanners()).map((banner) => banner.id)).toEqual(ids);
  });

  it('deletes a banner, no longer shown', async () => {
    const banners = await adminBanners();
    const target = banners.find((banner) => banner.active)!;
    const result = await admin(DELETE, { id: target.id });
    expect(result.body).toEqual({ data: { deleteBanner: true } });
    expect((await adminBanners()).map((banner) => banner.id)).not.toContain(target.id);
    expect(await publicBanners()).toHaveLength(banners.filter((b) => b.active).length - 1);
    const again = await admin(DELETE, { id: target.id });
    expect(again.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
