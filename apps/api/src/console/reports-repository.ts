import type { OrderStatusName } from "@storefront/domain";
import { and, eq, gte, inArray, lt, ne, sum } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderRefunds, orderStatusChanges, orders, reviews } from "../db/schema.ts";

/**
 * The partner's orders of a city placed in [from, until): placed ones only (an online order whose
 * payment never went through stays CREATED and is left out).
 */
export async function listPlacedCityOrders(
  db: Database,
  input: { partnerId: number; localityId: number; from: Date; until: Date },
) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, input.partnerId),
        eq(orders.localityId, input.localityId),
        gte(orders.createdAt, input.from),
        lt(orders.createdAt, input.until),
        ne(orders.status, "CREATED"),
      ),
    );
}

/** The moves of these orders into any of these statuses. */
export async function listStatusChangesInto(db: Database, orderIds: number[], statuses: OrderStatusName[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderStatusChanges)
    .where(and(inArray(orderStatusChanges.orderId, orderIds), inArray(orderStatusChanges.status, statuses)));
}

/** The reviews of these orders. */
export async function listReviewsOfOrders(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(reviews).where(inArray(reviews.orderId, orderIds));
}

/** What was given back of each of these orders by partial refunds (minor units). */
export async function listRefundedOfOrders(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderRefunds.orderId, refunded: sum(orderRefunds.amount) })
    .from(orderRefunds)
    .where(and(inArray(orderRefunds.orderId, orderIds), eq(orderRefunds.status, "SUCCEEDED")))
    .groupBy(orderRefunds.orderId);
}
