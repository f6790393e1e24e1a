import { type BeverageType, formatCents, US_STATE_CODES } from '@bevy/core';
import { formatTimestampDate } from '../../lib/dates';
import type { ConsentEvidence, SavedSegmentFilter, SegmentFilterInput } from './api/customers';

/**
 * The customer list's filter: what the page keeps in its query string, what the filter form
 * holds, and how both become the API's SegmentFilterInput and the CSV link.
 */

export type Relationship = NonNullable<SegmentFilterInput['relationship']>;
export type BeverageEnum = NonNullable<SegmentFilterInput['beverageType']>;

export const CUSTOMERS_PAGE_SIZE = 25;
/** The server's limits (packages/core segmentFilterSchema), checked here first. */
export const MAX_DAYS = 3650;
export const MAX_SPENT_CENTS = 100_000_000;
export const MAX_SEARCH_LENGTH = 100;
export const MAX_SEGMENT_NAME_LENGTH = 80;

export const RELATIONSHIP_LABELS: Record<Relationship, string> = {
  customer: 'Customers who bought',
  club_member: 'Club members',
  former_club_member: 'Former club members',
  event_attendee: 'Came to an event',
  follower: 'Followers',
};
export const RELATIONSHIPS = Object.keys(RELATIONSHIP_LABELS) as Relationship[];

/** The API's enum names and the beverage types they stand for (the CSV link takes the latter). */
export const BEVERAGE_LABELS: Record<BeverageEnum, BeverageType> = {
  WINE: 'Wine',
  CIDER: 'Cider',
  BEER: 'Beer',
  SPIRIT: 'Spirit',
  COCKTAIL: 'Cocktail',
  HARD_KOMBUCHA: 'Hard Kombucha',
  HARD_SELTZER: 'Hard Seltzer',
};
export const BEVERAGES = Object.keys(BEVERAGE_LABELS) as BeverageEnum[];

export interface CustomerFilter {
  relationship: Relationship | null;
  boughtWithinDays: number | null;
  beverageType: BeverageEnum | null;
  minSpentCents: number | null;
  /** US state codes, in the order chosen. */
  states: string[];
  subscribedOnly: boolean;
  search: string;
}

export const EMPTY_FILTER: CustomerFilter = {
  relationship: null,
  boughtWithinDays: null,
  beverageType: null,
  minSpentCents: null,
  states: [],
  subscribedOnly: false,
  search: '',
};

const isRelationship = (value: string | null): value is Relationship =>
  value !== null && Object.hasOwn(RELATIONSHIP_LABELS, value);
const isBeverage = (value: string | null): value is BeverageEnum =>
  value !== null && Object.hasOwn(BEVERAGE_LABELS, value);
const STATE_CODES: ReadonlySet<string> = new Set(US_STATE_CODES);

function wholeNumberIn(text: string | null, max: number): number | null {
  if (text === null || !/^[1-9]\d{0,8}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** The filter and page a query string asks for; whatever is malformed reads as "no filter". */
export function readCustomerFilter(params: URLSearchParams): {
  filter: CustomerFilter;
  page: number;
} {
  const relationship = params.get('relationship');
  const beverage = params.get('beverageType');
  const states = (params.get('states') ?? '')
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code, index, all) => STATE_CODES.has(code) && all.indexOf(code) === index);
  return {
    filter: {
      relationship: isRelationship(relationship) ? relationship : null,
      boughtWithinDays: wholeNumberIn(params.get('boughtWithinDays'), MAX_DAYS),
      beverageType: isBeverage(beverage) ? beverage : null,
      minSpentCents: wholeNumberIn(params.get('minSpentCents'), MAX_SPENT_CENTS),
      states,
      subscribedOnly: params.get('subscribedOnly') === 'true',
      search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    },
    page: wholeNumberIn(params.get('page'), Number.MAX_SAFE_INTEGER) ?? 1,
  };
}

/** The filter's fields that are set, as query-string pairs (shared by the page URL and the CSV). */
function filterPairs(filter: CustomerFilter, beverage: (value: BeverageEnum) => string) {
  const pairs: [string, string][] = [];
  if (filter.relationship) pairs.push(['relationship', filter.relationship]);
  if (filter.boughtWithinDays !== null) {
    pairs.push(['boughtWithinDays', String(filter.boughtWithinDays)]);
  }
  if (filter.beverageType) pairs.push(['beverageType', beverage(filter.beverageType)]);
  if (filter.minSpentCents !== null) pairs.push(['minSpentCents', String(filter.minSpentCents)]);
  if (filter.states.length > 0) pairs.push(['states', filter.states.join(',')]);
  if (filter.subscribedOnly) pairs.push(['subscribedOnly', 'true']);
  if (filter.search) pairs.push(['search', filter.search]);
  return pairs;
}

