import { distanceKm, distanceToPolygonKm, LOCALITY_REACH_KM, type Point } from "@storefront/domain";
import { chooseNearestLocality, type LocalityRow, listLocalities, zoneOf } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";

/** How far a locality is from a point: from its delivery zone, or its centre when it has no zone. */
function reachOf(row: LocalityRow, point: Point): number {
  const zone = zoneOf(row);
  return zone.length > 0
    ? distanceToPolygonKm(point, zone)
    : distanceKm(point, { latitude: row.centerLatitude, longitude: row.centerLongitude });
}

/**
 * The locality a point belongs to, among those within reach of it (LOCALITY_REACH_KM of the delivery
 * zone): the one whose zone holds it, else the closest, as GET /public/localities/nearest chooses.
 * Null when no locality is within reach.
 */
export function chooseServingLocality(rows: readonly LocalityRow[], point: Point): LocalityRow | null {
  const near = rows.filter((row) => reachOf(row, point) <= LOCALITY_REACH_KM);
  return chooseNearestLocality(near, point, null)?.row ?? null;
}

/** The spec's INVALID_LOCATION: no locality of the partner serves the point. */
function invalidLocation(field: string): AppError {
  const message = `no locality serves this point: it is outside every delivery zone and more than ${LOCALITY_REACH_KM} km from them`;
  return new AppError(400, "InvalidLocationException", "The service is not available in this area", {
    errorCode: "INVALID_LOCATION",
    details: [{ field, message }],
  });
}

/** The partner's locality that serves the point, or the INVALID_LOCATION error naming the field. */
export async function findServingLocality(
  db: Database,
  partnerId: number,
  point: Point,
  field: string,
): Promise<LocalityRow> {
  const locality = chooseServingLocality(await listLocalities(db, partnerId), point);
  if (!locality) throw invalidLocation(field);
  return locality;
}
