import { BEVERAGE_TYPES } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import type { ConsentEvidence } from './api/customers';
import {
  BEVERAGE_LABELS,
  clubStatusLabel,
  consentLabel,
  customerCount,
  customersCsvHref,
  describeFilter,
  dollarsToCents,
  EMPTY_FILTER,
  filterInput,
  filterOfFormValues,
  filterOfSegment,
  formatDollars,
  formValuesOf,
  hasFilter,
  pageRange,
  readCustomerFilter,
  sameSegmentFilter,
  segmentInput,
  SUGGESTED_SEGMENTS,
  validateFilterForm,
  writeCustomerFilter,
  type CustomerFilter,
} from './customer-filter';

const read = (query: string) => readCustomerFilter(new URLSearchParams(query));

const FULL: CustomerFilter = {
  relationship: 'customer',
  boughtWithinDays: 90,
  beverageType: 'HARD_KOMBUCHA',
  minSpentCents: 20_050,
  states: ['CA', 'OR'],
  subscribedOnly: true,
  search: 'ann lee',
};

describe('the customer filter in the query string', () => {
  it('reads every field and the page', () => {
    expect(
      read(
        'relationship=customer&boughtWithinDays=90&beverageType=HARD_KOMBUCHA&minSpentCents=20050' +
          '&states=CA,OR&subscribedOnly=true&search=%20ann%20lee%20&page=3',
      ),
    ).toEqual({ filter: FULL, page: 3 });
  });

  it('reads nothing malformed as a filter', () => {
    for (const query of [
      '',
      'relationship=toString&beverageType=Wine&page=0',
      'boughtWithinDays=0&minSpentCents=-5&subscribedOnly=yes',
      'boughtWithinDays=3651&minSpentCents=1.5&states=XX,,&page=abc',
    ]) {
      expect(read(query)).toEqual({ filter: EMPTY_FILTER, page: 1 });
    }
  });

  it('keeps known states once each, upper-cased', () => {
    expect(read('states=ca,OR,ca,ZZ').filter.states).toEqual(['CA', 'OR']);
  });

  it('writes only what is set, and round-trips', () => {
    expect(writeCustomerFilter(EMPTY_FILTER).toString()).toBe('');
    expect(writeCustomerFilter({ ...EMPTY_FILTER, relationship: 'follower' }, 2).toString()).toBe(
      'relationship=follower&page=2',
    );
    expect(readCustomerFilter(writeCustomerFilter(FULL, 4))).toEqual({ filter: FULL, page: 4 });
  });
});

describe('the filter as the API and the CSV link take it', () => {
  it('sends only the fields set', () => {
    expect(filterInput(EMPTY_FILTER)).toEqual({});
    expect(filterInput(FULL)).toEqual({
      relationship: 'customer',
      boughtWithinDays: 90,
      beverageType: 'HARD_KOMBUCHA',
      minSpentCents: 20_050,
      states: ['CA', 'OR'],
      subscribedOnly: true,
      search: 'ann lee',
    });
    expect(hasFilter(EMPTY_FILTER)).toBe(false);
    expect(hasFilter({ ...EMPTY_FILTER, subscribedOnly: true })).toBe(true);
  });

  it('saves a segment without its search', () => {
    expect(segmentInput(FULL)).not.toHaveProperty('search');
    expect(segmentInput({ ...EMPTY_FILTER, search: 'ann' })).toEqual({});
  });

  it('links the CSV with the plain beverage type and readable states', () => {
    expect(customersCsvHref('hill winery', EMPTY_FILTER)).toBe(
      '/business/hill%20winery/customers.csv',
    );
    expect(customersCsvHref('hill-winery', FULL)).toBe(
      '/business/hill-winery/customers.csv?relationship=customer&boughtWithinDays=90' +
        '&beverageType=Hard%20Kombucha&minSpentCents=20050&states=CA,OR&subscribedOnly=true' +
        '&search=ann%20lee',
    );
    const url = new URL(customersCsvHref('x', { ...EMPTY_FILTER, search: 'a&b=c' }), 'http://h');
    expect(url.searchParams.get('search')).toBe('a&b=c');
  });

  it('names every beverage type of the marketplace', () => {
    expect(Object.values(BEVERAGE_LABELS).sort()).toEqual([...BEVERAGE_TYPES].sort());
  });

  it('applies a saved segment, and knows it when it is applied', () => {
    const filter = filterOfSegment({
      relationship: 'club_member',
      boughtWithinDays: null,
      beverageType: null,
      minSpentCents: null,
      states: ['OR', 'CA'],
      subscribedOnly: null,
    });
    expect(filter).toEqual({
      ...EMPTY_FILTER,
      relationship: 'club_member',
      states: ['OR', 'CA'],
    });
    expect(
      sameSegmentFilter(filter, {
        ...EMPTY_FILTER,
        relationship: 'club_member',
        states: ['CA', 'OR'],
        search: 'ann',
      }),
    ).toBe(true);
    expect(sameSegmentFilter(filter, { ...filter, subscribedOnly: true })).toBe(false);
  });
});

