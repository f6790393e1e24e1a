import { describe, expect, it } from 'vitest';
import {
  formatPhoneNumber,
  normalizePhoneNumber,
  normalizeSocialLink,
  normalizeWebAddress,
} from './contact';

describe('phone numbers', () => {
  it('stores US numbers typed any way in international form', () => {
    for (const typed of ['(503) 555-0142', '503.555.0142', '+1 503 555 0142', ' 5035550142 ']) {
      expect(normalizePhoneNumber(typed)).toEqual({ ok: true, value: '+15035550142' });
    }
  });

  it('keeps other countries when the number says so', () => {
    expect(normalizePhoneNumber('+44 20 7946 0958')).toEqual({ ok: true, value: '+442079460958' });
  });

  it('refuses what is not a phone number', () => {
    for (const typed of ['12', 'call us', '555-0142', '+1 000 000 0000']) {
      expect(normalizePhoneNumber(typed).ok).toBe(false);
    }
  });

  it('formats a stored number for people', () => {
    expect(formatPhoneNumber('+15035550142')).toBe('+1 503 555 0142');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });
});

describe('web addresses', () => {
  it('adds https to a bare domain and keeps paths', () => {
    expect(normalizeWebAddress('chalkknoll.com')).toEqual({
      ok: true,
      value: 'https://chalkknoll.com',
    });
    expect(normalizeWebAddress(' http://Chalkknoll.com/shop ')).toEqual({
      ok: true,
      value: 'http://chalkknoll.com/shop',
    });
  });

  it('refuses other schemes, credentials and hosts without a domain', () => {
    for (const typed of [
      'javascript:alert(1)',
      'ftp://chalkknoll.com',
      'https://user:pw@chalkknoll.com',
      'localhost',
      'not a site',
      'data:text/html,hi',
    ]) {
      expect(normalizeWebAddress(typed).ok).toBe(false);
    }
  });
});

describe('social links', () => {
  it('turns a handle into the profile address', () => {
    expect(normalizeSocialLink('instagram', '@chalk.knoll')).toEqual({
      ok: true,
      value: 'https://www.instagram.com/chalk.knoll',
    });
    expect(normalizeSocialLink('twitter', 'chalkknoll')).toEqual({
      ok: true,
      value: 'https://x.com/chalkknoll',
    });
    expect(normalizeSocialLink('linkedin', 'chalk-knoll')).toEqual({
      ok: true,
      value: 'https://www.linkedin.com/company/chalk-knoll',
    });
  });

  it('keeps a full profile address on that network, with or without https', () => {
    expect(normalizeSocialLink('instagram', 'instagram.com/chalkknoll/')).toEqual({
      ok: true,
      value: 'https://instagram.com/chalkknoll',
    });
    expect(normalizeSocialLink('twitter', 'https://twitter.com/chalkknoll')).toEqual({
      ok: true,
      value: 'https://twitter.com/chalkknoll',
    });
    expect(normalizeSocialLink('linkedin', 'https://www.linkedin.com/in/jane-doe')).toEqual({
      ok: true,
      value: 'https://www.linkedin.com/in/jane-doe',
    });
  });

  it('refuses another network, a bare network address, and script', () => {
    expect(normalizeSocialLink('instagram', 'https://facebook.com/chalkknoll').ok).toBe(false);
    expect(normalizeSocialLink('facebook', 'https://facebook.com/').ok).toBe(false);
    expect(normalizeSocialLink('twitter', 'javascript:alert(1)').ok).toBe(false);
    expect(normalizeSocialLink('twitter', 'a b').ok).toBe(false);
  });
});
