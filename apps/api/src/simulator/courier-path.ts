import { distanceKm, type Point } from "@storefront/domain";

/** A courier rides through town at about 18 km/h, as the delivery estimates assume. */
export const COURIER_KMH = 18;

/**
 * The courier's way from the vendor to the customer: along one street, then the crossing one (an L
 * through the city grid), which reads on a map as a ride rather than a flight.
 */
export function courierPath(from: Point, to: Point): Point[] {
  return [from, { latitude: to.latitude, longitude: from.longitude }, to];
}

export function pathLengthKm(path: readonly Point[]): number {
  let total = 0;
  for (let i = 1; i < path.length; i++) total += distanceKm(path[i - 1] as Point, path[i] as Point);
  return total;
}

/** The point a share (0 to 1) of the way along the path. */
export function pointAlong(path: readonly Point[], share: number): Point {
  const first = path[0] as Point;
  const wanted = Math.min(1, Math.max(0, share)) * pathLengthKm(path);
  let covered = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as Point;
    const b = path[i] as Point;
    const leg = distanceKm(a, b);
    if (covered + leg >= wanted && leg > 0) {
      const t = (wanted - covered) / leg;
      return {
        latitude: a.latitude + (b.latitude - a.latitude) * t,
        longitude: a.longitude + (b.longitude - a.longitude) * t,
      };
    }
    covered += leg;
  }
  return path.at(-1) ?? first;
}
