import type { Database } from "../db/client.ts";
import { localities } from "../db/schema.ts";

export type LocalityRow = typeof localities.$inferSelect;
export type NewLocalityRow = typeof localities.$inferInsert;

/** Stores a partner's new city; null when the partner has a city of this code already. */
export async function insertLocalityUnlessTaken(
  db: Database,
  city: NewLocalityRow,
): Promise<LocalityRow | null> {
  const [row] = await db.insert(localities).values(city).onConflictDoNothing().returning();
  return row ?? null;
}
