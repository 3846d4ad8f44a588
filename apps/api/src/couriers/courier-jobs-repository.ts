import { inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users, vendors } from "../db/schema.ts";

/** The kitchens of a courier's jobs: where the food is picked up. */
export async function findPickUpPlaces(db: Database, vendorIds: number[]) {
  if (vendorIds.length === 0) return [];
  return db
    .select({
      id: vendors.id,
      name: vendors.name,
      street: vendors.street,
      houseNumber: vendors.houseNumber,
      phone: vendors.phone,
      city: vendors.city,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
    })
    .from(vendors)
    .where(inArray(vendors.id, vendorIds));
}

/** The customers of a courier's jobs: whom to call at the door. */
export async function findJobCustomers(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(inArray(users.id, userIds));
}
