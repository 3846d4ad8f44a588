import {
  CONSOLE_ORDER_ACTIONS,
  type ConsoleOrderAction,
  consoleOrderActions,
  isActiveOrderStatus,
  mayAssignCourier,
  type OrderStatusName,
  orderActorOf,
  staffMay,
} from "@storefront/domain";
import { type ConsoleOrder, consoleEndpoints, ORDER_STATUSES } from "@storefront/domain/contract";
import { listFailedOrderMessages } from "../accounts/outbox-repository.ts";
import { noticeReassigned } from "../couriers/courier-notices-repository.ts";
import { ordersWithDeliveryProof } from "../couriers/delivery-proofs-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { announceCourier, setCourier } from "../orders/ops.ts";
import type { OrderEvents } from "../orders/order-events.ts";
import { orderNotFound } from "../orders/order-history.ts";
import { changeOrderStatus, type OrderDispatch, type OrderOutcomeDeps } from "../orders/order-outcome.ts";
import { type OrderRow, toOrders } from "../orders/orders.ts";
import { recordAudit } from "./audit-log-repository.ts";
import {
  findOrderOfScope,
  listCustomerContacts,
  listOrderMoves,
  pageScopeOrders,
} from "./console-orders-repository.ts";
import { refundableOf } from "./console-refunds.ts";
import type { ConsoleScope } from "./console-scope.ts";
import { findActiveCourier } from "./couriers-repository.ts";

export type { ConsoleScope } from "./console-scope.ts";

/** Statuses of an order under way that a kitchen or a dispatcher works on (a CREATED one is unpaid). */
const UNDER_WAY = ORDER_STATUSES.filter((status) => status !== "CREATED" && isActiveOrderStatus(status));

export async function findConsoleOrder(
  db: Database,
  scope: ConsoleScope,
  orderId: number,
): Promise<OrderRow> {
  const row = await findOrderOfScope(db, scope, orderId);
  if (!row) throw orderNotFound(orderId);
  return row;
}

