import { describe, expect, it } from 'vitest';
import { demoProduct } from './test-fixtures';
import { waysToGet } from './ways-to-get';

// The demo producer is in Portland, OR; it picks up, delivers within 25 miles and ships to OR, WA.
const product = demoProduct('1');
const salem = { lat: 44.9429, lng: -123.0351, state: 'OR' }; // about 43 miles away
const beaverton = { lat: 45.4871, lng: -122.8037, state: 'OR' }; // about 6 miles away
const sacramento = { lat: 38.5816, lng: -121.4944, state: 'CA' };

const byMode = (ways: ReturnType<typeof waysToGet>) =>
  Object.fromEntries(ways.map((way) => [way.mode, way]));

describe('waysToGet', () => {
  it('without a place, lists what the producer offers this kind of buyer', () => {
    const ways = byMode(waysToGet(product, 'retail', null));
    expect(ways['pickup']).toEqual({
      mode: 'pickup',
      available: true,
      detail: 'Pick up at the producer',
    });
    expect(ways['delivery']!.available).toBe(true);
    expect(ways['ship']).toMatchObject({ available: true, detail: 'Ships to OR, WA' });
  });

  it('judges each way for the buyer’s place', () => {
    const near = byMode(waysToGet(product, 'retail', beaverton));
    expect(near['pickup']!.detail).toBe('Pick up at the producer, 6 mi away');
    expect(near['delivery']).toMatchObject({ available: true });

    const far = byMode(waysToGet(product, 'retail', salem));
    expect(far['delivery']!.available).toBe(false);
    expect(far['delivery']!.detail).toMatch(/Out of delivery range/);
    expect(far['ship']!.available).toBe(true);

    const otherState = byMode(waysToGet(product, 'retail', sacramento));
    expect(otherState['ship']).toMatchObject({ available: false, detail: 'Does not ship to CA' });
  });

  it('uses the flags of the buyer’s kind', () => {
    const ways = byMode(waysToGet(product, 'wholesale', beaverton));
    expect(ways['pickup']).toMatchObject({
      available: false,
      detail: 'No pickup for wholesale buyers',
    });
    expect(ways['delivery']).toMatchObject({ available: false });
    expect(ways['ship']).toMatchObject({ available: false });
  });
});
