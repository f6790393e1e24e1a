import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  distanceMiles,
  EARTH_RADIUS_METERS,
  metersToMiles,
  MILES_PER_METER,
  milesToMeters,
  US_ZIP_PATTERN,
} from './geo';

const portland = { lat: 45.5152, lng: -122.6784 };
const seattle = { lat: 47.6062, lng: -122.3321 };

describe('constants', () => {
  it('match the original formula', () => {
    expect(EARTH_RADIUS_METERS).toBe(6_371_000);
    expect(MILES_PER_METER).toBe(0.000621371);
  });
});

describe('distanceMeters', () => {
  it('is 0 for the same point', () => {
    expect(distanceMeters(portland, portland)).toBe(0);
  });

  it('measures Portland to Seattle as about 234 km', () => {
    expect(distanceMeters(portland, seattle)).toBeGreaterThan(233_000);
    expect(distanceMeters(portland, seattle)).toBeLessThan(235_000);
  });

  it('is symmetric', () => {
    expect(distanceMeters(seattle, portland)).toBeCloseTo(distanceMeters(portland, seattle), 6);
  });

  it('uses a 6,371 km radius: one degree of latitude is 2πR/360', () => {
    const expected = (2 * Math.PI * EARTH_RADIUS_METERS) / 360;
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(expected, 3);
    expect(expected).toBeCloseTo(111_194.9, 1);
  });

  it('measures a longitude degree shorter away from the equator', () => {
    const atEquator = distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 1 });
    const at60 = distanceMeters({ lat: 60, lng: 0 }, { lat: 60, lng: 1 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 3);
  });

  it('measures antipodes as half the circumference', () => {
    expect(distanceMeters({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(
      Math.PI * EARTH_RADIUS_METERS,
      3,
    );
  });
});

describe('distanceMiles', () => {
  it('measures Portland, OR to Seattle, WA as about 145 miles', () => {
    const miles = distanceMiles(portland, seattle);
    expect(miles).toBeGreaterThanOrEqual(143);
    expect(miles).toBeLessThanOrEqual(147);
  });

  it('is meters times 0.000621371', () => {
    expect(distanceMiles(portland, seattle)).toBeCloseTo(
      distanceMeters(portland, seattle) * 0.000621371,
      9,
    );
  });

  it('is 0 for the same point', () => {
    expect(distanceMiles(seattle, seattle)).toBe(0);
  });
});

describe('metersToMiles / milesToMeters', () => {
  it('converts meters to miles by the original factor', () => {
    expect(metersToMiles(1000)).toBeCloseTo(0.621371, 9);
    expect(metersToMiles(0)).toBe(0);
  });

  it('converts miles to meters as the inverse', () => {
    expect(milesToMeters(50)).toBeCloseTo(80_467.22, 2);
    expect(milesToMeters(1)).toBeCloseTo(1609.344, 3);
  });

  it('round-trips', () => {
    expect(metersToMiles(milesToMeters(37.5))).toBeCloseTo(37.5, 9);
    expect(milesToMeters(metersToMiles(12_345))).toBeCloseTo(12_345, 6);
  });
});

describe('US_ZIP_PATTERN', () => {
  it.each(['97201', '98101-1234', '00501'])('accepts %s', (zip) => {
    expect(US_ZIP_PATTERN.test(zip)).toBe(true);
  });

  it.each(['9720', '972011', '97201-123', '97201-12345', '97201 1234', 'ABCDE', ' 97201', ''])(
    'rejects %j',
    (zip) => {
      expect(US_ZIP_PATTERN.test(zip)).toBe(false);
    },
  );
});
