import { canChangeOrderStatus, type OrderActor, type OrderStatusName } from "./order-status.ts";

/**
 * The partner's staff in the console. OWNER and MANAGER run the whole partner (the owner also reads
 * the audit log and manages staff); VENDOR_STAFF work for one or more vendors; a DISPATCHER runs the
 * orders and couriers of the whole partner.
 */
export const STAFF_ROLES = ["OWNER", "MANAGER", "VENDOR_STAFF", "DISPATCHER"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What a console page or call needs. */
export type StaffPermission =
  | "orders.read"
  | "orders.kitchen"
  | "orders.delivery"
  | "orders.refund"
  | "couriers.manage"
  | "menus.edit"
  | "vendors.edit"
  | "promotions.edit"
  | "zones.edit"
  | "staff.manage"
  | "audit.read"
  | "brand.edit"
  | "reports.read";

const PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  OWNER: [
    "orders.read",
    "orders.kitchen",
    "orders.delivery",
    "orders.refund",
    "couriers.manage",
    "menus.edit",
    "vendors.edit",
    "promotions.edit",
    "zones.edit",
    "staff.manage",
    "audit.read",
    "brand.edit",
    "reports.read",
  ],
  MANAGER: [
    "orders.read",
    "orders.kitchen",
    "orders.delivery",
    "orders.refund",
    "couriers.manage",
    "menus.edit",
    "vendors.edit",
    "promotions.edit",
    "zones.edit",
    "brand.edit",
    "reports.read",
  ],
  VENDOR_STAFF: ["orders.read", "orders.kitchen", "menus.edit", "vendors.edit"],
  DISPATCHER: ["orders.read", "orders.delivery", "couriers.manage"],
};

/** Everything a role may do. */
export function permissionsOf(role: StaffRole): readonly StaffPermission[] {
  return PERMISSIONS[role];
}

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return PERMISSIONS[role].includes(permission);
}

/** Whether a role sees every vendor of its partner, or only the vendors it is given. */
export function seesWholePartner(role: StaffRole): boolean {
  return role !== "VENDOR_STAFF";
}

/**
 * The actor a staff member moves an order as, under the order status rules: vendor staff as the
 * vendor, everyone else as dispatch (who may make the vendor's and the courier's moves too).
 */
export function orderActorOf(role: StaffRole): OrderActor {
  return role === "VENDOR_STAFF" ? "VENDOR" : "DISPATCH";
}

/** The console's status moves: an action's name and the status it moves the order to. */
export const CONSOLE_ORDER_ACTIONS = {
  accept: "APPROVED",
  decline: "DECLINED",
  preparing: "PREPARING",
  ready: "READY",
  "on-delivery": "ON_DELIVERY",
  arrived: "ARRIVED",
  complete: "COMPLETED",
  cancel: "CANCELLED",
} as const satisfies Record<string, OrderStatusName>;
export type ConsoleOrderAction = keyof typeof CONSOLE_ORDER_ACTIONS;

/** The moves a kitchen makes; the others are the delivery's (a dispatcher's). */
const KITCHEN_ACTIONS: readonly ConsoleOrderAction[] = ["accept", "decline", "preparing", "ready"];

/**
 * The actions a staff member may take on an order in this status now: those the status rules allow
 * their actor, among those their role covers. A takeaway order is completed at the counter by the
 * kitchen; a delivery's last steps are the dispatcher's.
 */
export function consoleOrderActions(
  role: StaffRole,
  order: { status: OrderStatusName; receiptType: "DELIVERY" | "TAKEAWAY" },
): ConsoleOrderAction[] {
  const actor = orderActorOf(role);
  return (Object.keys(CONSOLE_ORDER_ACTIONS) as ConsoleOrderAction[]).filter((action) => {
    const to = CONSOLE_ORDER_ACTIONS[action];
    if (!canChangeOrderStatus(order.status, to, actor)) return false;
    // A delivery order is completed once it has arrived; a takeaway order is never on its way.
    if (order.receiptType === "DELIVERY" && action === "complete" && order.status !== "ARRIVED") return false;
    if (order.receiptType === "TAKEAWAY" && action === "on-delivery") return false;
    const kitchen =
      KITCHEN_ACTIONS.includes(action) || (action === "complete" && order.receiptType === "TAKEAWAY");
    // Who may cancel when is the status rules' alone (a kitchen until it has cooked, dispatch later).
    if (action === "cancel") return true;
    return staffMay(role, kitchen ? "orders.kitchen" : "orders.delivery");
  });
}

/** A courier is named for a paid, active delivery order, by those who run deliveries. */
export function mayAssignCourier(
  role: StaffRole,
  order: { status: OrderStatusName; receiptType: "DELIVERY" | "TAKEAWAY" },
): boolean {
  return (
    staffMay(role, "orders.delivery") &&
    order.receiptType === "DELIVERY" &&
    ["WAITING_APPROVAL", "APPROVED", "PREPARING", "READY", "ON_DELIVERY", "ARRIVED"].includes(order.status)
  );
}

/** Preparation times a vendor may promise when accepting, in minutes. */
export const PREPARATION_MINUTES = { min: 5, max: 180 } as const;

/** Staff passwords: long enough to resist guessing, short enough to type at a counter. */
export const STAFF_PASSWORD_LENGTH = { min: 10, max: 200 } as const;
