import {
  CONSOLE_ORDER_ACTIONS,
  COURIER_JOB_STATUSES,
  canChangeOrderStatus,
  type OrderStatusName,
} from "@storefront/domain";
import { type ErrorName, ORDER_STATUSES } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { refreshArrivalWindow } from "./arrival.ts";
import type { OpsKey, OpsRole } from "./ops-keys.ts";
import type { OrderEvents } from "./order-events.ts";
import { orderNotFound } from "./order-history.ts";
import {
  changeOrderStatus,
  type OrderDispatch,
  type OrderOutcomeDeps,
  publishToBoard,
} from "./order-outcome.ts";
import { type OrderRow, toOrders } from "./orders.ts";
import {
  findOrderOfKey,
  pageOrdersOfKey,
  setCourierLocation,
  setDeliveryCourier,
} from "./orders-repository.ts";

/** The ops API's status moves are the console's: the path's last word and the status it moves to. */
export const OPS_ACTIONS = CONSOLE_ORDER_ACTIONS;

/** Roles that may ever move an order to the status (from some status), for the 403 and the docs. */
export function rolesMovingTo(to: OrderStatusName): OpsRole[] {
  return (["VENDOR", "COURIER", "DISPATCH"] as const).filter((role) =>
    ORDER_STATUSES.some((from) => canChangeOrderStatus(from, to, role)),
  );
}

/** Couriers are found for delivery orders once paid and until they end; located only on the way. */
const COURIER_STATUSES = COURIER_JOB_STATUSES;
const LOCATED_STATUSES: OrderStatusName[] = ["ON_DELIVERY", "ARRIVED"];
const COURIER_ROLES: OpsRole[] = ["COURIER", "DISPATCH"];

function forbidden(key: OpsKey, what: string): AppError {
  return new AppError(403, "ForbiddenException", `A ${key.role.toLowerCase()} key cannot ${what}`);
}

export async function findOpsOrder(db: Database, key: OpsKey, orderId: number): Promise<OrderRow> {
  const row = await findOrderOfKey(db, key, orderId);
  if (!row) throw orderNotFound(orderId);
  return row;
}

/** The key's orders, newest first, optionally of one status. */
export async function listOpsOrders(
  db: Database,
  key: OpsKey,
  query: { status?: OrderStatusName | undefined; page: number; size: number },
  now: Date,
) {
  const { page, size } = query;
  const { rows, total: totalElements } = await pageOrdersOfKey(db, key, query);
  return {
    content: await toOrders(db, rows, now),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

/**
 * Moves an order for the key's holder, who acts in the key's role. An order that ends undelivered
 * gives back its online payment.
 */
export async function moveOpsOrder(
  deps: OrderOutcomeDeps,
  input: { key: OpsKey; orderId: number; to: OrderStatusName; now: Date },
): Promise<OrderRow> {
  const { key, to } = input;
  if (!rolesMovingTo(to).includes(key.role)) throw forbidden(key, `move an order to ${to}`);
  const order = await findOpsOrder(deps.db, key, input.orderId);
  return (await changeOrderStatus(deps, { orderId: order.id, to, actor: key.role, now: input.now })).order;
}

function notInStatus(type: ErrorName, message: string): AppError {
  return new AppError(400, type, message);
}

/** Names the order's courier and tells the customer (COURIER_FOUND); automatic dispatch's offers of it are withdrawn. */
export async function assignCourier(
  deps: { db: Database; events: OrderEvents; dispatch: OrderDispatch },
  input: { key: OpsKey; orderId: number; courier: { name: string; phone: string }; now: Date },
): Promise<OrderRow> {
  const { key } = input;
  if (!COURIER_ROLES.includes(key.role)) throw forbidden(key, "assign a courier");
  const order = await findOpsOrder(deps.db, key, input.orderId);
  const named = await setCourier(deps.db, { order, courier: { ...input.courier, id: null }, now: input.now });
  await announceCourier(deps.events, named);
  await deps.dispatch.orderMoved(named, input.now);
  return named;
}

/**
 * The courier written on a paid, active delivery order (else 400 CourierNotAssignableException);
 * nobody is told yet (announceCourier).
 */
export async function setCourier(
  db: Database,
  input: { order: OrderRow; courier: { id: number | null; name: string; phone: string }; now: Date },
): Promise<OrderRow> {
  const { order, courier } = input;
  const updated = await setDeliveryCourier(db, {
    orderId: order.id,
    courier,
    now: input.now,
    whileIn: COURIER_STATUSES,
  });
  if (!updated)
    throw notInStatus(
      "CourierNotAssignableException",
      `A courier is assigned to a paid, active delivery order; this one is ${order.receiptType} ${order.status}`,
    );
  return updated;
}

/** Tells the customer (COURIER_FOUND) and the console's boards who brings the order. */
export async function announceCourier(events: OrderEvents, order: OrderRow): Promise<void> {
  await events.publish({
    type: "COURIER_FOUND",
    orderId: order.id,
    userId: order.userId,
    courierName: order.courierName ?? "",
    courierPhone: order.courierPhone ?? "",
  });
  await publishToBoard(events, order);
}

/**
 * Stores where the courier is and tells the customer (COURIER_LOCATION_UPDATE, and the arrival
 * window when it moves); only on the way.
 */
export async function updateCourierLocation(
  deps: { db: Database; events: OrderEvents },
  input: { key: OpsKey; orderId: number; location: { latitude: number; longitude: number }; now: Date },
): Promise<OrderRow> {
  const { key, location } = input;
  if (!COURIER_ROLES.includes(key.role)) throw forbidden(key, "move a courier");
  const order = await findOpsOrder(deps.db, key, input.orderId);
  const updated = await locateCourier(deps, { order, location, now: input.now });
  if (!updated)
    throw notInStatus(
      "OrderNotOnDeliveryException",
      `The courier's location is followed while the order is ON_DELIVERY or ARRIVED; this one is ${order.status}`,
    );
  return updated;
}

/**
 * The order's courier is here: stored, and told the customer (COURIER_LOCATION_UPDATE, and the
 * arrival window when it moves); null when the order is not on its way (nothing is told).
 */
export async function locateCourier(
  deps: { db: Database; events: OrderEvents },
  input: { order: OrderRow; location: { latitude: number; longitude: number }; now: Date },
): Promise<OrderRow | null> {
  const { location } = input;
  const updated = await setCourierLocation(deps.db, {
    orderId: input.order.id,
    location,
    now: input.now,
    whileIn: LOCATED_STATUSES,
  });
  if (!updated) return null;
  await deps.events.publish({
    type: "COURIER_LOCATION_UPDATE",
    orderId: updated.id,
    userId: updated.userId,
    latitude: location.latitude,
    longitude: location.longitude,
  });
  await refreshArrivalWindow(deps, updated, input.now);
  return updated;
}
