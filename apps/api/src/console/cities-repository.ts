import { and, eq, max } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities } from "../db/schema.ts";

type LocalityRow = typeof localities.$inferSelect;

/** The partner's city of this code, locked for the rest of the transaction, or null. */
export async function lockCityOfCode(
  db: Database,
  partnerId: number,
  code: string,
): Promise<LocalityRow | null> {
  const [row] = await db
    .select()
    .from(localities)
    .where(and(eq(localities.partnerId, partnerId), eq(localities.code, code)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** A city's code by its id, or null. */
export async function findCityCode(db: Database, localityId: number): Promise<string | null> {
  const [city] = await db
    .select({ code: localities.code })
    .from(localities)
    .where(eq(localities.id, localityId));
  return city?.code ?? null;
}

/** The largest sort among the partner's cities; null when it has none. */
export async function lastCitySort(db: Database, partnerId: number): Promise<number | null> {
  const [last] = await db
    .select({ sort: max(localities.sort) })
    .from(localities)
    .where(eq(localities.partnerId, partnerId));
  return last?.sort ?? null;
}

/** Writes a city's row; null if it is gone. */
export async function updateCity(
  db: Database,
  id: number,
  change: Partial<Pick<LocalityRow, "deliveryZone" | "lang" | "currencyCode" | "params">>,
): Promise<LocalityRow | null> {
  const [updated] = await db.update(localities).set(change).where(eq(localities.id, id)).returning();
  return updated ?? null;
}
