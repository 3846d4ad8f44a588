import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orderStatusChanges, orders, partners } from "../db/schema.ts";
import type { OrderEvent } from "./order-events.ts";

/** Whose an order is and which partner sells it: what decides who may track it. Neither ever changes. */
export interface OrderOwner {
  userId: number;
  partnerCode: string;
}

export async function findOrderOwner(db: Database, orderId: number): Promise<OrderOwner | null> {
  const [found] = await db
    .select({ userId: orders.userId, partnerCode: partners.code })
    .from(orders)
    .innerJoin(partners, eq(partners.id, orders.partnerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return found ?? null;
}

/** What a newly opened tracking socket is told: the courier, where they are, when, and the status. */
export interface TrackedOrder {
  courier: Extract<OrderEvent, { type: "COURIER_FOUND" }> | null;
  location: Extract<OrderEvent, { type: "COURIER_LOCATION_UPDATE" }> | null;
  eta: Extract<OrderEvent, { type: "ETA_UPDATE" }> | null;
  status: Extract<OrderEvent, { type: "ORDER_STATUS_UPDATE" }>;
}

export async function findTrackedOrder(db: Database, orderId: number): Promise<TrackedOrder | null> {
  const [[order], [last]] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
    db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(desc(orderStatusChanges.at), desc(orderStatusChanges.id))
      .limit(1),
  ]);
  if (!order) return null;
  const ids = { orderId: order.id, userId: order.userId };
  return {
    courier: order.courierName
      ? {
          type: "COURIER_FOUND",
          ...ids,
          courierName: order.courierName,
          courierPhone: order.courierPhone ?? "",
        }
      : null,
    location:
      order.courierLatitude !== null && order.courierLongitude !== null
        ? {
            type: "COURIER_LOCATION_UPDATE",
            ...ids,
            latitude: order.courierLatitude,
            longitude: order.courierLongitude,
          }
        : null,
    eta: order.eta ? { type: "ETA_UPDATE", ...ids, eta: order.eta } : null,
    status: {
      type: "ORDER_STATUS_UPDATE",
      ...ids,
      status: order.status,
      actor: last?.actor ?? "SYSTEM",
      at: (last?.at ?? order.updatedAt).toISOString(),
    },
  };
}
