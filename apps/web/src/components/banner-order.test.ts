import { describe, expect, it } from 'vitest';
import {
  bannerKey,
  parseDismissedKeys,
  visibleBanners,
  withDismissal,
  type Banner,
} from './banner-order';

const welcome: Banner = { type: 'info', lines: ['Welcome'], link: null, dismissible: true };
const wholesale: Banner = { type: 'success', lines: ['Wholesale'], link: null, dismissible: true };
const legalAge: Banner = {
  type: 'warning',
  lines: ['You must be 21 or older'],
  link: { url: '/tos', title: 'Terms of Service' },
  dismissible: false,
};
const served = [welcome, wholesale, legalAge];

describe('which banners show', () => {
  it('shows the notice that cannot be dismissed first, then the first dismissible one', () => {
    expect(visibleBanners(served, [])).toEqual([legalAge, welcome]);
  });

  it('reveals the next banner once one is dismissed, and keeps the notice', () => {
    const dismissed = withDismissal([], welcome, served);
    expect(visibleBanners(served, dismissed)).toEqual([legalAge, wholesale]);
    expect(visibleBanners(served, withDismissal(dismissed, wholesale, served))).toEqual([legalAge]);
  });

  it('shows an edited banner again', () => {
    const dismissed = withDismissal([], welcome, served);
    const edited = { ...welcome, lines: ['Welcome, with news'] };
    expect(bannerKey(edited)).not.toBe(bannerKey(welcome));
    expect(visibleBanners([edited, wholesale, legalAge], dismissed)).toEqual([legalAge, edited]);
  });

  it('forgets dismissals of banners no longer served', () => {
    const stale = withDismissal([], welcome, served);
    expect(withDismissal(stale, wholesale, [wholesale, legalAge])).toEqual([bannerKey(wholesale)]);
  });

  it('reads only a list of keys from storage', () => {
    expect(parseDismissedKeys('["a",1,"b"]')).toEqual(['a', 'b']);
    expect(parseDismissedKeys('{"a":1}')).toEqual([]);
    expect(parseDismissedKeys('not json')).toEqual([]);
    expect(parseDismissedKeys(undefined)).toEqual([]);
  });
});
