import { distanceKm } from "@storefront/domain";
import type { ReverseGeocodeAnswer } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, vendors } from "../db/schema.ts";

/** Names the place at a point. A maps service plugs in here; the default knows the demo's streets. */
export interface ReverseGeocoder {
  reverse(
    partnerId: number,
    point: { latitude: number; longitude: number },
  ): Promise<ReverseGeocodeAnswer | null>;
}

/**
 * The working default: the street of the nearest known address (the partner's vendors), with the
 * locality's city and country, when it lies within 2 km; null farther away.
 */
export function knownStreetsGeocoder(db: Database): ReverseGeocoder {
  return {
    async reverse(partnerId, point) {
      const rows = await db
        .select({
          street: vendors.street,
          city: vendors.city,
          country: vendors.country,
          latitude: vendors.latitude,
          longitude: vendors.longitude,
          countryCode: localities.countryCode,
        })
        .from(vendors)
        .innerJoin(localities, eq(localities.id, vendors.localityId))
        .where(eq(vendors.partnerId, partnerId));
      const nearest = rows.map((row) => ({ row, km: distanceKm(point, row) })).sort((a, b) => a.km - b.km)[0];
      if (!nearest || nearest.km > 2) return null;
      const { street, city, country, countryCode } = nearest.row;
      return {
        formattedAddress: `${street}, ${city}, ${country}`,
        shortAddress: street,
        addressComponents: {
          externalSource: "web_onde",
          street,
          locality: city,
          countryName: country,
          countryCode,
          countryCodeISO2: countryCode,
          formattedAddress: `${street}, ${city}, ${country}`,
          shortAddress: street,
        },
      };
    },
  };
}
