import { describe, expect, it } from 'vitest';
import { placeOfTypedZip, stateFromZip, zipStateMismatch } from './checkout-zip';

const portland = { zip: '97214', state: 'OR' };

describe('the checkout address’s ZIP code and state', () => {
  it('uses the lookup only for the ZIP code now typed (ZIP+4 included)', () => {
    expect(placeOfTypedZip('97214', portland)).toBe(portland);
    expect(placeOfTypedZip(' 97214-1234 ', portland)).toBe(portland);
    expect(placeOfTypedZip('98101', portland)).toBeNull();
    expect(placeOfTypedZip('9721', portland)).toBeNull();
    expect(placeOfTypedZip('97214', null)).toBeNull();
  });

  it('fills an empty state from the ZIP code, never over a chosen one or outside the offered states', () => {
    expect(stateFromZip('', portland)).toBe('OR');
    expect(stateFromZip('', portland, ['OR', 'WA'])).toBe('OR');
    expect(stateFromZip('', portland, ['WA'])).toBeNull();
    expect(stateFromZip('WA', portland)).toBeNull();
    expect(stateFromZip('', null)).toBeNull();
  });

  it('says, in the server’s words, when the ZIP code is in another state', () => {
    expect(zipStateMismatch('97214', 'WA', portland)).toBe(
      'The ZIP code 97214 is in Oregon, not Washington.',
    );
    expect(zipStateMismatch('97214', 'OR', portland)).toBeNull();
    expect(zipStateMismatch('97214', '', portland)).toBeNull();
    expect(zipStateMismatch('97214', 'WA', null)).toBeNull();
  });
});
