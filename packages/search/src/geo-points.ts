import { distanceMetersFrom, EARTH_RADIUS_METERS, latitudeCosine, type LatLng } from '@bevy/core';
import { reachTest } from './geo-reach';
import type { Bitset } from './bitset';
import { ensureCapacity } from './int-list';
import { nearMatches, slotsByPoint, type SlotsByPoint } from './nearest-points';
import type { Matches } from './query-matches';
import type { Scratch } from './scratch';
import { lowerBound, sortNumbers } from './select';
import { SearchInputError, type SearchDocument } from './types';

/** A query's `aroundLatLng`, checked. */
export function parseLatLng(raw: string): LatLng {
  // Number('') is 0, so an empty part ("45.5," or ",") must not pass as a coordinate.
  const parts = raw.split(',').map((part) => (part.trim() === '' ? NaN : Number(part)));
  const [lat, lng] = parts;
  if (
    parts.length !== 2 ||
    lat === undefined ||
    lng === undefined ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  ) {
    throw new SearchInputError('aroundLatLng must be "latitude,longitude"');
  }
  return { lat, lng };
}

function geolocOf(document: SearchDocument): LatLng | undefined {
  const geoloc = document['_geoloc'] as LatLng | LatLng[] | null | undefined;
  if (!geoloc) return undefined;
  return Array.isArray(geoloc) ? geoloc[0] : geoloc;
}

/**
 * The documents' locations. Documents of one producer share a location, so each distinct one
 * is stored (and measured by a query) once, as a point, and each slot holds its point's id.
 */
export class GeoPoints {
  /** Each slot's point, -1 for none. */
  pointOf: Int32Array = new Int32Array(0);
  readonly points: LatLng[] = [];
  /** cos(latitude) of each point, so a query measures each with one cosine fewer. */
  readonly cosines: number[] = [];
  private readonly idOf = new Map<string, number>();
  /** The slots of each point, made when a query first needs them after a write. */
  private byPoint: SlotsByPoint | undefined;

  /** Records the location of the document in `slot`, if it has one. */
  add(slot: number, document: SearchDocument): void {
    this.byPoint = undefined;
    this.pointOf = ensureCapacity(this.pointOf, slot + 1, -1);
    const point = geolocOf(document);
    if (point && Number.isFinite(point.lat) && Number.isFinite(point.lng)) {
      this.pointOf[slot] = this.intern(point);
    }
  }

  remove(slot: number): void {
    this.byPoint = undefined;
    this.pointOf[slot] = -1;
  }

  private intern(point: LatLng): number {
    const key = `${point.lat},${point.lng}`;
    let id = this.idOf.get(key);
    if (id === undefined) {
      id = this.points.length;
      this.points.push({ lat: point.lat, lng: point.lng });
      this.cosines.push(latitudeCosine(point.lat));
      this.idOf.set(key, id);
    }
    return id;
  }

  /** Points as latitude, longitude pairs, and the point of each slot renumbered (-1: removed). */
  exportState(
    renumber: Int32Array,
    slotCount: number,
  ): { points: Float64Array; pointOf: Int32Array } {
    const pointOf = new Int32Array(slotCount);
    for (let slot = 0; slot < renumber.length; slot++) {
      if (renumber[slot]! >= 0) pointOf[renumber[slot]!] = this.pointOf[slot]!;
    }
    const points = new Float64Array(this.points.length * 2);
    this.points.forEach((point, id) => {
      points[2 * id] = point.lat;
      points[2 * id + 1] = point.lng;
    });
    return { points, pointOf };
  }

  static fromState(points: Float64Array, pointOf: Int32Array): GeoPoints {
    const geo = new GeoPoints();
    for (let id = 0; id < points.length / 2; id++) {
      geo.intern({ lat: points[2 * id]!, lng: points[2 * id + 1]! });
    }
    geo.pointOf = pointOf;
    return geo;
  }

  /**
   * `reaches[slot] >= distance from origin` as a test of one slot (see geo-reach.ts); `distances`
   * caches each point's distance for the query (NaN: not measured yet).
   */
  reachTest(
    origin: LatLng,
    reaches: Float64Array,
    distances: Float64Array,
  ): (slot: number) => boolean {
    return reachTest({
      origin,
      reaches,
      pointOf: this.pointOf,
      points: this.points,
      pointCosines: this.cosines,
      distances,
    });
  }

