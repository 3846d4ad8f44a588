import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { couriers } from "../db/schema.ts";
import type { CourierRow } from "./courier-sessions-repository.ts";

/**
 * The partner's active courier with this number (E.164, as the console keeps it), or null; the
 * couriers the demo's simulator plays are nobody's to sign in as.
 */
export async function findActiveCourierOfPhone(
  db: Database,
  partnerId: number,
  phone: string,
): Promise<CourierRow | null> {
  const [row] = await db
    .select()
    .from(couriers)
    .where(
      and(
        eq(couriers.partnerId, partnerId),
        eq(couriers.phone, phone),
        eq(couriers.active, true),
        eq(couriers.simulated, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The partner's active couriers the demo's simulator plays. */
export async function findSimulatedCouriers(db: Database, partnerId: number): Promise<CourierRow[]> {
  return db
    .select()
    .from(couriers)
    .where(and(eq(couriers.partnerId, partnerId), eq(couriers.active, true), eq(couriers.simulated, true)))
    .orderBy(asc(couriers.id));
}

/** One courier as now kept, or null. */
export async function findCourierById(db: Database, courierId: number): Promise<CourierRow | null> {
  const [row] = await db.select().from(couriers).where(eq(couriers.id, courierId)).limit(1);
  return row ?? null;
}

/** Starts the courier's shift, or ends it. */
export async function setCourierShift(
  db: Database,
  courierId: number,
  change: { startedAt: Date } | { endedAt: Date },
): Promise<CourierRow> {
  const [row] = await db
    .update(couriers)
    .set(
      "startedAt" in change
        ? { shiftStartedAt: change.startedAt, shiftEndedAt: null }
        : { shiftEndedAt: change.endedAt },
    )
    .where(eq(couriers.id, courierId))
    .returning();
  return row as CourierRow;
}

/** Where the courier's app says they are. */
export async function setCourierPosition(
  db: Database,
  courierId: number,
  position: { latitude: number; longitude: number; at: Date },
): Promise<void> {
  await db
    .update(couriers)
    .set({ latitude: position.latitude, longitude: position.longitude, locatedAt: position.at })
    .where(eq(couriers.id, courierId));
}
