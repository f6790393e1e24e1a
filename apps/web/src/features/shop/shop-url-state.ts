import { FULFILLMENT_MODES, PICKUP_RADIUS_MILES, type FulfillmentMode } from '@bevy/core';
import type { UiState } from 'instantsearch.js';

type IndexUiState = UiState[string];

/** The refiners' attributes and their short names in the address, e.g. ?type=Wine. */
export const REFINER_PARAMS = [
  ['Beverage Type', 'type'],
  ['Closure Style', 'closure'],
  ['Format', 'format'],
  ['Produced By', 'producer'],
  ['Varietal', 'varietal'],
  ['Vintage', 'vintage'],
  ['Volume', 'volume'],
] as const;

/** The shop's sorts: the product index for relevance, else its replica `products_<sort>`. */
export const SHOP_SORTS = ['price_asc', 'price_desc', 'distance', 'newest'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** How the buyer wants their order, which is not InstantSearch state but belongs in the address. */
export interface FulfillmentChoice {
  mode: FulfillmentMode;
  zip: string;
  radiusMiles: number;
}

export const DEFAULT_FULFILLMENT: FulfillmentChoice = {
  mode: 'pickup',
  zip: '',
  radiusMiles: PICKUP_RADIUS_MILES.default,
};

/** Everything a shop address holds, e.g. ?q=pinot&type=Wine&page=2&sort=price_asc&mode=delivery&zip=97214&miles=25. */
export interface ShopRoute extends FulfillmentChoice {
  query: string;
  /** Refined values per attribute ('Beverage Type': ['Wine']). */
  refinements: Record<string, string[]>;
  /** 1 for the first page. */
  page: number;
  sort: ShopSort | null;
}

const sortIndex = (productIndex: string, sort: ShopSort | null) =>
  sort ? `${productIndex}_${sort}` : productIndex;

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** A whole number within [min, max] from the address, else the fallback. */
function wholeNumber(raw: string | null, min: number, max: number, fallback: number): number {
  const value = raw === null ? NaN : Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/** Reads a shop address; anything unreadable falls back to the default, never an error. */
export function parseShopRoute(search: string): ShopRoute {
  const params = new URLSearchParams(search);
  const refinements: Record<string, string[]> = {};
  for (const [attribute, name] of REFINER_PARAMS) {
    const values = params.getAll(name).filter((value) => value !== '');
    if (values.length > 0) refinements[attribute] = [...new Set(values)];
  }
  const mode = params.get('mode');
  const sort = params.get('sort');
  return {
    query: params.get('q') ?? '',
    refinements,
    page: wholeNumber(params.get('page'), 1, 10_000, 1),
    sort: isOneOf(SHOP_SORTS, sort) ? sort : null,
    mode: isOneOf(FULFILLMENT_MODES, mode) ? mode : DEFAULT_FULFILLMENT.mode,
    zip: (params.get('zip') ?? '').slice(0, 10),
    radiusMiles: wholeNumber(
      params.get('miles'),
      PICKUP_RADIUS_MILES.min,
      PICKUP_RADIUS_MILES.max,
      DEFAULT_FULFILLMENT.radiusMiles,
    ),
  };
}

/** The address's query string for a route (defaults left out), with a leading "?" or empty. */
export function formatShopRoute(route: ShopRoute): string {
  const params = new URLSearchParams();
  if (route.query) params.set('q', route.query);
  for (const [attribute, name] of REFINER_PARAMS) {
    for (const value of route.refinements[attribute] ?? []) params.append(name, value);
  }
  if (route.page > 1) params.set('page', String(route.page));
  if (route.sort) params.set('sort', route.sort);
  if (route.mode !== DEFAULT_FULFILLMENT.mode) params.set('mode', route.mode);
  if (route.zip) params.set('zip', route.zip);
  if (route.radiusMiles !== DEFAULT_FULFILLMENT.radiusMiles && route.mode === 'pickup') {
    params.set('miles', String(route.radiusMiles));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** InstantSearch's state for the product index from a route. */
export function routeToIndexUiState(route: ShopRoute, productIndex: string): IndexUiState {
  return {
    ...(route.query ? { query: route.query } : {}),
    ...(Object.keys(route.refinements).length > 0 ? { refinementList: route.refinements } : {}),
    ...(route.page > 1 ? { page: route.page } : {}),
    ...(route.sort ? { sortBy: sortIndex(productIndex, route.sort) } : {}),
  };
}

/** The route for InstantSearch's state of the product index and the fulfillment choice. */
export function indexUiStateToRoute(
  state: IndexUiState | undefined,
  fulfillment: FulfillmentChoice,
  productIndex: string,
): ShopRoute {
  const sortName = state?.sortBy?.startsWith(`${productIndex}_`)
    ? state.sortBy.slice(productIndex.length + 1)
    : null;
  const refinements: Record<string, string[]> = {};
  for (const [attribute] of REFINER_PARAMS) {
    const values = state?.refinementList?.[attribute];
    if (values && values.length > 0) refinements[attribute] = values;
  }
  return {
    query: state?.query ?? '',
    refinements,
    page: state?.page ?? 1,
    sort: isOneOf(SHOP_SORTS, sortName) ? sortName : null,
    ...fulfillment,
  };
}

/** Whether two fulfillment choices put the same thing in the address. */
export function sameFulfillmentInAddress(a: FulfillmentChoice, b: FulfillmentChoice): boolean {
  const only = (choice: FulfillmentChoice) =>
    formatShopRoute({ query: '', refinements: {}, page: 1, sort: null, ...choice });
  return only(a) === only(b);
}

/**
 * Whether going from one address to the next is typing: words (or a ZIP code) already there were
 * edited and nothing else changed, so the entry is replaced and Back does not step through
 * keystrokes. Starting or clearing them is a step of its own.
 */
export function isTypingChange(before: string, after: string): boolean {
  const was = new URLSearchParams(before);
  const now = new URLSearchParams(after);
  for (const typed of ['q', 'zip']) {
    if (was.get(typed) !== now.get(typed) && (!was.get(typed) || !now.get(typed))) return false;
  }
  // New words go back to the first page, so a page number may only disappear.
  if (now.has('page') && now.get('page') !== was.get('page')) return false;
  const rest = (params: URLSearchParams) => {
    const copy = new URLSearchParams(params);
    for (const key of ['q', 'zip', 'page']) copy.delete(key);
    return copy.toString();
  };
  return rest(was) === rest(now);
}
