import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  // A stand-in build of the web app, so the SPA fallback and config injection can be checked.
  webDir = await mkdtemp(path.join(tmpdir(), 'bevy-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><!--public-config--></head><body><div id="root"></div></body></html>',
  );
  const script = 'console.log("app");\n'.repeat(100);
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(webDir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({
    WEB_DIST_DIR: webDir,
    CONTACT_EMAIL: 'team@shop.example',
    SITE_NAME: "Bob$'s $& Bevy",
  });
});

afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('GET /banners', () => {
  it('serves the active banners from the database in the contract shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/banners' });
    expect(response.statusCode).toBe(200);
    const banners = response.json();
    expect(banners.length).toBeGreaterThanOrEqual(2);
    for (const banner of banners) {
      expect(Object.keys(banner).sort()).toEqual(['dismissible', 'lines', 'link', 'type']);
      expect(banner.lines.length).toBeGreaterThan(0);
    }
    expect(banners[0]).toMatchObject({ type: 'info', dismissible: true, link: { url: '/sell' } });
  });
});

describe('the web app and unknown paths', () => {
  it('a browser gets index.html for a client route, with the public config injected', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/shop?q=1',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<script id="public-config" type="application/json">');
    expect(response.body).toContain('"contactEmail":"team@shop.example"');
    expect(response.body).not.toContain('<!--public-config-->');
    expect(response.body).toContain('"siteName":"Bob$\'s $& Bevy"');
  });

  it('a visitor without a session is told so in the page; one with a session cookie is not', async () => {
    const noSession = '<script id="initial-me" type="application/json">{"me":null}</script>';
    const page = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/shop', headers });
    const anonymous = await page({ accept: 'text/html' });
    expect(anonymous.body).toContain(noSession);
    expect(anonymous.headers.vary).toMatch(/cookie/i);
    // Whether the cookie's session is still good is for GetMe to say, not the page.
    const withCookie = await page({ accept: 'text/html', cookie: 'bevy_session=expired-or-not' });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.body).not.toContain('initial-me');
  });

  it('a browser asking for an unknown page also gets the app, which shows its not-found page', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('/ sends every client to /shop, keeping the query string', async () => {
    for (const accept of [undefined, '*/*', 'text/html', 'application/json']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: accept ? { accept } : {},
      });
      expect(response.statusCode, String(accept)).toBe(302);
      expect(response.headers.location).toBe('/shop');
    }
    const withQuery = await t.app.inject({ method: 'GET', url: '/?utm_source=mail' });
    expect(withQuery.headers.location).toBe('/shop?utm_source=mail');
  });

  it('the app routes serve the page to curl (*/*) and to clients that send no Accept', async () => {
    for (const url of ['/shop', '/login', '/business/cascadia-hollow-cellars']) {
      for (const headers of [{ accept: '*/*' }, {}, { accept: 'application/json, */*;q=0.1' }]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/html/);
      }
    }
  });

  it('an unknown path requested by a client that accepts only JSON gets a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/no/such/thing',
      headers: { accept: 'application/json' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is nothing at GET /no/such/thing.' },
    });
  });

  it('API paths never fall back to the app, even for a browser', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/geo/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('paths that only start like an API path still reach the app', async () => {
    for (const url of ['/searching-for-cider', '/healthy-drinks', '/bannersaurus']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('a missing file is a 404, not the app', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/art/bottles/missing.svg',
      headers: { accept: 'text/html,image/*' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('hashed assets are served with long-lived caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('assets go out precompressed to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toContain('console.log("app")');
  });

  it('a POST to an unknown path is a JSON 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/shop',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /geo/zip/:zip', () => {
  it('resolves a real ZIP code offline', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/geo/zip/97214' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ zip: '97214', city: 'Portland', state: 'OR' });
    expect(response.json().lat).toBeCloseTo(45.51, 1);
  });

  it('says clearly when a ZIP code is malformed or unknown', async () => {
    const malformed = await t.app.inject({ method: 'GET', url: '/geo/zip/12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('A ZIP code has five digits, like 97214.');
    const unknown = await t.app.inject({ method: 'GET', url: '/geo/zip/00000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ZIP_NOT_FOUND');
  });
});
