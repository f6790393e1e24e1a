import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FULFILLMENT,
  formatShopRoute,
  indexUiStateToRoute,
  isTypingChange,
  parseShopRoute,
  routeToIndexUiState,
  sameFulfillmentInAddress,
} from './shop-url-state';

describe('shop addresses', () => {
  const search = '?q=pinot&type=Wine&type=Cider&page=2&sort=price_asc&mode=delivery&zip=97214';

  it('read back what they were written from', () => {
    const route = parseShopRoute(search);
    expect(route).toEqual({
      query: 'pinot',
      refinements: { 'Beverage Type': ['Wine', 'Cider'] },
      page: 2,
      sort: 'price_asc',
      mode: 'delivery',
      zip: '97214',
      radiusMiles: 50,
    });
    expect(formatShopRoute(route)).toBe(search);
    expect(formatShopRoute(parseShopRoute('?mode=pickup&miles=25&volume=750'))).toBe(
      '?volume=750&miles=25',
    );
  });

  it('fall back to the defaults on anything unreadable', () => {
    expect(parseShopRoute('?page=-3&sort=cheapest&mode=teleport&miles=500')).toEqual({
      query: '',
      refinements: {},
      page: 1,
      sort: null,
      ...DEFAULT_FULFILLMENT,
    });
    expect(formatShopRoute(parseShopRoute(''))).toBe('');
  });

  it('map to and from InstantSearch state', () => {
    const route = parseShopRoute(search);
    const state = routeToIndexUiState(route, 'products');
    expect(state).toEqual({
      query: 'pinot',
      refinementList: { 'Beverage Type': ['Wine', 'Cider'] },
      page: 2,
      sortBy: 'products_price_asc',
    });
    const { mode, zip, radiusMiles } = route;
    expect(
      indexUiStateToRoute(
        { ...state, configure: { hitsPerPage: 20 } },
        { mode, zip, radiusMiles },
        'products',
      ),
    ).toEqual(route);
  });

  it('tell whether a fulfillment choice is already in the address', () => {
    const inAddress = parseShopRoute('?mode=delivery&zip=97214');
    expect(
      sameFulfillmentInAddress({ mode: 'delivery', zip: '97214', radiusMiles: 10 }, inAddress),
    ).toBe(true);
    expect(
      sameFulfillmentInAddress({ mode: 'pickup', zip: '97214', radiusMiles: 50 }, inAddress),
    ).toBe(false);
  });

  it('replace the entry while typing, push it for pages, refiners, sorts and new words', () => {
    expect(isTypingChange('?q=pin', '?q=pino')).toBe(true);
    expect(isTypingChange('?q=pin&page=3', '?q=pino')).toBe(true);
    expect(isTypingChange('?zip=972', '?zip=9721')).toBe(true);
    expect(isTypingChange('?type=Wine', '?q=p&type=Wine')).toBe(false);
    expect(isTypingChange('?q=p', '')).toBe(false);
    expect(isTypingChange('?q=pino', '?q=pino&page=2')).toBe(false);
    expect(isTypingChange('?q=pino', '?q=pino&type=Wine')).toBe(false);
    expect(isTypingChange('', '?sort=newest')).toBe(false);
  });
});
