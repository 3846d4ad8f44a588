/**
 * Order statuses and who may move an order between them. The spec names the statuses and leaves
 * the transitions open; these are ours (docs/decisions/0037-orders-statuses-and-who-moves-them.md):
 * CANCELED is the customer's cancellation before the vendor accepts, CANCELLED the vendor's or
 * dispatch's after it.
 */
export const ORDER_STATUSES = [
  "CREATED",
  "WAITING_APPROVAL",
  "APPROVED",
  "PREPARING",
  "ON_DELIVERY",
  "ARRIVED",
  "READY",
  "COMPLETED",
  "DECLINED",
  "CANCELED",
  "CANCELLED",
] as const;

/** One of the statuses above: the contract's `orderStatusSchema` and the database's enum list these. */
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** Who moves an order: the customer, the platform itself (payments), the vendor, the courier, dispatch. */
export type OrderActor = "CUSTOMER" | "SYSTEM" | "VENDOR" | "COURIER" | "DISPATCH";

const FINAL: ReadonlySet<OrderStatusName> = new Set(["COMPLETED", "DECLINED", "CANCELED", "CANCELLED"]);

/** Allowed moves: from → to → the actors who may make them. */
const TRANSITIONS: Partial<Record<OrderStatusName, Partial<Record<OrderStatusName, readonly OrderActor[]>>>> =
  {
    CREATED: { WAITING_APPROVAL: ["SYSTEM"], CANCELED: ["CUSTOMER", "SYSTEM"] },
    WAITING_APPROVAL: {
      APPROVED: ["VENDOR", "DISPATCH"],
      DECLINED: ["VENDOR", "DISPATCH"],
      CANCELED: ["CUSTOMER"],
    },
    APPROVED: { PREPARING: ["VENDOR", "DISPATCH"], CANCELLED: ["VENDOR", "DISPATCH"] },
    PREPARING: { READY: ["VENDOR", "DISPATCH"], CANCELLED: ["VENDOR", "DISPATCH"] },
    READY: {
      ON_DELIVERY: ["COURIER", "DISPATCH"],
      // A takeaway order is handed over at the counter.
      COMPLETED: ["VENDOR", "DISPATCH"],
      CANCELLED: ["DISPATCH"],
    },
    ON_DELIVERY: { ARRIVED: ["COURIER", "DISPATCH"], CANCELLED: ["DISPATCH"] },
    ARRIVED: { COMPLETED: ["COURIER", "DISPATCH"], CANCELLED: ["DISPATCH"] },
  };

/**
 * Whether the actor may move an order from one status to another. A preorder the kitchen has
 * accepted but not started (APPROVED, for a time to come) is still the customer's to cancel: the
 * kitchen has cooked nothing yet
 * (docs/decisions/0112-a-preorder-reads-as-scheduled-until-its-kitchen-starts-it.md).
 */
export function canChangeOrderStatus(
  from: OrderStatusName,
  to: OrderStatusName,
  actor: OrderActor,
  order: { preorder: boolean } = { preorder: false },
): boolean {
  if (from === "APPROVED" && to === "CANCELED" && actor === "CUSTOMER") return order.preorder;
  return TRANSITIONS[from]?.[to]?.includes(actor) ?? false;
}

/** Where an order can go next, and by whom. */
export function nextOrderStatuses(
  from: OrderStatusName,
): Array<{ to: OrderStatusName; actors: readonly OrderActor[] }> {
  return Object.entries(TRANSITIONS[from] ?? {}).map(([to, actors]) => ({
    to: to as OrderStatusName,
    actors: actors as readonly OrderActor[],
  }));
}

/** Active: not declined, canceled, cancelled or completed. */
export function isActiveOrderStatus(status: OrderStatusName): boolean {
  return !FINAL.has(status);
}

/** The ends of an order that was not delivered: declined, or cancelled by anyone. */
export const UNDELIVERED_ORDER_STATUSES: readonly OrderStatusName[] = ["DECLINED", "CANCELED", "CANCELLED"];

export function endedUndelivered(status: OrderStatusName): boolean {
  return UNDELIVERED_ORDER_STATUSES.includes(status);
}

/** The customer may cancel until the vendor has taken the order, and a preorder until the kitchen starts it. */
export function customerMayCancel(
  status: OrderStatusName,
  order: { preorder: boolean } = { preorder: false },
): boolean {
  return canChangeOrderStatus(status, "CANCELED", "CUSTOMER", order);
}

/**
 * A preorder the kitchen has accepted and not started yet: it reads as scheduled for its time, not
 * as preparing, until the kitchen starts cooking it by its slot.
 */
export function isScheduledOrder(order: { status: OrderStatusName; preorder: boolean }): boolean {
  return order.preorder && order.status === "APPROVED";
}

/** The status a customer reads: APPROVED as preparing, an accepted preorder as scheduled. */
export function shownOrderStatus(order: {
  status: OrderStatusName;
  preorder: boolean;
}): OrderStatusName | "SCHEDULED" {
  return isScheduledOrder(order) ? "SCHEDULED" : displayedOrderStatus(order.status);
}

/** The order page a status opens: payment for CREATED, status while active, details when final. */
export function orderPageFor(status: OrderStatusName): "payment" | "status" | "details" {
  if (status === "CREATED") return "payment";
  return FINAL.has(status) ? "details" : "status";
}

/** APPROVED and PREPARING both show as preparing. */
export function displayedOrderStatus(status: OrderStatusName): OrderStatusName {
  return status === "APPROVED" ? "PREPARING" : status;
}

/** Reviews are open for a COMPLETED order for 48 hours after it was completed. */
export const REVIEW_WINDOW_HOURS = 48;
export function canReviewOrder(status: OrderStatusName, completedAt: Date | null, now: Date): boolean {
  if (status !== "COMPLETED" || !completedAt) return false;
  return now.getTime() - completedAt.getTime() <= REVIEW_WINDOW_HOURS * 3600_000;
}

/**
 * Where a tapped push message leads (event type OrderStatusChangedEvent): the details of an order
 * that ended — CANCELED, CANCELLED, DECLINED or COMPLETED — and its status page otherwise. The spec
 * names CANCELLED, DECLINED and COMPLETED; CANCELED, the customer's own cancellation, is final too.
 */
export function pushTapPage(event: { type?: unknown; orderID?: unknown; status?: unknown }): {
  orderId: number;
  page: "details" | "status";
} | null {
  if (event.type !== "OrderStatusChangedEvent") return null;
  const orderId = Number(event.orderID);
  if (!Number.isInteger(orderId) || orderId <= 0) return null;
  const final = ["CANCELED", "CANCELLED", "DECLINED", "COMPLETED"].includes(String(event.status));
  return { orderId, page: final ? "details" : "status" };
}
