/** Limits and constants from the spec (section 9). */
export const SEARCH_QUERY_MAX_LENGTH = 512;
export const PICKUP_RADIUS_MILES = { min: 1, max: 100, default: 50 } as const;
export const DELIVERY_RADIUS_MILES = { min: 1, max: 100 } as const;
export const PAGINATION_PADDING = 3;
export const SHOP_HITS_PER_PAGE = 20;
export const BUSINESS_PAGE_HITS_PER_PAGE = 4;
export const FACET_LIMIT = 10;
export const FACET_SHOW_MORE_LIMIT = 20;
export const FACET_VALUE_SEARCH_MAX = 100;
export const SEARCH_TOKEN_TTL_MS = 86_400_000;
export const SEARCH_STALLED_DELAY_MS = 200;
