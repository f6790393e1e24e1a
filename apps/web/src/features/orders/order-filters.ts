import { normalizeSourceLabel } from '@bevy/core';

/** The filters of /business/orders, kept in its query string so a reload keeps them. */
export interface OrderFilters {
  /** A status, or null for all of them. */
  status: string | null;
  businessId: number | null;
  search: string;
  /** Where the orders came from ("facebook"), "direct" for none, or null for all. */
  source: string | null;
  page: number;
}

export const ORDERS_PAGE_SIZE = 25;

const MAX_SEARCH_LENGTH = 100;

function positiveInteger(text: string | null): number | null {
  if (text === null || !/^[1-9]\d{0,8}$/.test(text)) return null;
  return Number(text);
}

/** The filters a query string asks for; whatever is malformed reads as "no filter". */
export function readOrderFilters(
  params: URLSearchParams,
  statuses: readonly string[],
): OrderFilters {
  const status = params.get('status');
  return {
    status: status !== null && statuses.includes(status) ? status : null,
    businessId: positiveInteger(params.get('business')),
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    source: normalizeSourceLabel(params.get('source')),
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The query string for these filters, leaving out what is not set (page 1 included). */
export function writeOrderFilters(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.businessId !== null) params.set('business', String(filters.businessId));
  if (filters.search) params.set('q', filters.search);
  if (filters.source) params.set('source', filters.source);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasFilters(filters: OrderFilters): boolean {
  return (
    filters.status !== null ||
    filters.businessId !== null ||
    filters.search !== '' ||
    filters.source !== null
  );
}

/** The CSV export of every order these filters match (the server takes the same filters). */
export function ordersCsvHref(filters: OrderFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.businessId !== null) params.set('businessId', String(filters.businessId));
  if (filters.search) params.set('search', filters.search);
  if (filters.source) params.set('source', filters.source);
  const query = params.toString();
  return query ? `/business/orders.csv?${query}` : '/business/orders.csv';
}
