import {
  canChangeOrderStatus,
  endedUndelivered,
  type OrderActor,
  type OrderStatusName,
} from "@storefront/domain";
import type { MessageSender } from "../accounts/messages.ts";
import { grantReferralBonus } from "../accounts/referrals.ts";
import { idleSessionCutoff } from "../accounts/sessions.ts";
import { releasePromoCode } from "../carts/promo-codes.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { refreshArrivalWindow } from "./arrival.ts";
import type { OrderEvents } from "./order-events.ts";
import { isPreorder, type OrderRow } from "./orders.ts";
import { findLiveDeviceTokens, lockOrder, recordOrderStatus } from "./orders-repository.ts";

export function statusTransitionError(message: string): AppError {
  return new AppError(400, "OrderStatusTransitionException", message);
}

/**
 * Moves an order to a new status when the actor may make that move from its current status
 * (else 400 OrderStatusTransitionException), records the change with its time and actor, tells the
 * tracking sockets (and the new arrival window) and sends a push message to the customer's registered
 * devices.
 */
export async function changeOrderStatus(
  deps: { db: Database; events: OrderEvents; sender: MessageSender },
  input: {
    orderId: number;
    to: OrderStatusName;
    actor: OrderActor;
    now: Date;
    message?: string;
    /** A console move: who made it, why (a decline or cancellation), and the kitchen's time (accept). */
    staff?: { id: number; note?: string | undefined; preparationMinutes?: number | undefined };
    /** Checks the locked order before the move (a refusal throws). */
    check?: (order: OrderRow) => void;
    /** Runs in the move's transaction with the order before and after it (the console's audit log). */
    inside?: (tx: Database, before: OrderRow, after: OrderRow) => Promise<void>;
  },
): Promise<OrderRow> {
  const { db } = deps;
  const changed = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw new AppError(404, "OrderNotFoundException", `Order ${input.orderId} not found`);
    input.check?.(order as OrderRow);
    const from = order.status as OrderStatusName;
    if (!canChangeOrderStatus(from, input.to, input.actor, { preorder: isPreorder(order as OrderRow) }))
      throw statusTransitionError(
        input.message ?? `An order in ${from} cannot be moved to ${input.to} by ${input.actor.toLowerCase()}`,
      );
    const updated = await recordOrderStatus(tx, {
      orderId: order.id,
      to: input.to,
      actor: input.actor,
      now: input.now,
      staff: input.staff,
    });
    // Promotions follow the outcome: a delivered first order earns its referrer's bonus, an
    // undelivered order gives its promo code back.
    if (input.to === "COMPLETED") await grantReferralBonus(tx, updated as OrderRow, input.now);
    if (endedUndelivered(input.to)) await releasePromoCode(tx, order.id);
    await input.inside?.(tx, order as OrderRow, updated as OrderRow);
    return updated as OrderRow;
  });
  await deps.events.publish({
    type: "ORDER_STATUS_UPDATE",
    orderId: changed.id,
    userId: changed.userId,
    status: changed.status,
    actor: input.actor,
    at: input.now.toISOString(),
  });
  await publishToBoard(deps.events, changed);
  await refreshArrivalWindow(deps, changed, input.now);
  await pushStatus(deps, changed, input.now);
  return changed;
}

/**
 * One push message per registered device of the customer (the spec's OrderStatusChangedEvent), on
 * the devices whose session is still live: a device signed out by time hears nothing more.
 */
async function pushStatus(
  deps: { db: Database; sender: MessageSender },
  order: OrderRow,
  now: Date,
): Promise<void> {
  const tokens = await findLiveDeviceTokens(deps.db, {
    userId: order.userId,
    now,
    idleSince: idleSessionCutoff(now),
  });
  for (const token of tokens) {
    await deps.sender.send({
      partnerId: order.partnerId,
      channel: "PUSH",
      to: token,
      subject: "OrderStatusChangedEvent",
      text: JSON.stringify({ type: "OrderStatusChangedEvent", orderID: order.id, status: order.status }),
    });
  }
}

/** Tells the partner's console boards about a placed or moved order. */
export async function publishToBoard(events: OrderEvents, order: OrderRow): Promise<void> {
  await events.publishBoard({
    partnerId: order.partnerId,
    orderId: order.id,
    status: order.status,
    vendorIds: order.snapshot.vendorCarts.map((vendorCart) => vendorCart.vendorId),
  });
}
