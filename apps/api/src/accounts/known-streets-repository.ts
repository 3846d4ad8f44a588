import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, vendors } from "../db/schema.ts";

/** The addresses the partner's vendors stand at, with their locality's country code. */
export async function listVendorStreetsOfPartner(db: Database, partnerId: number) {
  return db
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
}
