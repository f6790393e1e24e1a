import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCERS_WITH_LOGOS } from '../seed/catalog/logos';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { sellerBusinessSlugs } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

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

const UPDATE = `mutation($slug: String!, $update: BusinessUpdateInput!) {
  updateBusiness(slug: $slug, update: $update) { logoImgUrl license_info }
}`;
const PUBLIC = `query($slug: String!) {
  businesses(where: { slug: { equals: $slug } }) { logoImgUrl license_info }
}`;

const publicProfile = async (slug: string) =>
  ((await gql(t.app, PUBLIC, { slug })).body.data!.businesses as Record<string, unknown>[])[0];

/** Uploads a small PNG for the business at `slug` and returns its stored URL. */
async function uploadLogo(slug: string, cookie: string) {
  const image = await sharp({
    create: { width: 48, height: 48, channels: 3, background: '#2c5f7b' },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('slug', slug);
  form.append('file', new Blob([image], { type: 'image/png' }), 'logo.png');
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': request.headers.get('content-type')!, cookie },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

describe('the producer logo and license information', () => {
  it('a member sets an uploaded logo and trimmed license text, which the public page reads', async () => {
    const uploaded = await uploadLogo(ownSlug, seller);
    expect(uploaded.statusCode).toBe(200);
    const { fileUrl } = uploaded.json() as { fileUrl: string };
    const result = await gql(
      t.app,
      UPDATE,
      {
        slug: ownSlug,
        update: {
          logoImgUrl: { set: fileUrl },
          license_info: { set: '  TTB BW-OR-99999; OLCC Winery License 4242 \n' },
        },
      },
      { cookie: seller },
    );
    expect(result.body.errors).toBeUndefined();
    const expected = {
      logoImgUrl: fileUrl,
      license_info: 'TTB BW-OR-99999; OLCC Winery License 4242',
    };
    expect(result.body.data?.updateBusiness).toEqual(expected);
    expect(await publicProfile(ownSlug)).toEqual(expected);
    const image = await t.app.inject({ method: 'GET', url: fileUrl });
    expect(image.statusCode).toBe(200);
  });

  it('clears both when emptied', async () => {
    const result = await gql(
      t.app,
      UPDATE,
      { slug: ownSlug, update: { logoImgUrl: { set: null }, license_info: { set: '   ' } } },
      { cookie: seller },
    );
    expect(result.body.data?.updateBusiness).toEqual({ logoImgUrl: null, license_info: null });
  });

  it('refuses a logo from elsewhere and overlong license text beside their fields', async () => {
    const before = await publicProfile(ownSlug);
    const cases: [Record<string, unknown>, string][] = [
      [{ logoImgUrl: { set: 'https://evil.example/logo.png' } }, 'logoImgUrl'],
      [{ logoImgUrl: { set: '/uploads/../../etc/passwd' } }, 'logoImgUrl'],
      [{ license_info: { set: 'L'.repeat(301) } }, 'license_info'],
    ];
    for (const [update, field] of cases) {
      const result = await gql(t.app, UPDATE, { slug: ownSlug, update }, { cookie: seller });
      expect(result.status, field).toBe(200);
      expect(result.body.errors?.[0]?.extensions, field).toMatchObject({
        code: 'BAD_USER_INPUT',
        field,
      });
    }
    expect(await publicProfile(ownSlug)).toEqual(before);
  });

  it('refuses a seller of another business, changing nothing and uploading nothing for it', async () => {
    const before = await publicProfile(otherSlug);
    const result = await gql(
      t.app,
      UPDATE,
      {
        slug: otherSlug,
        update: { logoImgUrl: { set: null }, license_info: { set: 'Not my license' } },
      },
      { cookie: seller },
    );
    expect(result.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await publicProfile(otherSlug)).toEqual(before);
    expect((await uploadLogo(otherSlug, seller)).statusCode).toBe(403);
  });

  it('several demo producers come with a logo of the site and license information', async () => {
    const slugs = [...PRODUCERS_WITH_LOGOS].filter((slug) => slug !== ownSlug);
    for (const slug of slugs) {
      expect(await publicProfile(slug), slug).toEqual({
        logoImgUrl: `/art/logos/${slug}.svg`,
        license_info: expect.stringMatching(/^TTB /),
      });
    }
  });
});
