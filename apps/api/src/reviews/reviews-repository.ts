import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderStatusChanges, orders, reviews, vendors } from "../db/schema.ts";

export type ReviewRow = typeof reviews.$inferSelect;

/** When the order became COMPLETED, from its status history. */
export async function findCompletionTime(db: Database, orderId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(orderStatusChanges.at) })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.status, "COMPLETED")));
  return row?.at ?? null;
}

export async function listOrderReviews(db: Database, orderId: number): Promise<ReviewRow[]> {
  return db.select().from(reviews).where(eq(reviews.orderId, orderId));
}

/** Stores a review; null when the order already has one of its kind (the unique index says so). */
export async function insertReview(
  tx: Database,
  values: typeof reviews.$inferInsert,
): Promise<ReviewRow | null> {
  const [made] = await tx
    .insert(reviews)
    .values(values)
    .onConflictDoNothing({ target: [reviews.orderId, reviews.kind] })
    .returning();
  return made ?? null;
}

/** The vendors' ratings, locked for the rest of the transaction so that two reviews add up. */
export async function lockVendorRatings(tx: Database, vendorIds: number[]) {
  return tx
    .select({
      id: vendors.id,
      localityId: vendors.localityId,
      rating: vendors.rating,
      ratingsCount: vendors.ratingsCount,
    })
    .from(vendors)
    .where(inArray(vendors.id, vendorIds))
    .for("update");
}

export async function setVendorRating(
  tx: Database,
  vendorId: number,
  rating: { rating: number; ratingsCount: number },
): Promise<void> {
  await tx.update(vendors).set(rating).where(eq(vendors.id, vendorId));
}

/** A page of the customer's reviews of the partner's orders, newest first, and how many in all. */
export async function pageCustomerReviews(
  db: Database,
  scope: { partnerId: number; userId: number },
  paging: { page: number; size: number },
) {
  const own = and(eq(reviews.userId, scope.userId), eq(orders.partnerId, scope.partnerId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, order: { snapshot: orders.snapshot, courierName: orders.courierName } })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .where(own)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ value: count() }).from(reviews).innerJoin(orders, eq(orders.id, reviews.orderId)).where(own),
  ]);
  return { rows, total: total?.value ?? 0 };
}