describe('dollars and cents', () => {
  it('turns dollars into whole cents', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(200)).toBe(20_000);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });

  it('shows whole dollars without cents', () => {
    expect(formatDollars(20_000)).toBe('$200');
    expect(formatDollars(123_456_700)).toBe('$1,234,567');
    expect(formatDollars(1999)).toBe('$19.99');
  });
});

describe('the filter form', () => {
  it('holds dollars and "any", and gives back the same filter', () => {
    const values = formValuesOf(FULL);
    expect(values.minSpent).toBe(200.5);
    expect(formValuesOf(EMPTY_FILTER)).toMatchObject({
      relationship: 'any',
      beverageType: 'any',
      boughtWithinDays: '',
      minSpent: '',
    });
    expect(filterOfFormValues(values)).toEqual(FULL);
    expect(filterOfFormValues(formValuesOf(EMPTY_FILTER))).toEqual(EMPTY_FILTER);
  });

  it('trims the search and takes dollars typed as text', () => {
    const values = { ...formValuesOf(EMPTY_FILTER), minSpent: '25.5', search: '  ann ' };
    expect(filterOfFormValues(values)).toMatchObject({ minSpentCents: 2550, search: 'ann' });
  });

  it('says what is wrong beside each field', () => {
    const base = formValuesOf(EMPTY_FILTER);
    expect(validateFilterForm(base)).toEqual({});
    expect(validateFilterForm({ ...base, boughtWithinDays: 0, minSpent: 0 })).toEqual({
      boughtWithinDays: 'Enter a whole number of days from 1 to 3,650, or leave it empty.',
      minSpent: 'Enter an amount from $0.01 to $1,000,000, or leave it empty.',
    });
    expect(validateFilterForm({ ...base, boughtWithinDays: 1.5 })).toHaveProperty(
      'boughtWithinDays',
    );
    expect(validateFilterForm({ ...base, minSpent: '-' })).toHaveProperty('minSpent');
    expect(validateFilterForm({ ...base, minSpent: 1_000_000.01 })).toHaveProperty('minSpent');
    expect(validateFilterForm({ ...base, search: 'x'.repeat(101) })).toEqual({
      search: 'Search for at most 100 characters.',
    });
  });
});

describe('labels', () => {
  const consent = (overrides: Partial<ConsentEvidence>): ConsentEvidence => ({
    status: 'subscribed',
    source: 'follow',
    requestedAt: '2026-05-01T12:00:00.000Z',
    confirmedAt: '2026-05-03T12:00:00.000Z',
    withdrawnAt: null,
    withdrawnVia: null,
    ...overrides,
  });

  it('says when and how a person consented or withdrew', () => {
    expect(consentLabel(null)).toBe('—');
    expect(consentLabel(consent({}))).toBe('Subscribed May 3, 2026 (follow)');
    expect(consentLabel(consent({ confirmedAt: null, source: 'invitation' }))).toBe(
      'Subscribed May 1, 2026 (invitation)',
    );
    expect(consentLabel(consent({ status: 'pending', confirmedAt: null }))).toBe(
      'Awaiting confirmation',
    );
    expect(
      consentLabel(
        consent({
          status: 'unsubscribed',
          withdrawnAt: '2026-06-10T12:00:00.000Z',
          withdrawnVia: 'one-click',
        }),
      ),
    ).toBe('Unsubscribed June 10, 2026 (one-click)');
    expect(consentLabel(consent({ status: 'unsubscribed' }))).toBe('Unsubscribed');
  });

  it('names club standing', () => {
    expect(clubStatusLabel(null)).toBe('—');
    expect(clubStatusLabel('active')).toBe('Member');
    expect(clubStatusLabel('cancelled')).toBe('Former member');
    expect(clubStatusLabel('something new')).toBe('something new');
  });

  it('counts and pages', () => {
    expect(customerCount(1)).toBe('1 customer');
    expect(customerCount(1234)).toBe('1,234 customers');
    expect(pageRange(2, 13, 38)).toBe('Showing 26–38 of 38');
  });

  it('describes a filter in a few words', () => {
    expect(describeFilter(EMPTY_FILTER)).toBe('Everyone');
    expect(describeFilter(FULL)).toBe(
      'Customers who bought · Bought hard kombucha in the last 90 days · Spent at least $200.50 · ' +
        'In CA, OR · Agreed to email · Matching “ann lee”',
    );
    expect(describeFilter({ ...EMPTY_FILTER, boughtWithinDays: 1 })).toBe('Bought in the last day');
  });

  it('suggests the segments producers ask for', () => {
    expect(SUGGESTED_SEGMENTS.map((s) => s.name)).toEqual([
      'Bought wine in the last 90 days',
      'Club members',
      'Former club members',
      'In California',
      'Spent over $200',
      'Came to an event',
    ]);
    expect(filterInput(SUGGESTED_SEGMENTS[0]!.filter)).toEqual({
      relationship: 'customer',
      boughtWithinDays: 90,
      beverageType: 'WINE',
    });
    expect(filterInput(SUGGESTED_SEGMENTS[4]!.filter)).toEqual({ minSpentCents: 20_000 });
  });
});