  /**
   * The slots of `universe` (a bitset over `slotCount` slots) with a location within `radius` of
   * `origin`, with their locations nearest first (see nearest-points.ts): for queries without
   * words, whose matches are many and need no other ranking than distance.
   */
  near(
    universe: Bitset,
    slotCount: number,
    origin: LatLng,
    radius: number,
    scratch: Scratch,
  ): Matches {
    this.byPoint ??= slotsByPoint(this.pointOf, slotCount, this.points.length);
    const pointCount = this.points.length;
    const distances = scratch.float64('point-distance', pointCount);
    const originCosine = latitudeCosine(origin.lat);
    // A point is at least its difference in latitude away (the haversine's first term alone):
    // beyond the radius by that much, it is left unmeasured (with a margin for rounding).
    const latitudeReach = ((radius * (1 + 1e-9) + 1) / EARTH_RADIUS_METERS) * (180 / Math.PI);
    for (let point = 0; point < pointCount; point++) {
      const location = this.points[point]!;
      distances[point] =
        Math.abs(location.lat - origin.lat) > latitudeReach
          ? Infinity
          : distanceMetersFrom(origin, location, originCosine, this.cosines[point]!);
    }
    return nearMatches(universe, this.byPoint, distances, radius, scratch);
  }

  /**
   * Keeps the candidates with a location within `radius` of `origin`, and ranks their distances
   * among the distinct ones, so that a page can be chosen by integer keys. Each distinct point
   * is measured once.
   */
  withinRadius(
    slots: Int32Array,
    textKeys: Int32Array | undefined,
    origin: LatLng,
    radius: number,
    scratch: Scratch,
  ): Matches {
    const pointCount = this.points.length;
    const pointDistance = scratch.float64('point-distance', pointCount).fill(NaN);
    const originCosine = latitudeCosine(origin.lat);
    const kept = keepWithinRadius(
      slots,
      textKeys,
      this.pointOf,
      pointDistance,
      (point) =>
        distanceMetersFrom(origin, this.points[point]!, originCosine, this.cosines[point]!),
      radius,
    );
    const { ranks: pointRank, count: distinctCount } = rankDistances(
      pointDistance,
      scratch.float64('measured', pointCount),
      scratch.int32('point-rank', pointCount),
    );
    const distanceRanks = scratch.int32('distance-ranks', kept);
    const pointOf = this.pointOf;
    for (let i = 0; i < kept; i++) distanceRanks[i] = pointRank[pointOf[slots[i]!]!]!;
    return {
      count: kept,
      all: false,
      slots: slots.subarray(0, kept),
      textKeys: textKeys?.subarray(0, kept),
      distanceRanks,
      distanceRankCount: distinctCount,
    };
  }
}

/**
 * Compacts `slots` (and `textKeys` alongside) to the entries whose location is within `radius`;
 * `pointDistance` (NaN: not measured yet) caches `measure(point)`. Returns how many are kept.
 */
function keepWithinRadius(
  slots: Int32Array,
  textKeys: Int32Array | undefined,
  pointOf: Int32Array,
  pointDistance: Float64Array,
  measure: (point: number) => number,
  radius: number,
): number {
  let kept = 0;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const point = pointOf[slot]!;
    if (point < 0) continue;
    let distance = pointDistance[point]!;
    if (distance !== distance) {
      distance = measure(point);
      pointDistance[point] = distance;
    }
    if (distance > radius) continue;
    slots[kept] = slot;
    if (textKeys) textKeys[kept] = textKeys[i]!;
    kept++;
  }
  return kept;
}

/**
 * Each measured point's distance as its position among the distinct distances measured (equal
 * distances, equal positions), in `ranks`; `count` is how many distinct distances there are.
 */
function rankDistances(
  pointDistance: Float64Array,
  measured: Float64Array,
  ranks: Int32Array,
): { ranks: Int32Array; count: number } {
  let measuredCount = 0;
  for (let point = 0; point < pointDistance.length; point++) {
    const distance = pointDistance[point]!;
    if (distance === distance) measured[measuredCount++] = distance;
  }
  sortNumbers(measured.subarray(0, measuredCount));
  let count = 0;
  for (let i = 0; i < measuredCount; i++) {
    if (i === 0 || measured[i] !== measured[i - 1]) measured[count++] = measured[i]!;
  }
  const distinct = measured.subarray(0, count);
  for (let point = 0; point < pointDistance.length; point++) {
    const distance = pointDistance[point]!;
    if (distance === distance) ranks[point] = lowerBound(distinct, distance);
  }
  return { ranks, count };
}
