import { zoneAround } from "@storefront/domain";
import type { NewCityInput } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { insertLocalityUnlessTaken, type LocalityRow } from "./cities-repository.ts";

/**
 * A partner's new city: its name in its own language (and in English), its language, currency,
 * country and time zone, and a round delivery zone its managers redraw. A code the partner has
 * already is a 409 naming `code`. Answers the new row.
 */
export async function insertCity(
  db: Database,
  partnerId: number,
  city: NewCityInput,
  sort = 0,
): Promise<LocalityRow> {
  const row = await insertLocalityUnlessTaken(db, {
    partnerId,
    code: city.code,
    name: { [city.lang]: city.name, ...(city.lang === "en" ? {} : { en: city.name }) },
    timeZone: city.timeZone,
    currencyCode: city.currencyCode,
    countryCode: city.countryCode,
    lang: city.lang,
    deliveryZone: zoneAround(city.center, city.radiusKm).map(
      (corner) => [corner.longitude, corner.latitude] as [number, number],
    ),
    centerLatitude: city.center.latitude,
    centerLongitude: city.center.longitude,
    sort,
  });
  if (!row)
    throw new AppError(409, "LocalityExistsException", `A city ${city.code} exists already`, {
      details: [{ field: "code", message: "is another city's" }],
    });
  return row;
}
