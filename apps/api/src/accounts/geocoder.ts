import { distanceKm } from "@storefront/domain";
import type { ReverseGeocodeAnswer } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { listVendorStreetsOfPartner } from "./known-streets-repository.ts";

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
      const rows = await listVendorStreetsOfPartner(db, partnerId);
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
