import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { courierNotices } from "../db/schema.ts";

/** Tells a courier, once, that a job of theirs was given to another courier. */
export async function noticeReassigned(
  db: Database,
  notice: { courierId: number; orderId: number; at: Date },
): Promise<void> {
  await db.insert(courierNotices).values({ ...notice, kind: "REASSIGNED" });
}

/** The courier's notices not yet seen, oldest first. */
export async function findUnseenNotices(db: Database, courierId: number) {
  return db
    .select()
    .from(courierNotices)
    .where(and(eq(courierNotices.courierId, courierId), isNull(courierNotices.seenAt)))
    .orderBy(asc(courierNotices.at), asc(courierNotices.id));
}

/** The courier has seen the notice; false when it is not theirs. */
export async function markNoticeSeen(
  db: Database,
  input: { courierId: number; noticeId: number; at: Date },
): Promise<boolean> {
  const seen = await db
    .update(courierNotices)
    .set({ seenAt: input.at })
    .where(and(eq(courierNotices.id, input.noticeId), eq(courierNotices.courierId, input.courierId)))
    .returning({ id: courierNotices.id });
  return seen.length > 0;
}
