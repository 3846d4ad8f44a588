import { isActiveOrderStatus } from "@storefront/domain";
import { ORDER_STATUSES, type Order } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type OrderRow, toOrders } from "./orders.ts";
import { findOrderOfCustomer, listOrdersOfCustomer, pageOrdersOfCustomer } from "./orders-repository.ts";

const ACTIVE = ORDER_STATUSES.filter((status) => isActiveOrderStatus(status));
const FINAL = ORDER_STATUSES.filter((status) => !isActiveOrderStatus(status));

export function orderNotFound(orderId: number): AppError {
  return new AppError(404, "OrderNotFoundException", `Order ${orderId} not found`);
}

export interface CustomerScope {
  partnerId: number;
  userId: number;
}

/** One of the customer's own orders of this partner; anyone else's answers 404, like a missing one. */
export async function findCustomerOrder(
  db: Database,
  scope: CustomerScope,
  orderId: number,
): Promise<OrderRow> {
  const row = await findOrderOfCustomer(db, scope, orderId);
  if (!row) throw orderNotFound(orderId);
  return row;
}

/** Every active order of the customer, newest first. */
export async function listActiveOrders(db: Database, scope: CustomerScope, now: Date): Promise<Order[]> {
  const rows = await listOrdersOfCustomer(db, scope, ACTIVE);
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
  const active = await listOrdersOfCustomer(db, scope, ACTIVE);
  const { rows: delivered, total: totalElements } = await pageOrdersOfCustomer(db, scope, FINAL, paging);
  const deliveredIds = new Set(delivered.map((row) => row.id));
  const described = await toOrders(
    db,
    [...active.filter((row) => !deliveredIds.has(row.id)), ...delivered],
    now,
  );
  return {
    activeOrders: described.filter((order) => !deliveredIds.has(order.id)),
    deliveredOrders: described.filter((order) => deliveredIds.has(order.id)),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}
