import { distanceKm, type Point } from "./geo.ts";

/**
 * The way from one point to another through the city grid: along one street, then the crossing one
 * (an L). Couriers ride it in the demo's simulator, and arrival estimates measure it: a ride is
 * longer than the straight line.
 */
export function streetPath(from: Point, to: Point): Point[] {
  return [from, { latitude: to.latitude, longitude: from.longitude }, to];
}

export function pathLengthKm(path: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceKm(path[i - 1] as Point, path[i] as Point);
  return total;
}

/** The length of the street path between two points. */
export const streetPathKm = (from: Point, to: Point) => pathLengthKm(streetPath(from, to));
