import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { courierSessions, couriers } from "../db/schema.ts";

export type CourierRow = typeof couriers.$inferSelect;
export type CourierSessionRow = typeof courierSessions.$inferSelect;

export async function insertCourierSession(
  db: Database,
  session: Omit<typeof courierSessions.$inferInsert, "id">,
): Promise<void> {
  await db.insert(courierSessions).values(session);
}

/**
 * The session of a token's hash with its courier, when it belongs to this partner (any partner when
 * none is named: the session then names it), lives past `now`, was used after `usedAfter` and its
 * courier is still active; null otherwise.
 */
export async function findLiveCourierSession(
  db: Database,
  query: { tokenHash: string; partnerId?: number; now: Date; usedAfter: Date },
): Promise<{ session: CourierSessionRow; courier: CourierRow } | null> {
  const [found] = await db
    .select({ session: courierSessions, courier: couriers })
    .from(courierSessions)
    .innerJoin(couriers, eq(couriers.id, courierSessions.courierId))
    .where(
      and(
        eq(courierSessions.tokenHash, query.tokenHash),
        query.partnerId === undefined ? undefined : eq(courierSessions.partnerId, query.partnerId),
        gt(courierSessions.expiresAt, query.now),
        gt(courierSessions.lastUsedAt, query.usedAfter),
        eq(couriers.active, true),
      ),
    )
    .limit(1);
  return found ?? null;
}

export async function touchCourierSession(db: Database, sessionId: number, now: Date): Promise<void> {
  await db.update(courierSessions).set({ lastUsedAt: now }).where(eq(courierSessions.id, sessionId));
}

export async function deleteCourierSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(courierSessions).where(eq(courierSessions.id, sessionId));
}
