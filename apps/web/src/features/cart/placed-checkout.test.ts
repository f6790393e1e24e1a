import { describe, expect, it } from 'vitest';
import { orderIdsOf } from './placed-checkout';

describe('the orders /success shows', () => {
  it('are the ids in its address, once each', () => {
    expect(orderIdsOf('?orders=12,13,12')).toEqual([12, 13]);
  });

  it('are none when the address holds anything else, or an id beyond a GraphQL Int', () => {
    expect(orderIdsOf('')).toEqual([]);
    expect(orderIdsOf('?orders=12,abc')).toEqual([]);
    expect(orderIdsOf('?orders=0')).toEqual([]);
    expect(orderIdsOf('?orders=2147483648')).toEqual([]);
    expect(orderIdsOf('?orders=2147483647')).toEqual([2147483647]);
  });
});
