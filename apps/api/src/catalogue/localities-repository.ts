import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities } from "../db/schema.ts";

export type LocalityRow = typeof localities.$inferSelect;

/** The partner's localities in the partner's order. */
export async function listLocalities(db: Database, partnerId: number): Promise<LocalityRow[]> {
  return db
    .select()
    .from(localities)
    .where(eq(localities.partnerId, partnerId))
    .orderBy(asc(localities.sort), asc(localities.id));
}

/** The partner's locality of this code, or null. */
export async function findLocalityRowByCode(
  db: Database,
  partnerId: number,
  code: string,
): Promise<LocalityRow | null> {
  const [row] = await db
    .select()
    .from(localities)
    .where(and(eq(localities.partnerId, partnerId), eq(localities.code, code)))
    .limit(1);
  return row ?? null;
}

/** The locality of this id, whichever partner's, or null. */
export async function findLocalityRowById(db: Database, id: number): Promise<LocalityRow | null> {
  const [row] = await db.select().from(localities).where(eq(localities.id, id)).limit(1);
  return row ?? null;
}

/** Every partner's localities whose points programme is on and lets points expire. */
export async function listLocalitiesWithPointsExpiry(db: Database): Promise<LocalityRow[]> {
  return db
    .select()
    .from(localities)
    .where(
      sql`(${localities.params} -> 'loyalty' ->> 'enabled') = 'true' and (${localities.params} -> 'loyalty' ->> 'expiryMonths') is not null`,
    );
}
