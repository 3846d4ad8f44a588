import { isActiveOrderStatus } from "@storefront/domain";
import { ORDER_STATUSES, type Order } from "@storefront/domain/contract";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type OrderRow, toOrders } from "./orders.ts";

const ACTIVE = ORDER_STATUSES.filter((status) => isActiveOrderStatus(status));
const FINAL = ORDER_STATUSES.filter((status) => !isActiveOrderStatus(status));

export function orderNotFound(orderId: number): AppError {
  return new AppError(404, "OrderNotFoundException", `Order ${orderId} not found`);
}

export interface CustomerScope {
  partnerId: number;
  userId: number;
}

/** One of the customer's own orders of this partner; anyone else's is as unknown as none (404). */
export async function findCustomerOrder(
  db: Database,
  scope: CustomerScope,
  orderId: number,
): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, orderId), eq(orders.userId, scope.userId), eq(orders.partnerId, scope.partnerId)),
    )
    .limit(1);
  if (!row) throw orderNotFound(orderId);
  return row;
}

function ownOrders(scope: CustomerScope, statuses: readonly string[]) {
  return and(
    eq(orders.userId, scope.userId),
    eq(orders.partnerId, scope.partnerId),
    inArray(orders.status, [...statuses]),
  );
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

/** Every active order of the customer, newest first. */
export async function listActiveOrders(db: Database, scope: CustomerScope, now: Date): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(ownOrders(scope, ACTIVE))
    .orderBy(...newestFirst);
  return toOrders(db, rows, now);
}

/**
 * The customer's active orders and a page of the delivered (final) ones, newest first. Active ones
 * are read first: an order that finishes in between then shows in the delivered page, and is
 * dropped from the active list rather than shown twice.
 */
export async function listCustomerOrders(
  db: Database,
  scope: CustomerScope,
  paging: { page: number; size: number },
  now: Date,
) {
  const { page, size } = paging;
  const active = await db
    .select()
    .from(orders)
    .where(ownOrders(scope, ACTIVE))
    .orderBy(...newestFirst);
  const [delivered, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(ownOrders(scope, FINAL))
      .orderBy(...newestFirst)
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).where(ownOrders(scope, FINAL)),
  ]);
  const deliveredIds = new Set(delivered.map((row) => row.id));
  const described = await toOrders(
    db,
    [...active.filter((row) => !deliveredIds.has(row.id)), ...delivered],
    now,
  );
  const totalElements = total?.n ?? 0;
  return {
    activeOrders: described.filter((order) => !deliveredIds.has(order.id)),
    deliveredOrders: described.filter((order) => deliveredIds.has(order.id)),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}
