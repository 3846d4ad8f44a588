import { randomInt } from "node:crypto";
import {
  type ConsoleOrderAction,
  canChangeOrderStatus,
  consoleOrderActions,
  DEFAULT_LOCALE,
  endedUndelivered,
  HANDOVER_CODE_LENGTH,
  localeFromTag,
  type OrderActor,
  type OrderStatusName,
  pushTapPage,
  type StaffRole,
} from "@storefront/domain";
import { earnOrderPoints, returnOrderPoints } from "../accounts/loyalty-points.ts";
import type { MessageOutbox } from "../accounts/message-outbox.ts";
import { grantReferralBonus } from "../accounts/referrals.ts";
import { idleSessionCutoff } from "../accounts/sessions.ts";
import { subscriptionRecipient } from "../accounts/web-push-sender.ts";
import { findLiveWebPushSubscriptions } from "../accounts/web-push-subscriptions-repository.ts";
import { releasePromoCode } from "../carts/promo-codes.ts";
import { type AuditActor, recordAudit } from "../console/audit-log-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { brandPictureUrl } from "../partners/brand-pictures.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import { refreshArrivalWindow } from "./arrival.ts";
import type { OrderEvents } from "./order-events.ts";
import { isPreorder, type OrderRow } from "./orders.ts";
import {
  findLiveDeviceTokens,
  lockOrder,
  markOrderPaidInCash,
  markOrderPaymentRefunded,
  recordOrderStatus,
  setHandoverCode,
} from "./orders-repository.ts";
import { statusPushText } from "./status-push-texts.ts";

/**
 * What an order's outcome asks of payments: the port `payments/` implements (`orderRefunds`) and
 * the services hand over, so `orders/` imports nothing of `payments/`.
 */
export interface OrderPayments {
  /** Gives back every payment taken for the order at its partner's processor; answers whether there was one. */
  refund(order: { id: number; partnerId: number }): Promise<boolean>;
}

/**
 * What an order's outcome asks of automatic dispatch: the port `couriers/` implements
 * (`courierDispatch`), so `orders/` imports nothing of `couriers/`.
 */
export interface OrderDispatch {
  /** The order moved: offered to a courier when it awaits one, its offers withdrawn otherwise. */
  orderMoved(order: OrderRow, now: Date): Promise<void>;
}

/** What applying a status change needs, built once with the services. */
export interface OrderOutcomeDeps {
  db: Database;
  events: OrderEvents;
  /** Where the customer's push messages are queued with the change, and sent after it. */
  outbox: Pick<MessageOutbox, "queue" | "deliver">;
  payments: OrderPayments;
  dispatch: OrderDispatch;
}

/** A move of an order to a new status, by whom and when. */
export interface StatusChange {
  orderId: number;
  to: OrderStatusName;
  actor: OrderActor;
  now: Date;
  /** The refusal's message when the status rules do not allow the move. */
  message?: string;
  /** Who on the staff made the move, why (a decline or cancellation), and the kitchen's time (accept). */
  staff?: { id: number; note?: string | undefined; preparationMinutes?: number | undefined };
  /**
   * A console move: the member's role must cover the action on the order as it is when locked (so
   * two members pressing at once move it once), and the move is written to the partner's audit log.
   */
  console?: {
    member: AuditActor & { role: StaffRole };
    action: ConsoleOrderAction;
    reason?: string | undefined;
  };
  /**
   * The customer pays in cash instead: the order's payment type turns CASH with the move, which is
   * then only made from an online order still waiting for its payment (the card processor out of
   * reach, say). A payment that lands later finds the order no longer waiting and is given back.
   */
  paysInCash?: true;
}

/** The order after the change, and whether an online payment taken for it was given back. */
export interface OrderOutcome {
  order: OrderRow;
  refunded: boolean;
}

export function statusTransitionError(message: string): AppError {
  return new AppError(400, "OrderStatusTransitionException", message);
}

/**
 * The one place an order's status changes, and everything that follows from it, in this order:
 *
 * 1. in one transaction: the move (when the actor may make it from the locked order's status, else
 *    400 OrderStatusTransitionException), its record with time and actor, a console move's audit
 *    entry, the referrer's bonus for a delivered first order, the promo code of an undelivered one,
 *    the customer's push messages queued in the outbox;
 * 2. after the commit: the refund of a paid order that ended undelivered, so that whoever hears of
 *    the change next finds the payment given back;
 * 3. then the news: the tracking sockets, the console boards, the arrival window, the push messages
 *    sent (one that fails is tried again by the outbox's worker), and automatic dispatch (an order
 *    the kitchen accepted is offered to a courier; one that ended has its offers withdrawn).
 */
