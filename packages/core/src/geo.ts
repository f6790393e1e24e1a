/** Earth radius used by the original's distance formula, in meters. */
export const EARTH_RADIUS_METERS = 6_371_000;
/** The original's meters-to-miles factor. */
export const MILES_PER_METER = 0.000621371;

export interface LatLng {
  lat: number;
  lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance by the haversine formula, in meters. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  return distanceMetersFrom(a, b, latitudeCosine(a.lat), latitudeCosine(b.lat));
}

/** cos(latitude), which distanceMetersFrom takes ready-made. */
export const latitudeCosine = (lat: number): number => Math.cos(toRadians(lat));

/**
 * distanceMeters with the cosines of both latitudes given, for callers that measure one point
 * against many and keep them (the search engine); the result is the same to the last bit.
 */
export function distanceMetersFrom(a: LatLng, b: LatLng, cosALat: number, cosBLat: number): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + cosALat * cosBLat * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function metersToMiles(meters: number): number {
  return meters * MILES_PER_METER;
}

export function milesToMeters(miles: number): number {
  return miles / MILES_PER_METER;
}

export function distanceMiles(a: LatLng, b: LatLng): number {
  return metersToMiles(distanceMeters(a, b));
}

/** A US ZIP code: five digits, optionally ZIP+4. */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;