export async function listConsoleOrders(
  db: Database,
  scope: ConsoleScope,
  query: {
    vendorId?: number | undefined;
    status?: OrderStatusName | "ACTIVE" | undefined;
    date?: string | undefined;
    page: number;
    size: number;
  },
  now: Date,
) {
  const { page, size } = query;
  const { rows, total: totalElements } = await pageScopeOrders(
    db,
    scope,
    {
      vendorId: query.vendorId,
      // ACTIVE: the orders under way; no status: every placed one.
      status:
        query.status === "ACTIVE"
          ? { in: UNDER_WAY }
          : query.status
            ? { is: query.status }
            : { not: "CREATED" },
      date: query.date,
    },
    { page, size },
  );
  return {
    content: await toConsoleOrders(db, scope, rows, now),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

/** The orders as the console shows them: the customer's JSON plus who ordered, who moved it, and what the member may do. */
export async function toConsoleOrders(
  db: Database,
  scope: ConsoleScope,
  rows: OrderRow[],
  now: Date,
): Promise<ConsoleOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [base, customers, history, refundable, failedMessages] = await Promise.all([
    toOrders(db, rows, now),
    listCustomerContacts(db, [...new Set(rows.map((row) => row.userId))]),
    listOrderMoves(db, ids),
    refundableOf(db, scope, rows),
    listFailedOrderMessages(db, ids),
  ]);
  const photographed = await ordersWithDeliveryProof(db, ids);
  const customerById = new Map(customers.map((customer) => [customer.id, customer]));
  return rows.map((row, index) => {
    const order = base[index] as ConsoleOrder;
    const customer = customerById.get(row.userId);
    const facts = { status: row.status, receiptType: row.receiptType };
    return {
      ...order,
      customer: { name: customer?.name ?? null, phone: customer ? `+${customer.phone}` : "" },
      preparationMinutes: row.preparationMinutes,
      history: history
        .filter((change) => change.orderId === row.id)
        .map((change) => ({
          status: change.status,
          at: change.at.toISOString(),
          actor: change.actor,
          staffName: change.staffName,
          note: change.note,
        })),
      actions: consoleOrderActions(scope.role, facts),
      canAssignCourier: mayAssignCourier(scope.role, facts),
      refundable: refundable.get(row.id) ?? null,
      undeliveredMessages: failedMessages
        .filter((message) => message.orderId === row.id)
        .map((message) => ({
          channel: message.channel,
          at: message.createdAt.toISOString(),
          reason: message.lastError ?? "",
        })),
      wrongHandoverCodes: row.handoverAttempts,
      deliveryPhotoUrl: photographed.has(row.id)
        ? `/api/console${consoleEndpoints.deliveryPhoto(row.id).path}`
        : null,
    };
  });
}

function forbidden(message: string): AppError {
  return new AppError(403, "ForbiddenException", message);
}

function missing(field: string, message: string): AppError {
  return new AppError(400, "ValidationException", `${field} is required`, { details: [{ field, message }] });
}

/**
 * A console move: the member's role must cover the action and the status rules allow it from the
 * order's status now (checked on the locked order, so two members pressing at once move it once).
 * Accepting needs the kitchen's time, declining and cancelling a reason; an order that ends
 * undelivered gives back its online payment.
 */
export async function moveConsoleOrder(
  deps: OrderOutcomeDeps,
  input: {
    scope: ConsoleScope;
    orderId: number;
    action: ConsoleOrderAction;
    preparationMinutes?: number | undefined;
    reason?: string | undefined;
    now: Date;
  },
): Promise<OrderRow> {
  const { scope, action } = input;
  if (!staffMay(scope.role, "orders.kitchen") && !staffMay(scope.role, "orders.delivery"))
    throw forbidden("This role does not move orders");
  if (action === "accept" && input.preparationMinutes === undefined)
    throw missing("preparationMinutes", "say how long the kitchen needs");
  if ((action === "decline" || action === "cancel") && !input.reason)
    throw missing("reason", "say why, for the customer and the records");
  const order = await findConsoleOrder(deps.db, scope, input.orderId);
  const to = CONSOLE_ORDER_ACTIONS[action];
  const moved = await changeOrderStatus(deps, {
    orderId: order.id,
    to,
    actor: orderActorOf(scope.role),
    now: input.now,
    staff: {
      id: scope.staffId,
      note: action === "decline" || action === "cancel" ? input.reason : undefined,
      preparationMinutes: action === "accept" ? input.preparationMinutes : undefined,
    },
    console: { member: { ...auditActor(scope), role: scope.role }, action, reason: input.reason },
  });
  return moved.order;
}

/**
 * A dispatcher names a courier of the partner's list for a delivery order, or gives it to another
 * one: automatic dispatch's offers of it are withdrawn.
 */
export async function assignConsoleCourier(
  deps: { db: Database; events: OrderEvents; dispatch: OrderDispatch },
  input: { scope: ConsoleScope; orderId: number; courierId: number; now: Date },
): Promise<OrderRow> {
  const { scope } = input;
  if (!staffMay(scope.role, "orders.delivery")) throw forbidden("This role does not assign couriers");
  const order = await findConsoleOrder(deps.db, scope, input.orderId);
  const courier = await findActiveCourier(deps.db, scope.partnerId, input.courierId);
  if (!courier)
    throw new AppError(400, "ValidationException", "Unknown courier", {
      details: [{ field: "courierId", message: "not an active courier of this partner" }],
    });
  // The courier and the log of it in one transaction; the customer and the boards hear once it holds.
  const named = await deps.db.transaction(async (tx) => {
    const row = await setCourier(tx, { order, courier, now: input.now });
    // The courier it is taken from hears of it in their app.
    if (order.courierId !== null && order.courierId !== courier.id)
      await noticeReassigned(tx, { courierId: order.courierId, orderId: order.id, at: input.now });
    await recordAudit(tx, auditActor(scope), {
      action: "order.courier",
      entity: "order",
      entityId: row.id,
      before: { courier: order.courierName },
      after: { courier: row.courierName },
      at: input.now,
    });
    return row;
  });
  await announceCourier(deps.events, named);
  if (order.courierId !== null && order.courierId !== courier.id)
    await deps.events.publishCourier({ courierId: order.courierId });
  await deps.dispatch.orderMoved(named, input.now);
  return named;
}

function auditActor(scope: ConsoleScope) {
  return { partnerId: scope.partnerId, staffId: scope.staffId, staffName: scope.staffName };
}