/** The query string of a filter and page, leaving out what is not set (page 1 included). */
export function writeCustomerFilter(filter: CustomerFilter, page = 1): URLSearchParams {
  const params = new URLSearchParams(filterPairs(filter, (value) => value));
  if (page > 1) params.set('page', String(page));
  return params;
}

/** "%20" for spaces and plain commas, which every query-string parser reads the same way. */
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%2C/g, ',');

/** The CSV export of everyone the filter matches; its beverage type is "Wine", not "WINE". */
export function customersCsvHref(slug: string, filter: CustomerFilter): string {
  const query = filterPairs(filter, (value) => BEVERAGE_LABELS[value])
    .map(([key, value]) => `${key}=${encodeValue(value)}`)
    .join('&');
  const path = `/business/${encodeURIComponent(slug)}/customers.csv`;
  return query ? `${path}?${query}` : path;
}

/** The filter as the API takes it: only the fields set (the server reads absent as "any"). */
export function filterInput(filter: CustomerFilter): SegmentFilterInput {
  const input: SegmentFilterInput = {};
  if (filter.relationship) input.relationship = filter.relationship;
  if (filter.boughtWithinDays !== null) input.boughtWithinDays = filter.boughtWithinDays;
  if (filter.beverageType) input.beverageType = filter.beverageType;
  if (filter.minSpentCents !== null) input.minSpentCents = filter.minSpentCents;
  if (filter.states.length > 0) input.states = [...filter.states];
  if (filter.subscribedOnly) input.subscribedOnly = true;
  if (filter.search) input.search = filter.search;
  return input;
}

/** What a segment saves: the filter without its search, a one-off look-up rather than a group. */
export function segmentInput(filter: CustomerFilter): SegmentFilterInput {
  return filterInput({ ...filter, search: '' });
}

/** A saved segment's filter, to apply to the list. */
export function filterOfSegment(saved: SavedSegmentFilter): CustomerFilter {
  return {
    relationship: saved.relationship ?? null,
    boughtWithinDays: saved.boughtWithinDays ?? null,
    beverageType: saved.beverageType ?? null,
    minSpentCents: saved.minSpentCents ?? null,
    states: saved.states ? [...saved.states] : [],
    subscribedOnly: saved.subscribedOnly ?? false,
    search: '',
  };
}

/** Whether two filters pick the same people as a segment would (search and state order aside). */
export function sameSegmentFilter(a: CustomerFilter, b: CustomerFilter): boolean {
  const key = (filter: CustomerFilter) =>
    JSON.stringify(segmentInput({ ...filter, states: [...filter.states].sort() }));
  return key(a) === key(b);
}

export function hasFilter(filter: CustomerFilter): boolean {
  return Object.keys(filterInput(filter)).length > 0;
}

/** Whole cents of a dollar amount: 19.99 is 1999 (not 1998.9999…). */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** "$200" for whole dollars, "$19.99" otherwise: how amounts read in labels. */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-US')}` : formatCents(cents);
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "38 customers", "1 customer". */
export const customerCount = (count: number) => plural(count, 'customer', 'customers');
/** "12 people", "1 person". */
export const peopleCount = (count: number) => plural(count, 'person', 'people');

