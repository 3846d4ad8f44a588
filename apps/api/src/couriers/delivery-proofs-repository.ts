import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { deliveryProofs } from "../db/schema.ts";

/** The photo of a contactless delivery, kept with the order (once: a retried step keeps the first). */
export async function keepDeliveryProof(
  db: Database,
  proof: { orderId: number; photo: Buffer; takenAt: Date },
): Promise<void> {
  await db.insert(deliveryProofs).values(proof).onConflictDoNothing();
}

/** The photo the courier took at the order's door, or null. */
export async function findDeliveryProof(db: Database, orderId: number) {
  const [proof] = await db.select().from(deliveryProofs).where(eq(deliveryProofs.orderId, orderId));
  return proof ?? null;
}

/** Which of the orders have a photo at the door. */
export async function ordersWithDeliveryProof(db: Database, orderIds: number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: deliveryProofs.orderId })
    .from(deliveryProofs)
    .where(inArray(deliveryProofs.orderId, orderIds));
  return new Set(rows.map((row) => row.orderId));
}
