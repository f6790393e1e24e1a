import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInAsActor } from '../../test/actors';
import { gql } from '../../test/graphql-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ME = 'query { me { id } }';
const logIn = () => logInAsActor(t.app, 'buyer');

async function isSignedIn(cookie: string): Promise<boolean> {
  const me = await gql(t.app, ME, {}, { cookie });
  return Boolean(me.body.data?.me);
}

describe('GET /logout', () => {
  it('from another site: a page that asks, and the session lives on', async () => {
    const cookie = await logIn();
    const response = await t.app.inject({
      method: 'GET',
      url: '/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
    const page = response.body;
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<title>Log out of Bevy\?<\/title>/);
    expect(page).toMatch(/<h1>Log out of Bevy\?<\/h1>/);
    expect(page).toMatch(
      /<form method="post" action="\/logout"[^>]*>\s*<button type="submit">Log out<\/button>/,
    );
    expect(page).toContain('<a href="/">');
    // The Content-Security-Policy forbids inline script; the page needs none.
    expect(page).not.toMatch(/<script|\son\w+=/i);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('from another site without a session: nothing to ask about, it goes home', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/logout',
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });

  it('from an image or prefetch on another site: nothing ends either', async () => {
    const cookie = await logIn();
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/logout',
        headers: { cookie, ...headers },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it.each(['same-origin', 'same-site', 'none'])(
    'with Sec-Fetch-Site %s: ends the session and goes home',
    async (site) => {
      const cookie = await logIn();
      const response = await t.app.inject({
        method: 'GET',
        url: '/logout',
        headers: { cookie, 'sec-fetch-site': site },
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      expect(String(response.headers['set-cookie'])).toMatch(/bevy_session=;/);
      expect(await isSignedIn(cookie)).toBe(false);
    },
  );
});

describe('POST /logout', () => {
  it('the confirmation form (same origin, urlencoded) ends the session', async () => {
    const cookie = await logIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(String(response.headers['set-cookie'])).toMatch(/bevy_session=;/);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('our own form with Origin "null" (sent under our no-referrer policy) ends the session', async () => {
    const cookie = await logIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
        origin: 'null',
      },
      payload: '',
    });
    expect(response.statusCode).toBe(303);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('a JSON request from our own page ends the session', async () => {
    const cookie = await logIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(response.statusCode).toBe(303);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['an Origin of another site', { origin: 'https://evil.example', host: 'localhost:80' }],
    ['an Origin that is not a URL', { origin: 'not a url' }],
  ])('with %s: 403, and the session lives on', async (_case, headers) => {
    const cookie = await logIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: '',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Another site cannot log you out. Use the Log out button on this site.',
      },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await isSignedIn(cookie)).toBe(true);
  });
});