/** "Showing 26–38 of 38" for a page of the list. */
export function pageRange(page: number, shown: number, total: number): string {
  const first = (page - 1) * CUSTOMERS_PAGE_SIZE + 1;
  return `Showing ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

/** The filter in a few words: "Club members · In CA, OR · Agreed to email", or "Everyone". */
export function describeFilter(filter: CustomerFilter): string {
  const parts: string[] = [];
  if (filter.relationship) parts.push(RELATIONSHIP_LABELS[filter.relationship]);
  const days = filter.boughtWithinDays;
  const within = days === null ? '' : days === 1 ? ' in the last day' : ` in the last ${days} days`;
  if (filter.beverageType) {
    parts.push(`Bought ${BEVERAGE_LABELS[filter.beverageType].toLowerCase()}${within}`);
  } else if (within) {
    parts.push(`Bought${within}`);
  }
  if (filter.minSpentCents !== null) {
    parts.push(`Spent at least ${formatDollars(filter.minSpentCents)}`);
  }
  if (filter.states.length > 0) parts.push(`In ${filter.states.join(', ')}`);
  if (filter.subscribedOnly) parts.push('Agreed to email');
  if (filter.search) parts.push(`Matching “${filter.search}”`);
  return parts.length > 0 ? parts.join(' · ') : 'Everyone';
}

/** A person's email consent, when and how: "Subscribed May 3, 2026 (follow)", or "—". */
export function consentLabel(consent: ConsentEvidence | null): string {
  if (!consent) return '—';
  switch (consent.status) {
    case 'subscribed':
      return `Subscribed ${formatTimestampDate(consent.confirmedAt ?? consent.requestedAt)} (${consent.source})`;
    case 'pending':
      return 'Awaiting confirmation';
    case 'unsubscribed': {
      const when = consent.withdrawnAt ? ` ${formatTimestampDate(consent.withdrawnAt)}` : '';
      const via = consent.withdrawnVia ? ` (${consent.withdrawnVia})` : '';
      return `Unsubscribed${when}${via}`;
    }
  }
}

const CLUB_STATUS_LABELS: Record<string, string> = {
  active: 'Member',
  paused: 'Paused member',
  cancelled: 'Former member',
};

export function clubStatusLabel(status: string | null): string {
  return status === null ? '—' : (CLUB_STATUS_LABELS[status] ?? status);
}

/** One-click starting points offered while the business has no segments; nothing is saved. */
export const SUGGESTED_SEGMENTS: { name: string; filter: CustomerFilter }[] = [
  {
    name: 'Bought wine in the last 90 days',
    filter: {
      ...EMPTY_FILTER,
      relationship: 'customer',
      boughtWithinDays: 90,
      beverageType: 'WINE',
    },
  },
  { name: 'Club members', filter: { ...EMPTY_FILTER, relationship: 'club_member' } },
  { name: 'Former club members', filter: { ...EMPTY_FILTER, relationship: 'former_club_member' } },
  { name: 'In California', filter: { ...EMPTY_FILTER, states: ['CA'] } },
  { name: 'Spent over $200', filter: { ...EMPTY_FILTER, minSpentCents: 20_000 } },
  { name: 'Came to an event', filter: { ...EMPTY_FILTER, relationship: 'event_attendee' } },
];

/** The filter form's fields: "any" choices, and numbers as typed ('' when empty). */
export interface FilterFormValues {
  relationship: string;
  boughtWithinDays: number | string;
  beverageType: string;
  /** In dollars. */
  minSpent: number | string;
  states: string[];
  subscribedOnly: boolean;
  search: string;
}

/** The value of "any" in the relationship and beverage selects. */
export const ANY = 'any';

export function formValuesOf(filter: CustomerFilter): FilterFormValues {
  return {
    relationship: filter.relationship ?? ANY,
    boughtWithinDays: filter.boughtWithinDays ?? '',
    beverageType: filter.beverageType ?? ANY,
    minSpent: filter.minSpentCents === null ? '' : centsToDollars(filter.minSpentCents),
    states: [...filter.states],
    subscribedOnly: filter.subscribedOnly,
    search: filter.search,
  };
}

/** A number field's value, null when empty and NaN when it is not a number. */
function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? null : Number(value);
}

type FilterFormErrors = Partial<Record<keyof FilterFormValues, string>>;

/** What is wrong with the form, in words about what the producer typed. */
export function validateFilterForm(values: FilterFormValues): FilterFormErrors {
  const errors: FilterFormErrors = {};
  const days = numberOf(values.boughtWithinDays);
  if (days !== null && !(Number.isInteger(days) && days >= 1 && days <= MAX_DAYS)) {
    errors.boughtWithinDays = 'Enter a whole number of days from 1 to 3,650, or leave it empty.';
  }
  const dollars = numberOf(values.minSpent);
  if (dollars !== null) {
    const cents = dollarsToCents(dollars);
    if (!(Number.isFinite(cents) && cents >= 1 && cents <= MAX_SPENT_CENTS)) {
      errors.minSpent = 'Enter an amount from $0.01 to $1,000,000, or leave it empty.';
    }
  }
  if (values.search.trim().length > MAX_SEARCH_LENGTH) {
    errors.search = 'Search for at most 100 characters.';
  }
  return errors;
}

/** The filter a valid form asks for. */
export function filterOfFormValues(values: FilterFormValues): CustomerFilter {
  const dollars = numberOf(values.minSpent);
  return {
    relationship: isRelationship(values.relationship) ? values.relationship : null,
    boughtWithinDays: numberOf(values.boughtWithinDays),
    beverageType: isBeverage(values.beverageType) ? values.beverageType : null,
    minSpentCents: dollars === null ? null : dollarsToCents(dollars),
    states: values.states.filter((code) => STATE_CODES.has(code)),
    subscribedOnly: values.subscribedOnly,
    search: values.search.trim(),
  };
}
