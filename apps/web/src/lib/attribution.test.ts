import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATTRIBUTION_KEY,
  ATTRIBUTION_TTL_MS,
  captureAttribution,
  currentAttribution,
  sendsGlobalPrivacyControl,
} from './attribution';

/** A browser's storage and address bar, as the lib uses them. */
function fakeWindow(href: string) {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage;
  const history = { state: { idx: 0 }, replaceState: vi.fn() } as unknown as History;
  const win = { location: { href } as Location, history, localStorage };
  const land = (to: string, referrer = '', at = now) => {
    win.location = { href: to } as Location;
    captureAttribution(win, referrer, at);
  };
  return {
    win,
    items,
    land,
    localStorage,
    replaceState: history.replaceState as ReturnType<typeof vi.fn>,
  };
}

const now = Date.parse('2026-05-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
let browser: ReturnType<typeof fakeWindow>;

beforeEach(() => {
  browser = fakeWindow('https://bevy.example/');
});

describe('captureAttribution', () => {
  it('records utm tags, normalized, and takes them out of the address bar', () => {
    browser.land(
      'https://bevy.example/business/cascadia?utm_source=Facebook&utm_medium=social&utm_campaign=share&add=4#top',
    );
    expect(currentAttribution(browser.localStorage, now)).toEqual({
      source: 'facebook',
      medium: 'social',
      campaign: 'share',
    });
    expect(JSON.parse(browser.items.get(ATTRIBUTION_KEY)!).at).toBe(now);
    // Other parameters (the embed's ?add=) and the router's state stay.
    expect(browser.replaceState).toHaveBeenCalledWith(
      { idx: 0 },
      '',
      '/business/cascadia?add=4#top',
    );
  });

  it('forgets the source 30 days after it was recorded', () => {
    browser.land('https://bevy.example/?utm_source=x&utm_medium=social');
    expect(currentAttribution(browser.localStorage, now + ATTRIBUTION_TTL_MS)).toEqual({
      source: 'x',
      medium: 'social',
      campaign: null,
    });
    expect(currentAttribution(browser.localStorage, now + ATTRIBUTION_TTL_MS + 1)).toBeNull();
    expect(browser.items.has(ATTRIBUTION_KEY)).toBe(false);
  });

  it('falls back to the referring site when there are no utm tags', () => {
    browser.land('https://bevy.example/events/harvest', 'https://www.Example-Blog.com/posts/7?q=1');
    expect(currentAttribution(browser.localStorage, now)).toEqual({
      source: 'example-blog.com',
      medium: 'referral',
      campaign: null,
    });
    expect(browser.replaceState).not.toHaveBeenCalled();
  });

  it('ignores our own pages as referrer and keeps the last outside touch', () => {
    browser.land('https://bevy.example/?utm_source=pinterest&utm_medium=social', '', now);
    browser.land('https://bevy.example/cart', 'https://bevy.example/shop', now + DAY);
    browser.land('https://bevy.example/cart', '', now + 2 * DAY);
    expect(currentAttribution(browser.localStorage, now + 2 * DAY)?.source).toBe('pinterest');
    // A later outside touch wins.
    browser.land('https://bevy.example/', 'https://news.example.org/', now + 3 * DAY);
    expect(currentAttribution(browser.localStorage, now + 3 * DAY)?.source).toBe(
      'news.example.org',
    );
  });

  it('drops a utm_source that is not a plain label, and anything tampered with in storage', () => {
    browser.land('https://bevy.example/?utm_source=%3Cscript%3E');
    expect(currentAttribution(browser.localStorage, now)).toBeNull();
    browser.items.set(ATTRIBUTION_KEY, '{not json');
    expect(currentAttribution(browser.localStorage, now)).toBeNull();
    browser.items.set(ATTRIBUTION_KEY, JSON.stringify({ source: 'a b/c', at: now }));
    expect(currentAttribution(browser.localStorage, now)).toBeNull();
  });

  it('does not fail when storage refuses', () => {
    const refusing = {
      ...browser.win,
      localStorage: {
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      } as unknown as Storage,
    };
    refusing.location = { href: 'https://bevy.example/?utm_source=email' } as Location;
    expect(() => captureAttribution(refusing, '', now)).not.toThrow();
  });
});

describe('with Global Privacy Control', () => {
  it('records nothing, forgets an earlier touch, and sends none', () => {
    browser.land('https://bevy.example/?utm_source=newsletter');
    expect(currentAttribution(browser.localStorage, now)).not.toBeNull();
    browser.win.location = { href: 'https://bevy.example/?utm_source=facebook' } as Location;
    captureAttribution(browser.win, '', now, true);
    expect(browser.items.has(ATTRIBUTION_KEY)).toBe(false);
    // The tags still leave the address bar, so a copied link credits nobody.
    expect(browser.replaceState).toHaveBeenLastCalledWith({ idx: 0 }, '', '/');
    browser.land('https://bevy.example/?utm_source=newsletter');
    expect(currentAttribution(browser.localStorage, now, true)).toBeNull();
  });

  it('is read from navigator.globalPrivacyControl', () => {
    expect(sendsGlobalPrivacyControl({ globalPrivacyControl: true })).toBe(true);
    expect(sendsGlobalPrivacyControl({ globalPrivacyControl: false })).toBe(false);
    expect(sendsGlobalPrivacyControl({})).toBe(false);
    expect(sendsGlobalPrivacyControl(undefined)).toBe(false);
  });
});
