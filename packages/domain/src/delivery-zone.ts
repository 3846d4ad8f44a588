import type { Point } from "./geo.ts";

/** A delivery zone has at least a triangle's corners and at most as many as a hand draws. */
export const DELIVERY_ZONE_POINTS = { min: 3, max: 200 } as const;

/**
 * A zone as the API sends it (`delivery.deliveryZone`): `[longitude, latitude]` pairs, GeoJSON's
 * order, which the spec's "swapped for display" implies.
 */
export type ZoneCorner = readonly [longitude: number, latitude: number];

export type DeliveryZoneRefusal = "TOO_FEW_POINTS" | "TOO_MANY_POINTS" | "REPEATED_POINT" | "SELF_CROSSING";

export type DeliveryZoneResult =
  | { ok: true; zone: Point[] }
  | { ok: false; refusal: DeliveryZoneRefusal; index: number | null };

/** The sign of the turn a → b → c: positive left, negative right, 0 in line. */
function turn(a: Point, b: Point, c: Point): number {
  return (
    (b.longitude - a.longitude) * (c.latitude - a.latitude) -
    (b.latitude - a.latitude) * (c.longitude - a.longitude)
  );
}

/** Whether c, in line with a and b, lies on the segment between them. */
function onSegment(a: Point, b: Point, c: Point): boolean {
  return (
    Math.min(a.longitude, b.longitude) <= c.longitude &&
    c.longitude <= Math.max(a.longitude, b.longitude) &&
    Math.min(a.latitude, b.latitude) <= c.latitude &&
    c.latitude <= Math.max(a.latitude, b.latitude)
  );
}

/** Whether segments ab and cd meet, touching included. */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = turn(c, d, a);
  const d2 = turn(c, d, b);
  const d3 = turn(a, b, c);
  const d4 = turn(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(c, d, a)) ||
    (d2 === 0 && onSegment(c, d, b)) ||
    (d3 === 0 && onSegment(a, b, c)) ||
    (d4 === 0 && onSegment(a, b, d))
  );
}

/**
 * A delivery zone as drawn: a ring of 3 to 200 corners (a closing corner equal to the first is
 * dropped), no corner twice, and no edge crossing or touching another but its neighbours, so that
 * inside and outside mean what the map shows. A refusal names the corner (0-based) where it is seen.
 */
export function checkDeliveryZone(points: readonly Point[]): DeliveryZoneResult {
  const first = points[0];
  const last = points.at(-1);
  const ring =
    points.length > 1 &&
    first &&
    last &&
    first.latitude === last.latitude &&
    first.longitude === last.longitude
      ? points.slice(0, -1)
      : [...points];
  if (ring.length < DELIVERY_ZONE_POINTS.min) return { ok: false, refusal: "TOO_FEW_POINTS", index: null };
  if (ring.length > DELIVERY_ZONE_POINTS.max) return { ok: false, refusal: "TOO_MANY_POINTS", index: null };
  const seen = new Set<string>();
  for (const [index, point] of ring.entries()) {
    const key = `${point.latitude},${point.longitude}`;
    if (seen.has(key)) return { ok: false, refusal: "REPEATED_POINT", index };
    seen.add(key);
  }
  const n = ring.length;
  const corner = (i: number) => ring[i % n] as Point;
  for (let i = 0; i < n; i++) {
    // Each edge against every later edge that is not its neighbour.
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(corner(i), corner(i + 1), corner(j), corner(j + 1)))
        return { ok: false, refusal: "SELF_CROSSING", index: j };
    }
  }
  // Neighbouring edges meet at their corner; one folding back over the other is a crossing too.
  for (let i = 0; i < n; i++) {
    const a = corner(i);
    const b = corner(i + 1);
    const c = corner(i + 2);
    if (turn(a, b, c) === 0 && (onSegment(a, b, c) || onSegment(b, c, a)))
      return { ok: false, refusal: "SELF_CROSSING", index: (i + 1) % n };
  }
  return { ok: true, zone: ring };
}

/**
 * Where a corner added by a click goes in a ring: onto the edge it lengthens least, so a click
 * beside an edge bends that edge. Distances are measured flat, longitudes shrunk by the latitude's
 * cosine, which is close enough at the scale of a city.
 */
export function insertOnNearestEdge(ring: readonly Point[], point: Point): Point[] {
  if (ring.length < 2) return [...ring, point];
  const shrink = Math.cos((point.latitude * Math.PI) / 180);
  const length = (a: Point, b: Point) =>
    Math.hypot((a.longitude - b.longitude) * shrink, a.latitude - b.latitude);
  let best = 0;
  let bestGrowth = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Point;
    const b = ring[(i + 1) % ring.length] as Point;
    const growth = length(a, point) + length(point, b) - length(a, b);
    if (growth < bestGrowth) {
      bestGrowth = growth;
      best = i;
    }
  }
  return [...ring.slice(0, best + 1), point, ...ring.slice(best + 1)];
}

/**
 * The zone as a map draws it: each `[longitude, latitude]` pair swapped to `[latitude, longitude]`,
 * Leaflet's order. Fewer than three corners enclose nothing, so nothing is drawn.
 */
export function swapZoneForDisplay(
  zone: readonly ZoneCorner[],
): Array<[latitude: number, longitude: number]> {
  if (zone.length < DELIVERY_ZONE_POINTS.min) return [];
  return zone.map(([longitude, latitude]) => [latitude, longitude]);
}