export async function changeOrderStatus(deps: OrderOutcomeDeps, change: StatusChange): Promise<OrderOutcome> {
  return (await changeOrderStatusAfter(deps, change, async () => true)) as OrderOutcome;
}

/**
 * A status change caused by the caller's own records, written first in the move's transaction: a
 * payment settled commits with the move it causes, so of two reports of one payment (the customer
 * back from the card page, the processor's webhook) the second finds the order already moved.
 * `first` answering false commits what it wrote without a move (null).
 */
export async function changeOrderStatusAfter(
  deps: OrderOutcomeDeps,
  change: StatusChange,
  first: (tx: Database) => Promise<boolean>,
): Promise<OrderOutcome | null> {
  const moved = await deps.db.transaction(async (tx) => {
    if (!(await first(tx))) return null;
    const order = await applyInside(tx, change);
    return { changed: order, pushes: await queueStatusPushes(tx, deps.outbox, order, change.now) };
  });
  if (!moved) return null;
  const { changed, pushes } = moved;
  // The status change holds whatever befalls the refund: its news goes out either way.
  let outcome: OrderOutcome = { order: changed, refunded: false };
  try {
    outcome = await refundIfPaid(deps, changed);
  } finally {
    await announce(deps, outcome.order, change, pushes);
  }
  return outcome;
}

/** Step 1: what commits with the status or not at all. */
async function applyInside(tx: Database, change: StatusChange): Promise<OrderRow> {
  const order = await lockOrder(tx, change.orderId);
  if (!order) throw new AppError(404, "OrderNotFoundException", `Order ${change.orderId} not found`);
  if (change.console) assertConsoleMay(change.console, order);
  if (change.paysInCash) await switchToCash(tx, order, change.now);
  const from = order.status;
  if (!canChangeOrderStatus(from, change.to, change.actor, { preorder: isPreorder(order) }))
    throw statusTransitionError(
      change.message ??
        `An order in ${from} cannot be moved to ${change.to} by ${change.actor.toLowerCase()}`,
    );
  const updated = await recordOrderStatus(tx, {
    orderId: order.id,
    to: change.to,
    actor: change.actor,
    now: change.now,
    staff: change.staff,
  });
  if (change.console)
    await recordConsoleMove(tx, change.console, { before: order, after: updated, at: change.now });
  // Leaving the kitchen: the customer's order page shows the code the courier finishes with.
  const moved =
    change.to === "ON_DELIVERY" ? await setHandoverCode(tx, order.id, newHandoverCode()) : updated;
  // Promotions follow the outcome: a delivered order earns its customer's points and a first one
  // its referrer's bonus; an undelivered order gives its promo code and the points it spent back.
  if (change.to === "COMPLETED") {
    await grantReferralBonus(tx, moved, change.now);
    await earnOrderPoints(tx, moved, change.now);
  }
  if (endedUndelivered(change.to)) {
    await releasePromoCode(tx, order.id);
    await returnOrderPoints(tx, moved, "ALL", change.now);
  }
  return moved;
}

/** A hand-over code: HANDOVER_CODE_LENGTH random digits. */
function newHandoverCode(): string {
  return String(randomInt(0, 10 ** HANDOVER_CODE_LENGTH)).padStart(HANDOVER_CODE_LENGTH, "0");
}

async function switchToCash(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const waitsForPayment =
    order.status === "CREATED" && order.paymentType === "ONLINE" && order.paymentStatus !== "AUTHORIZED";
  if (!waitsForPayment)
    throw statusTransitionError(`Order ${order.id} is no longer waiting for its online payment`);
  await markOrderPaidInCash(tx, order.id, now);
}

function assertConsoleMay(move: NonNullable<StatusChange["console"]>, order: OrderRow): void {
  const { role } = move.member;
  const facts = { status: order.status, receiptType: order.receiptType };
  if (!consoleOrderActions(role, facts).includes(move.action))
    throw statusTransitionError(
      `A ${role.toLowerCase().replace("_", " ")} cannot ${move.action} an order in ${order.status}`,
    );
}

function recordConsoleMove(
  tx: Database,
  move: NonNullable<StatusChange["console"]>,
  input: { before: OrderRow; after: OrderRow; at: Date },
): Promise<void> {
  const { before, after } = input;
  const { partnerId, staffId, staffName } = move.member;
  return recordAudit(
    tx,
    { partnerId, staffId, staffName },
    {
      action: `order.${move.action}`,
      entity: "order",
      entityId: after.id,
      before: { status: before.status },
      after: {
        status: after.status,
        ...(after.preparationMinutes !== before.preparationMinutes
          ? { preparationMinutes: after.preparationMinutes }
          : {}),
        ...(move.reason ? { reason: move.reason } : {}),
      },
      at: input.at,
    },
  );
}

