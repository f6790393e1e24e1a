import { VISIBLE_ORDER_STATUSES } from '@bevy/core';
import { describe, expect, it } from 'vitest';
import { hasFilters, ordersCsvHref, readOrderFilters, writeOrderFilters } from './order-filters';

const read = (query: string) =>
  readOrderFilters(new URLSearchParams(query), VISIBLE_ORDER_STATUSES);

describe('order filters in the query string', () => {
  it('reads status, business, search, source and page', () => {
    expect(read('status=accepted&business=7&q=%20riley%20&source=Facebook&page=3')).toEqual({
      status: 'accepted',
      businessId: 7,
      search: 'riley',
      source: 'facebook',
      page: 3,
    });
  });

  it('reads nothing malformed: unknown or unlisted statuses, bad ids and pages', () => {
    for (const query of [
      'status=awaiting_payment',
      'status=payment_failed',
      'status=bogus&business=0&page=-1',
      'business=1.5&page=abc',
      'business=99999999999&page=0',
      'source=a%2Fb',
    ]) {
      expect(read(query)).toEqual({
        status: null,
        businessId: null,
        search: '',
        source: null,
        page: 1,
      });
    }
  });

  it('writes back only what is set, and round-trips', () => {
    const filters = {
      status: 'shipped',
      businessId: 4,
      search: 'BV-100042',
      source: 'x',
      page: 2,
    };
    expect(writeOrderFilters(filters).toString()).toBe(
      'status=shipped&business=4&q=BV-100042&source=x&page=2',
    );
    expect(read(writeOrderFilters(filters).toString())).toEqual(filters);
    expect(
      writeOrderFilters({
        status: null,
        businessId: null,
        search: '',
        source: null,
        page: 1,
      }).toString(),
    ).toBe('');
  });

  it('tells filtered from unfiltered (the page alone is no filter)', () => {
    expect(hasFilters(read('page=4'))).toBe(false);
    expect(hasFilters(read('q=x'))).toBe(true);
    expect(hasFilters(read('status=placed'))).toBe(true);
    expect(hasFilters(read('source=direct'))).toBe(true);
  });

  it("exports the CSV with the same filters, in the server's parameter names", () => {
    expect(ordersCsvHref(read(''))).toBe('/business/orders.csv');
    expect(ordersCsvHref(read('status=placed&business=3&q=Riley%20R&source=email&page=5'))).toBe(
      '/business/orders.csv?status=placed&businessId=3&search=Riley+R&source=email',
    );
  });
});
