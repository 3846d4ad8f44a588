import { distanceKm, type Point, pathLengthKm } from "@storefront/domain";

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
