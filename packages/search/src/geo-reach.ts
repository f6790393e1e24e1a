import { distanceMetersFrom, latitudeCosine, type LatLng } from '@bevy/core';

/** What a `geoReach` filter (`attribute >= _geoDistance`) reads, by slot and by point. */
export interface ReachInputs {
  /** The query's aroundLatLng. */
  origin: LatLng;
  /** Each slot's own reach in meters (NaN: none). */
  reaches: Float64Array;
  /** Each slot's point (-1: no location). */
  pointOf: Int32Array;
  points: readonly LatLng[];
  pointCosines: readonly number[];
  /** Each point's distance from the origin, NaN until measured; filled in as slots are tested. */
  distances: Float64Array;
}

/**
 * Whether a slot's location is within its own reach of the origin. Documents of one producer
 * share a point, so each point is measured once per query.
 */
export function reachTest(inputs: ReachInputs): (slot: number) => boolean {
  const { origin, reaches, pointOf, points, pointCosines, distances } = inputs;
  const originCosine = latitudeCosine(origin.lat);
  return (slot) => {
    const reach = reaches[slot]!;
    const point = pointOf[slot]!;
    if (reach !== reach || point < 0) return false;
    let distance = distances[point]!;
    if (distance !== distance) {
      distance = distanceMetersFrom(origin, points[point]!, originCosine, pointCosines[point]!);
      distances[point] = distance;
    }
    return distance <= reach;
  };
}
