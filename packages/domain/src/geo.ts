export interface Point {
  latitude: number;
  longitude: number;
}

/** Ray casting; the polygon is a ring of points, closed or not. Points on an edge may fall either way. */
export function isPointInPolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i] as Point;
    const b = polygon[j] as Point;
    const crosses =
      a.latitude > point.latitude !== b.latitude > point.latitude &&
      point.longitude <
        ((b.longitude - a.longitude) * (point.latitude - a.latitude)) / (b.latitude - a.latitude) +
          a.longitude;
    if (crosses) inside = !inside;
  }
  return inside;
}

const EARTH_RADIUS_KM = 6371.0088;

/**
 * Beyond this distance from a city's centre a point is taken for another city's (the demo's delivery
 * zones reach 5-15 km out; neighbouring cities are 100 km apart and more): the address picker of the
 * city being browsed does not start at it.
 */
export const SAME_CITY_KM = 60;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How far outside every delivery zone a point may lie and still belong to a locality (the nearest):
 * a visitor in the suburbs may take away or see the zone grow; farther out, no locality serves them.
 */
export const LOCALITY_REACH_KM = 50;

/** A longitude difference brought into -180…180, so zones across the antimeridian stay near. */
const wrapDegrees = (degrees: number) => ((((degrees + 180) % 360) + 360) % 360) - 180;

/**
 * How far a point lies from a polygon's area, in kilometres: 0 inside, else the distance to its
 * nearest edge (Infinity for an empty polygon). Edges are measured on a flat projection around the
 * point, which is close enough at the scale of a delivery zone and its reach.
 */
export function distanceToPolygonKm(point: Point, polygon: readonly Point[]): number {
  if (polygon.length === 0) return Number.POSITIVE_INFINITY;
  if (isPointInPolygon(point, polygon)) return 0;
  const kmPerDegree = (EARTH_RADIUS_KM * Math.PI) / 180;
  const cosLatitude = Math.cos(toRadians(point.latitude));
  const flat = polygon.map((p) => ({
    x: wrapDegrees(p.longitude - point.longitude) * cosLatitude * kmPerDegree,
    y: (p.latitude - point.latitude) * kmPerDegree,
  }));
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0, j = flat.length - 1; i < flat.length; j = i++) {
    const a = flat[j] as { x: number; y: number };
    const b = flat[i] as { x: number; y: number };
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const lengthSquared = dx * dx + dy * dy;
    // The point of the edge closest to the origin (where the point is), clamped to the edge.
    const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(a.x * dx + a.y * dy) / lengthSquared));
    nearest = Math.min(nearest, Math.hypot(a.x + t * dx, a.y + t * dy));
  }
  return nearest;
}

/**
 * A first delivery zone for a new city: a ring of corners at a radius around its centre (the
 * operator redraws it on the console's map). Each corner is the point the given distance away on
 * its bearing, so every corner lies the radius from the centre.
 */
export function zoneAround(center: Point, radiusKm: number, corners = 12): Point[] {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const lat = toRadians(center.latitude);
  const lng = toRadians(center.longitude);
  return Array.from({ length: corners }, (_, index) => {
    const bearing = (2 * Math.PI * index) / corners;
    const cornerLat = Math.asin(
      Math.sin(lat) * Math.cos(angular) + Math.cos(lat) * Math.sin(angular) * Math.cos(bearing),
    );
    const cornerLng =
      lng +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat),
        Math.cos(angular) - Math.sin(lat) * Math.sin(cornerLat),
      );
    return {
      latitude: Math.round(((cornerLat * 180) / Math.PI) * 1e6) / 1e6,
      longitude: Math.round(wrapDegrees((cornerLng * 180) / Math.PI) * 1e6) / 1e6,
    };
  });
}