/**
 * Step 2: gives back the online payment of an order that ended undelivered: the order's payment
 * status says so first (once: a second call finds nothing to give back), then payments refund it.
 */
async function refundIfPaid(deps: OrderOutcomeDeps, order: OrderRow): Promise<OrderOutcome> {
  if (!endedUndelivered(order.status)) return { order, refunded: false };
  const refunded = await markOrderPaymentRefunded(deps.db, order.id);
  if (!refunded) return { order, refunded: false };
  await deps.payments.refund(order);
  return { order: refunded, refunded: true };
}

/**
 * Step 3: who hears of the change, once the payment is settled: the customer's tracking sockets,
 * the partner's console boards, the arrival window, the customer's devices, automatic dispatch.
 * Listeners are added here, in this list and nowhere else.
 */
async function announce(
  deps: OrderOutcomeDeps,
  order: OrderRow,
  change: StatusChange,
  pushes: number[],
): Promise<void> {
  await deps.events.publish({
    type: "ORDER_STATUS_UPDATE",
    orderId: order.id,
    userId: order.userId,
    status: order.status,
    actor: change.actor,
    at: change.now.toISOString(),
  });
  await publishToBoard(deps.events, order);
  await refreshArrivalWindow(deps, order, change.now);
  await deps.outbox.deliver(pushes);
  // The move holds whatever befalls dispatch: the leader's next round (seconds away) offers it then.
  await deps.dispatch.orderMoved(order, change.now).catch(() => {});
}

/**
 * One push message per registered device of the customer (the spec's OrderStatusChangedEvent) and
 * one per browser subscribed to web push, on the sessions still live (a device signed out by time
 * hears nothing more), queued in the status change's transaction: the change and its messages
 * commit together. Each says the order's number and status in the customer's language; a web push
 * also names the page a tap opens (the push-tap rule) and the partner's icon, so the browser's worker
 * shows it with nothing to fetch first.
 */
async function queueStatusPushes(
  tx: Database,
  outbox: OrderOutcomeDeps["outbox"],
  order: OrderRow,
  now: Date,
): Promise<number[]> {
  const live = { userId: order.userId, now, idleSince: idleSessionCutoff(now) };
  // One after the other: the transaction has one connection.
  const devices = await findLiveDeviceTokens(tx, live);
  const browsers = await findLiveWebPushSubscriptions(tx, live);
  const partner = browsers.length > 0 ? await findPartnerById(tx, order.partnerId) : null;
  const event = { type: "OrderStatusChangedEvent", orderID: order.id, status: order.status };
  const common = { partnerId: order.partnerId, orderId: order.id, subject: event.type };
  return outbox.queue(tx, [
    ...devices.map((device) => ({
      ...common,
      channel: "PUSH" as const,
      to: device.token,
      ...(device.projectId ? { project: device.projectId } : {}),
      text: JSON.stringify({ ...event, ...statusPushText(device.lang, order) }),
    })),
    ...browsers.map((browser) => ({
      ...common,
      channel: "WEB_PUSH" as const,
      to: subscriptionRecipient(browser.id),
      text: JSON.stringify({
        ...event,
        ...statusPushText(browser.lang, order),
        url: pushTapUrl(browser.lang, order),
        ...(partner ? { icon: brandPictureUrl(partner, "icon-192.png") } : {}),
      }),
    })),
  ]);
}

/** The storefront page a tapped notification opens (the push-tap rule), in the customer's language. */
function pushTapUrl(lang: string | null, order: OrderRow): string {
  const final = pushTapPage({ type: "OrderStatusChangedEvent", orderID: order.id, status: order.status });
  return `/${localeFromTag(lang) ?? DEFAULT_LOCALE}/menu/orders/${order.id}/${final?.page ?? "status"}`;
}

/**
 * Tells the partner's console boards about a placed or moved order, and the app of the courier it is
 * given to (a job moved, ended or newly theirs).
 */
export async function publishToBoard(events: OrderEvents, order: OrderRow): Promise<void> {
  await events.publishBoard({
    partnerId: order.partnerId,
    orderId: order.id,
    status: order.status,
    vendorIds: order.snapshot.vendorCarts.map((vendorCart) => vendorCart.vendorId),
  });
  if (order.courierId !== null) await events.publishCourier({ courierId: order.courierId });
}
