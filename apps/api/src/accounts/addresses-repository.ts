import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import { addresses } from "../db/schema.ts";

export type AddressRow = typeof addresses.$inferSelect;
/** What an address is saved with, besides its owner: the place and the details for the courier. */
export type AddressColumns = Omit<typeof addresses.$inferInsert, "id" | "partnerId" | "userId" | "createdAt">;
export type { CartAddressRow } from "../db/schema.ts";

const addressesOfUser = preparedQuery<{ userId: number }, AddressRow[]>("addresses_of_user", (db) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder("userId")))
    .orderBy(asc(addresses.id)),
);

export async function listAddressesOfUser(db: Database, userId: number): Promise<AddressRow[]> {
  return addressesOfUser(db, { userId });
}

export async function countAddressesOfUser(db: Database, userId: number): Promise<number> {
  const [kept] = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return kept?.n ?? 0;
}

/** Where the customer's saved addresses are, to tell a place they keep already. */
export async function listAddressPlacesOfUser(
  db: Database,
  userId: number,
): Promise<Array<{ latitude: number; longitude: number }>> {
  return db
    .select({ latitude: addresses.latitude, longitude: addresses.longitude })
    .from(addresses)
    .where(eq(addresses.userId, userId));
}

export async function insertAddress(
  db: Database,
  owner: { partnerId: number; userId: number },
  columns: AddressColumns,
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({ partnerId: owner.partnerId, userId: owner.userId, ...columns })
    .returning({ id: addresses.id });
  return (row as { id: number }).id;
}

/** Changes an address of this customer; false when they have none of this id. */
export async function updateAddressOfUser(
  db: Database,
  userId: number,
  id: number,
  columns: AddressColumns,
): Promise<boolean> {
  const changed = await db
    .update(addresses)
    .set(columns)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return changed.length > 0;
}

/** Deletes an address of this customer; false when they have none of this id. */
export async function deleteAddressOfUser(db: Database, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}
